import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { type WireLanguage } from '@/lib/i18n/languages';
import { languageOf, setPageLanguage } from '@/lib/i18n/params';

export type SearchParams = Record<string, string | string[] | undefined>;

/** What a list page reads from its request: its language (a 404 unless it is one), the query and the route's params. */
export interface ListRequest<P extends { locale: string } = { locale: string }> {
  language: WireLanguage;
  query: SearchParams;
  params: P;
}

interface ListRouteProps<P> {
  params: Promise<P>;
  searchParams: Promise<SearchParams>;
}

async function requestOf<P extends { locale: string }>({
  params,
  searchParams,
}: ListRouteProps<P>): Promise<ListRequest<P>> {
  const language = await languageOf(params);
  return { language, query: await searchParams, params: await params };
}

/**
 * The two exports of a list route under `app/[locale]` from its metadata and its page, both given
 * the request read once (`const page = listPage(metadata, Page)`, then `export const
 * generateMetadata = page.generateMetadata; export default page.Page;`). The page renders with the
 * request's language set for next-intl.
 */
export function listPage<P extends { locale: string }>(
  metadata: (request: ListRequest<P>) => Promise<Metadata> | Metadata,
  render: (request: ListRequest<P>) => Promise<ReactNode> | ReactNode,
) {
  return {
    generateMetadata: async (props: ListRouteProps<P>) => metadata(await requestOf(props)),
    Page: async function ListPage(props: ListRouteProps<P>) {
      const request = await requestOf(props);
      setPageLanguage(request.language);
      return render(request);
    },
  };
}

import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '../../i18n/languages';
import { pageMetadata } from '../metadata';
import { route, type RouteId } from '../routes';
import { withQuery } from '../../routing/site';

/**
 * The metadata of a page of the route table: its name as title (after `title`, a filtered or
 * detail page's own name), its description, and its path; `query` keeps the parameters that make
 * a distinct page (a category), never paging or searches.
 */
export async function routePageMetadata(
  locale: Locale,
  id: RouteId,
  description: string,
  extra: { title?: string; query?: Record<string, string | number | undefined> } = {},
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'site.routes' });
  return pageMetadata({
    locale,
    path: withQuery(route(id).path, extra.query ?? {}),
    title: extra.title ? `${extra.title} - ${t(id)}` : t(id),
    description,
  });
}

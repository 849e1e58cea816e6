import type { Metadata } from 'next';
import type { ReactNode } from 'react';

interface ListRouteProps<P> {
  params: Promise<P>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

interface ListRouteModule<P> {
  default: (props: ListRouteProps<P>) => Promise<ReactNode> | ReactNode;
  generateMetadata: (props: ListRouteProps<P>) => Promise<Metadata> | Metadata;
}

const noQuery = Promise.resolve({});

/**
 * A list's twin route (lib/public/first-pages.ts): the list's own page and metadata with no query
 * string. It reads no request data, so Next keeps it in the whole-page cache.
 */
export function firstPageOf<P extends { locale: string }>(list: ListRouteModule<P>) {
  return {
    generateMetadata: ({ params }: { params: Promise<P> }) => list.generateMetadata({ params, searchParams: noQuery }),
    Page: async function FirstPage({ params }: { params: Promise<P> }) {
      return list.default({ params, searchParams: noQuery });
    },
  };
}

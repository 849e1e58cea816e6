import type { Metadata } from 'next';
import type { ReactNode } from 'react';

interface ListRouteProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

interface ListRouteModule {
  default: (props: ListRouteProps) => Promise<ReactNode> | ReactNode;
  generateMetadata: (props: ListRouteProps) => Promise<Metadata> | Metadata;
}

const noQuery = Promise.resolve({});

/**
 * A list's twin route (lib/public/first-pages.ts): the list's own page and metadata with no query
 * string. It reads no request data, so Next keeps it in the whole-page cache.
 */
export function firstPageOf(list: ListRouteModule) {
  return {
    generateMetadata: ({ params }: { params: Promise<{ locale: string }> }) => list.generateMetadata({ params, searchParams: noQuery }),
    Page: async function FirstPage({ params }: { params: Promise<{ locale: string }> }) {
      return list.default({ params, searchParams: noQuery });
    },
  };
}

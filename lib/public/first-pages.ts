/**
 * Lists whose first page is cached whole. A list route reads `?page=` and its filters, so it renders
 * on every request; but most visitors arrive from the menu, with no query string at all. For those,
 * proxy.ts rewrites `/tw/news` to the one twin route `/first-page/news`
 * (`app/[locale]/first-page/[...list]/page.tsx`, components/site/ListPage.tsx), which renders the
 * list's page with no query and is kept by the whole-page cache until the next write, like detail
 * pages. Plain TypeScript, for proxy.ts and server code; client components read twin paths with
 * first-page-twin.ts, which carries no definitions.
 */
import { allResources } from '../content/model/registry';
import { FIRST_PAGE_SEGMENT, twinListPath } from './first-page-twin';
import { findRoute } from './routes';

export { FIRST_PAGE_SEGMENT };

/** The list paths (below the language prefix) that have a twin route: `firstPageCached` in a resource's definition. */
export const firstPageLists: readonly string[] = allResources().flatMap((definition) =>
  definition.public?.firstPageCached ? (findRoute(definition.public.route)?.path ?? []) : [],
);

const lists = new Set(firstPageLists);

/** Whether a request for this path (below the prefix) with no query string goes to the twin route. */
export const hasCachedFirstPage = (path: string): boolean => lists.has(path);

/** The twin route's path of a list's path: `/news` is `/first-page/news`. */
export const firstPagePath = (path: string): string => `/${FIRST_PAGE_SEGMENT}${path}`;

/** The path a visitor sees for a twin route's path: `/first-page/news` is `/news`. */
export const withoutFirstPage = (path: string): string => {
  const list = twinListPath(path);
  return lists.has(list) ? list : path;
};

/** Whether this path (below the prefix) names the twin route of a list, which visitors never should. */
export const isFirstPageTwin = (path: string): boolean => withoutFirstPage(path) !== path;

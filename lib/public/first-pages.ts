/**
 * Lists whose first page is cached whole. A list route reads `?page=` and its filters, so it renders
 * on every request; but most visitors arrive from the menu, with no query string at all. For those,
 * proxy.ts rewrites `/tw/news` to the list's twin route `/news/first-page`
 * (`app/[locale]/news/first-page/page.tsx`, components/site/FirstPage.tsx), which renders the same
 * page with no query and is kept by the whole-page cache until the next write, like detail pages.
 * Plain TypeScript: proxy.ts and client components import it.
 */
import { allResources } from '../content/model/registry';
import { findRoute } from './routes';

export const FIRST_PAGE_SEGMENT = 'first-page';

/** The list paths (below the language prefix) that have a twin route: `firstPageCached` in a resource's definition. */
export const firstPageLists: readonly string[] = allResources().flatMap((definition) =>
  definition.public?.firstPageCached ? (findRoute(definition.public.route)?.path ?? []) : [],
);

const lists = new Set(firstPageLists);
const twin = new RegExp(`/${FIRST_PAGE_SEGMENT}$`);

/** Whether a request for this path (below the prefix) with no query string goes to the twin route. */
export const hasCachedFirstPage = (path: string): boolean => lists.has(path);

/** The path a visitor sees for a twin route's path: `/news/first-page` is `/news`. */
export const withoutFirstPage = (path: string): string => (lists.has(path.replace(twin, '')) ? path.replace(twin, '') : path);

/** Whether this (prefixed or not) path names a twin route itself, which visitors never should. */
export const isFirstPageTwin = (path: string): boolean => twin.test(path) && withoutFirstPage(path) !== path;

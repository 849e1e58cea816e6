/**
 * The address of a list's twin route (lib/public/first-pages.ts), without the site's definitions:
 * client components import this, and the definitions would add the whole content model to every
 * public page's script.
 */
export const FIRST_PAGE_SEGMENT = 'first-page';

const twin = new RegExp(`^/${FIRST_PAGE_SEGMENT}(/.+)$`);

/**
 * The list path a twin route's path stands for (`/first-page/news` is `/news`), else the path as it
 * is. Any path below the segment counts: only the proxy's rewrite of a list with a twin leads there
 * (first-pages.ts `withoutFirstPage` also checks the list).
 */
export const twinListPath = (path: string): string => twin.exec(path)?.[1] ?? path;

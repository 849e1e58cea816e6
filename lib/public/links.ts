/**
 * The addresses of the public site's pages, in one language: next-intl's `getPathname` adds the
 * language prefix (`/tw`, `/en`: lib/i18n/routing.ts), and the pages are named by their route id
 * in the site map (routes.ts), so no component writes a path of its own. Server and client
 * components alike import it; plain server code that must run outside Next (feeds, sitemap, the
 * server's stages) builds its addresses from the same site map with `sitePath` (lib/i18n/languages.ts),
 * over the prefixes next-intl's routing uses.
 */
import { getPathname } from '../i18n/navigation';
import type { Locale } from '../i18n/languages';
import { itemPath, route, type RouteId, type SiteRoute } from './routes';
import { publicRowPath } from './row-links';
import { withQuery } from './urls';

type Query = Parameters<typeof withQuery>[1];

/** A path below the language prefix (`/news/12`, `/qa?type=1#item-3`) with the prefix: `/tw/news/12`. */
export function pathHref(locale: Locale, path: string): string {
  // The query and anchor follow the prefixed path as they are: the home page's `#item-3` is `/tw#item-3`.
  const [, pathname, rest] = /^([^?#]*)(.*)$/s.exec(path)!;
  return getPathname({ href: pathname || '/', locale }) + rest;
}

/**
 * A page of the site map by its id (or the route itself), with its query: `/tw/news?page=2`. A group links to its link
 * override.
 */
export function routeHref(locale: Locale, target: RouteId | SiteRoute, query: Query = {}): string {
  const page = typeof target === 'string' ? route(target) : target;
  return pathHref(locale, withQuery(page.link ?? page.path, query));
}

/** The page of one item below a list route: `detailHref('zh-TW', 'laws', 12)` is `/tw/laws/12`. */
export function detailHref(locale: Locale, id: RouteId, item: string | number, query: Query = {}): string {
  return pathHref(locale, withQuery(itemPath(id, item), query));
}

/** Where the public site shows a row (row-links.ts), in this language. */
export function rowHref(locale: Locale, resource: string, row: Record<string, unknown>): string {
  const path = publicRowPath(resource, row);
  if (path === null) throw new Error(`The public site shows no ${resource} rows`);
  return pathHref(locale, path);
}

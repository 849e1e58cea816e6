/**
 * The addresses of the public site's pages, in one language: `sitePath` (lib/i18n/languages.ts)
 * adds the language prefix (`/tw`, `/en`, the prefixes next-intl's routing uses), and the pages are
 * named by their route id in the site map (routes.ts), so no component writes a path of its own.
 * Not next-intl's navigation: its link is a client component that would bring next-intl's message
 * formatter to every public page.
 */
import { sitePath, toWireLanguage, type Locale } from '../i18n/languages';
import { itemPath, route, type RouteId, type SiteRoute } from './routes';
import { publicRowPath } from './row-links';
import { withQuery } from './urls';

type Query = Parameters<typeof withQuery>[1];

/** A path below the language prefix (`/news/12`, `/qa?type=1#item-3`) with the prefix: `/tw/news/12`. */
export function pathHref(locale: Locale, path: string): string {
  // The query and anchor follow the prefixed path as they are: the home page's `#item-3` is `/tw#item-3`.
  const [, pathname, rest] = /^([^?#]*)(.*)$/s.exec(path)!;
  return sitePath(toWireLanguage(locale), pathname === '/' ? '' : pathname) + rest;
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

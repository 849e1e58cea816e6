/**
 * The addresses of the public site's pages named by their route id in the site map (routes.ts), so
 * no component writes a path of its own; the language prefix and query come from `sitePath`
 * (lib/routing/site.ts). Not next-intl's navigation: its link is a client component that would bring
 * next-intl's message formatter to every public page.
 */
import { type WireLanguage } from '../i18n/languages';
import { sitePath, type Query } from '../routing/site';
import { itemPath, route, type RouteId, type SiteRoute } from './routes';
import { publicRowPath } from './row-links';

/**
 * A page of the site map by its id (or the route itself), with its query: `/tw/news?page=2`. A group links to its link
 * override.
 */
export function routeHref(language: WireLanguage, target: RouteId | SiteRoute, query: Query = {}): string {
  const page = typeof target === 'string' ? route(target) : target;
  return sitePath(language, page.link ?? page.path, query);
}

/** The page of one item below a list route: `detailHref('tw', 'laws', 12)` is `/tw/laws/12`. */
export function detailHref(language: WireLanguage, id: RouteId, item: string | number, query: Query = {}): string {
  return sitePath(language, itemPath(id, item), query);
}

/** Where the public site shows a row (row-links.ts), in this language. */
export function rowHref(language: WireLanguage, resource: string, row: Record<string, unknown>): string {
  const path = publicRowPath(resource, row);
  if (path === null) throw new Error(`The public site shows no ${resource} rows`);
  return sitePath(language, path);
}

/**
 * The public site's addresses: a path below the language prefix (`/news/12`) with the prefix
 * next-intl's routing uses (`/tw`, `/en`: lib/i18n/languages.ts) and a query. Every link, redirect
 * and mailed address of the public site is built here; lib/public/links.ts names pages by their route
 * id in the site map on top of it. Browser-safe: client components and the mail both use it.
 */
import { localePrefixes, locales, toLocale, type WireLanguage } from '../i18n/languages';

/** Query parameters; empty ones (undefined, null, '') are left out. */
export type Query = Record<string, string | number | undefined | null>;

/** Appends search parameters, leaving out empty ones: `withQuery('/tw/news', {page: 2})` is `/tw/news?page=2`. */
export function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  if (!params.size) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${params}`;
}

/**
 * A path of the public site below the language prefix, with the prefix and the query:
 * `sitePath('tw', '/news', {page: 2})` is `/tw/news?page=2`, `sitePath('tw', '/')` is `/tw`. A query
 * or anchor already in `path` follows the prefixed path as it is: `/#item-3` is `/tw#item-3`.
 */
export function sitePath(language: WireLanguage, path = '', query: Query = {}): string {
  const [, pathname, search, hash] = /^([^?#]*)([^#]*)(.*)$/s.exec(path)!;
  const below = pathname === '/' ? '' : pathname;
  return withQuery(`${localePrefixes[toLocale(language)]}${below}${search}`, query) + hash;
}

/** A path whose query starts with a personal link's token (its own encoding kept even when empty). */
export const withToken = (path: string, token: string, query: Query = {}) =>
  withQuery(`${path}?token=${encodeURIComponent(token)}`, query);

/**
 * A path of the public site without its language prefix (`/tw/news/12` is `/news/12`, `/tw` is `/`).
 * The locale's own name counts as a prefix too: Next.js may report a rewritten request's internal
 * path (`/zh-TW/news/12`). A path with neither is returned as it is.
 */
export function pathBelowPrefix(pathname: string): string {
  for (const prefix of [...Object.values(localePrefixes), ...locales.map((locale) => `/${locale}`)]) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length) || '/';
  }
  return pathname;
}

/** A path (of any part: the site, the back office, the API) on an origin without its trailing slash. */
export const absoluteUrl = (origin: string, path: string) => `${origin}${path}`;

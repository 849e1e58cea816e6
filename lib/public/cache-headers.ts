import { CONTENT_KEY, rowKey, sharedCacheControl, sharedMaxAge, SITE_KEY } from '../cache/cache-tier';
import { traits, type ResourceDefinition } from '../content/model/define';
import { windowChanges } from '../content/storage/reads';
import { allResources } from '../content/model/registry';
import { siteRoutes } from './routes';

/**
 * What the cache tier (lib/cache/cache-tier.ts) learns from each public response: how long it may
 * keep it and which surrogate keys name what it shows. The keys come from the address alone, through
 * the site map: a route shows the resources whose `public.route` it is (with the fixed page sections
 * and attachments any such page may carry), a row's page names its row too, and a page that mixes
 * many resources (home, search, site map, fixed pages, feeds, sitemap.xml) names `content`, which
 * every content write purges. Known before rendering, so a page from the app's own whole-page
 * cache carries the same keys as a fresh one.
 */
interface PageKeys {
  keys: string[];
  /** The resources whose publication windows bound how long the page may be kept. */
  resources: readonly ResourceDefinition[];
}

/** The fixed page sections (`fixedPage`), which any page may carry. */
const fixedPageSections = () =>
  allResources()
    .filter((d) => d.fixedPage !== undefined)
    .map((d) => d.name);

const mixed = (): PageKeys => ({ keys: [SITE_KEY, CONTENT_KEY], resources: allResources() });

/**
 * The keys of a public path (no query), or null for what is not a public page (API, back office,
 * uploads…) or not one a cache may keep (a sign-up's manage page, the sign-up form).
 */
export function pageKeys(pathname: string): PageKeys | null {
  if (pathname === '/robots.txt') return { keys: [SITE_KEY], resources: [] };
  if (pathname === '/sitemap.xml' || pathname.startsWith('/feeds/')) return mixed();
  const below = /^\/(?:tw|en)(\/.*)?$/.exec(pathname)?.[1]?.replace(/\/+$/, '');
  if (below === undefined && !/^\/(?:tw|en)$/.test(pathname)) return null;
  const path = below ?? '';
  // A person's own sign-up and the sign-up form (its seats left) are never for a shared cache.
  if (/^\/registration\//.test(path) || /^\/activities\/\d+\/register$/.test(path)) return null;
  // A subscriber's own pages (their token in the query) are nobody else's: never in a shared cache.
  if (/^\/newsletter\/(?:confirm|manage|unsubscribe)$/.test(path)) return null;
  const route = siteRoutes
    .filter((r) => r.page !== false && r.path !== '' && (path === r.path || path.startsWith(`${r.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
  const resources = route ? allResources().filter((d) => d.public?.route === route.id) : [];
  if (!route || resources.length === 0) return mixed();
  const id = /^\/(\d+)$/.exec(path.slice(route.path.length))?.[1];
  const rows =
    id === undefined
      ? []
      : resources.filter((d) => (d.public?.shows ?? 'page') === 'page').map((d) => rowKey(d.name, id));
  return { keys: [SITE_KEY, ...fixedPageSections(), 'uploads', ...resources.map((d) => d.name), ...rows], resources };
}

/**
 * The headers that make a page cacheable by the tier until its keys are purged or its window moves,
 * and that moment (`until`, ms), which also bounds the app's own whole-page cache.
 */
export async function pageCaching(
  page: PageKeys,
  now = Date.now(),
): Promise<{ headers: Record<string, string>; until: number }> {
  const windows = await Promise.all(
    page.resources.filter((d) => traits(d).window).map((d) => windowChanges(d, new Date(now))),
  );
  const times = (pick: 'last' | 'next') => windows.flatMap((w) => (w[pick] ? [w[pick].getTime()] : []));
  const next = times('next');
  const last = times('last');
  const seconds = sharedMaxAge(now, {
    next: next.length ? new Date(Math.min(...next)) : null,
    last: last.length ? new Date(Math.max(...last)) : null,
  });
  const keys = page.keys.join(' ');
  return {
    headers: { 'cache-control': sharedCacheControl(seconds), xkey: keys, 'surrogate-key': keys },
    until: now + seconds * 1000,
  };
}

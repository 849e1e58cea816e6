import { readsAsMember } from '../cache/member-scope';
import { previewGrant } from '../cache/preview-scope';
import { logError } from '../observability/logger';
import { sharedCacheControl } from '../cache/cache-tier';
import { pageCaching, pageKeys } from '../public/cache-headers';
import { sharedSecondsFor } from '../public/cache-policy';
import { isMemberAreaPath } from '../routing/member';
import type { Stage } from './stage';

/**
 * Every GET or HEAD of a public page, draft previews aside, gets the cache tier's headers (lib/public/cache-headers.ts:
 * how long it may be kept, the surrogate keys of what it shows) when its status may be kept
 * (lib/public/cache-policy.ts, which also bounds how long: a page, a 304 refreshing one, a not-found page for a
 * minute): over Next.js's own Cache-Control, and without any cookie, which a shared cache must never hand from one
 * visitor to the next. The stages before learn until when the page may be kept through `exchange.keepUntil`.
 */
export const cacheHeaders: Stage = async (exchange, next) => {
  const { request, path } = exchange;
  // The member area is one member's own, or carries a form's token: never kept by any cache.
  if (isMemberAreaPath(path)) {
    exchange.headHooks.push((_status, response) => response.setHeader('cache-control', 'private, no-store'));
    return next();
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return next();
  const page = pageKeys(path);
  // A draft preview or a Member's page (lib/server/preview.ts, member-reads.ts: they run first) is never shared.
  if (!page || previewGrant() || readsAsMember()) return next();
  let caching: Awaited<ReturnType<typeof pageCaching>>;
  try {
    caching = await pageCaching(page);
  } catch (error) {
    // A lookup failure costs the page its cacheability, never the page itself.
    logError(error, 'cache headers failed');
    return next();
  }
  exchange.keepUntil = caching.until;
  const pageSeconds = Number(/s-maxage=(\d+)/.exec(caching.headers['cache-control'])?.[1] ?? 0);
  exchange.headHooks.push((status, response) => {
    const seconds = sharedSecondsFor(status, pageSeconds);
    // Next.js gives a redirect the page's own shared lifetime (and a year of stale-while-revalidate).
    if (seconds === null && status >= 300 && status < 400) response.setHeader('cache-control', 'no-store');
    if (seconds === null) return;
    for (const [name, value] of Object.entries(caching.headers)) response.setHeader(name, value);
    response.setHeader('cache-control', sharedCacheControl(seconds));
    response.removeHeader('set-cookie');
  });
  return next();
};

import { readsAsMember } from '../cache/member-scope';
import { previewGrant } from '../cache/preview-scope';
import { logError } from '../observability/logger';
import { pageCaching, pageKeys } from '../public/cache-headers';
import { isMemberAreaPath } from '../routing/member';
import type { Stage } from './stage';

/**
 * Every GET or HEAD of a public page, draft previews aside, gets the cache tier's headers (lib/public/cache-headers.ts:
 * how long it may be kept, the surrogate keys of what it shows) when its status may be kept
 * (lib/public/cache-policy.ts, which also bounds how long: a page, a 304 refreshing one, a not-found page for a
 * minute): over Next.js's own Cache-Control, and without any cookie, which a shared cache must never hand from one
 * visitor to the next (lib/server/final-head.ts). The stages before learn until when the page may be kept through
 * `exchange.sharedCaching.until`.
 */
export const cacheHeaders: Stage = async (exchange, next) => {
  const { request, path } = exchange;
  // The member area is one member's own, or carries a form's token: never kept by any cache.
  if (isMemberAreaPath(path)) {
    exchange.privateAnswer ??= {};
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
  const pageSeconds = Number(/s-maxage=(\d+)/.exec(caching.headers['cache-control'])?.[1] ?? 0);
  exchange.sharedCaching = { headers: caching.headers, pageSeconds, until: caching.until };
  return next();
};

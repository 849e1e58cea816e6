import type http from 'node:http';
import { sharedCacheControl } from '../cache/cache-tier';
import { DATABASE_RETRY_AFTER_SECONDS, databaseAway } from '../db/availability';
import { sharedSecondsFor } from '../public/cache-policy';
import type { Exchange } from './stage';

function withoutSurrogateKeys(response: http.ServerResponse): void {
  response.removeHeader('xkey');
  response.removeHeader('surrogate-key');
}

/**
 * The stages' decisions over the head (lib/server/stage.ts), applied once, just before it is sent, over what the
 * application set: by the response stage (lib/server/next/response.ts) and by the API stage, which answers itself.
 * Each step sees the status the steps before left.
 */
export function finalHead({ response, ...decided }: Exchange): void {
  // 1. The server is fine, the database away: the request may be sent again in a moment.
  if (
    decided.databaseAwayWatchedFrom !== undefined &&
    response.statusCode === 500 &&
    databaseAway(decided.databaseAwayWatchedFrom)
  ) {
    response.statusCode = 503;
    response.setHeader('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  }

  // 2. The cache tier's headers on a status it may keep, over Next.js's own, and never a cookie to share.
  if (decided.sharedCaching) {
    const status = response.statusCode;
    const seconds = sharedSecondsFor(status, decided.sharedCaching.pageSeconds);
    // Next.js gives a redirect the page's own shared lifetime (and a year of stale-while-revalidate).
    if (seconds === null && status >= 300 && status < 400) response.setHeader('cache-control', 'no-store');
    if (seconds !== null) {
      for (const [name, value] of Object.entries(decided.sharedCaching.headers)) response.setHeader(name, value);
      response.setHeader('cache-control', sharedCacheControl(seconds));
      response.removeHeader('set-cookie');
    }
  }

  // 3. One visitor's answer: after the shared caching, so a private answer never carries the tier's headers.
  if (decided.privateAnswer) {
    response.setHeader('cache-control', 'private, no-store');
    if (decided.privateAnswer.noindex) response.setHeader('x-robots-tag', 'noindex');
    if (decided.privateAnswer.withoutSurrogateKeys) withoutSurrogateKeys(response);
  }

  // 4. A failure: last, so that no cache keeps it, whatever the steps before said.
  if (decided.errorPage) {
    if (decided.errorPage.answer500) response.statusCode = 500;
    if (decided.errorPage.uncached === 'always' || response.statusCode >= 500) {
      response.setHeader('cache-control', 'no-store');
      withoutSurrogateKeys(response);
    }
  }
}

import { config } from '../config';
import { logger } from '../observability/logger';
import { metrics } from '../observability/metrics';

/**
 * The shared cache tier in front of the app servers (Varnish, deploy/varnish/default.vcl). Public
 * responses tell it how long it may keep them (`s-maxage`) and what they show (`xkey` surrogate
 * keys); every content write purges the keys it touched, so the tier keeps pages long and still
 * never serves one a write has changed.
 */

/** The frame every page shows: menu, footer, the web settings. */
export const SITE_KEY = 'site';
/**
 * Pages whose rows come from many resources (home page, search, site map, feeds, sitemap): every content write purges
 * them.
 */
export const CONTENT_KEY = 'content';
/**
 * The longest the tier keeps a page without a purge: the bound on what changes with no write this
 * process sees (visit counts, a database restored behind the servers' back).
 */
export const SHARED_MAX_AGE_SECONDS = 300;
/**
 * How long after a publication-window change an app server may still answer with the page as it
 * was, from entries it made before it learnt of the change: its whole-page cache (30 s) over its
 * read cache (30 s, served 5 s stale). Until then the tier keeps nothing longer, so a stale answer
 * fetched at the change does not stay.
 */
export const APP_LAG_SECONDS = 65;

/** `key` for a row: `webnews:12`. */
export const rowKey = (resource: string, id: number | string) => `${resource}:${id}`;

/**
 * Seconds the tier may keep a page: SHARED_MAX_AGE_SECONDS, cut to the next publication-window
 * change of what it shows (rounded down, so it expires at the change, never after), and to the end
 * of the app's lag after the last change.
 */
export function sharedMaxAge(now: number, window: { next: Date | null; last: Date | null }): number {
  let seconds = SHARED_MAX_AGE_SECONDS;
  if (window.next && window.next.getTime() > now)
    seconds = Math.min(seconds, Math.floor((window.next.getTime() - now) / 1000));
  if (window.last && window.last.getTime() <= now) {
    const lagEnds = window.last.getTime() + APP_LAG_SECONDS * 1000;
    if (lagEnds > now) seconds = Math.min(seconds, Math.ceil((lagEnds - now) / 1000));
  }
  return Math.max(0, seconds);
}

/**
 * Browsers revalidate every time (`max-age=0`, answered by the tier with a 304 on a matching ETag),
 * so a purge reaches them at once; the tier keeps the page `s-maxage` seconds.
 */
export const sharedCacheControl = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;

const RETRY_DELAYS_MS = [500, 2_000, 8_000];
const TIMEOUT_MS = 5_000;
/** How long a write waits for the tier's first answer before it answers anyway. */
const WAIT_MS = 1_000;

/** One address's purge: `sent` when its first attempt is over, `settled` when it succeeded or retries ran out. */
function purgeOne(
  url: string,
  header: 'xkey' | 'xkey-soft',
  keys: string,
): { sent: Promise<void>; settled: Promise<void> } {
  let firstOver: () => void = () => {};
  const sent = new Promise<void>((resolve) => (firstOver = resolve));
  const settled = (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'PURGE',
          headers: { [header]: keys },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) {
          metrics().cachePurges.inc({ outcome: 'sent' });
          return;
        }
        throw new Error(`status ${response.status}`);
      } catch (error) {
        firstOver();
        const delay = RETRY_DELAYS_MS[attempt];
        const reason = error instanceof Error ? error.message : String(error);
        if (delay === undefined) {
          metrics().cachePurges.inc({ outcome: 'failed' });
          logger().error({ url, keys, reason }, 'cache purge failed');
          return;
        }
        metrics().cachePurges.inc({ outcome: 'retry' });
        logger().warn({ url, keys, reason, attempt: attempt + 1 }, 'cache purge failed, retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  })().finally(firstOver);
  return { sent, settled };
}

export interface Purge {
  /**
   * Every address has answered its first attempt, or WAIT_MS has passed: a write waits for this
   * before it answers, so the page its author opens next is the edited one.
   */
  sent: Promise<void>;
  /** Every address has taken the purge, or its retries ran out (tests wait for this). */
  settled: Promise<void>;
}

/**
 * Sends `PURGE` with an `xkey` header naming `keys` to every CACHE_PURGE_URLS address, retrying a
 * failed one a few times in the background. Never rejects: a write is done when it is committed,
 * and the tier's s-maxage bounds what a lost purge can leave. `soft` sends `xkey-soft` instead: the
 * pages are fetched again, but their grace copies stay for when no app server is healthy
 * (deploy/varnish/default.vcl).
 */
export function purgeKeys(
  keys: readonly string[],
  { urls = config().cachePurgeUrls, soft = false }: { urls?: readonly string[]; soft?: boolean } = {},
): Purge {
  const unique = [...new Set(keys)];
  if (urls.length === 0 || unique.length === 0) return { sent: Promise.resolve(), settled: Promise.resolve() };
  const purges = urls.map((url) => purgeOne(url, soft ? 'xkey-soft' : 'xkey', unique.join(' ')));
  const all = (pick: 'sent' | 'settled') => Promise.all(purges.map((purge) => purge[pick])).then(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_MS)));
  return { sent: Promise.race([all('sent'), waited]).finally(() => clearTimeout(timer)), settled: all('settled') };
}

/** A write the cache tier may hold pages of. */
export interface TierWrite {
  id?: number | string;
  removed?: boolean;
  /**
   * No public page shows the resource (the content layer tells, from its definition: accounts,
   * contact messages), so the tier holds nothing of it.
   */
  unseen?: boolean;
}

let footerDay: string | undefined;

/**
 * The keys a write to `resource` touched: the resource (its lists and pages), the row, and the
 * pages that mix many resources. The frame (`site`) goes with the web settings, and with the first
 * write of a day this process sees or a deletion: the footer's 更新日期 is the day of the latest
 * write, which a deleted row can take back.
 */
export function writtenKeys(resource: string, write: TierWrite = {}, now = new Date()): string[] {
  if (write.unseen) return [];
  if (resource === 'websetting') return [SITE_KEY];
  const keys = [resource, CONTENT_KEY];
  if (write.id !== undefined) keys.push(rowKey(resource, write.id));
  if (resource === 'uploads') return keys;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: config().siteTimeZone }).format(now);
  if (write.removed || day !== footerDay) keys.push(SITE_KEY);
  footerDay = day;
  return keys;
}

import { processSlot } from '../runtime/process-state';
import { contentEpoch } from './content-epoch';
import { SharedLoad } from './shared-load';

/**
 * Site-wide reads that every public page makes (web settings, the footer's counters and update
 * date, the search's synonyms) and visitors' searches (lib/public/site-search.ts), kept until the
 * next content write (the content epoch, lib/cache/content-epoch.ts) or until `ttlMs` passes,
 * whichever comes first. Concurrent misses share one load. For reads that change without a row
 * write of the content storage (visit counters), the TTL is the bound on how old a figure may be.
 *
 * Searches' answers have a store of their own: visitors' words make thousands of keys, which would
 * otherwise push out the few reads every page makes.
 */
interface Entry {
  epoch: number;
  expires: number;
  value: SharedLoad<unknown>;
}

type Store = 'site' | 'searches';
// One per process: pages and API routes are separate bundles that must share one cache.
declare module '../runtime/process-state' {
  interface ProcessSlots {
    siteReads: Record<Store, Map<string, Entry>>;
  }
}
const stores = processSlot('siteReads', () => ({ site: new Map(), searches: new Map() }));

const SITE_READ_TTL_MS = 30_000;
/** Bound on the entries: keys may come from visitors (a search's words); the oldest go first. */
const MAX_SITE_READS = 1_000;

export function cachedSiteRead<T>(
  key: string,
  load: () => Promise<T>,
  ttlMs = SITE_READ_TTL_MS,
  now = Date.now(),
  store: Store = 'site',
): Promise<T> {
  const entries = stores[store];
  const epoch = contentEpoch();
  const hit = entries.get(key);
  if (hit && hit.epoch === epoch && hit.expires > now) return hit.value.get() as Promise<T>;
  const value = load();
  const entry = { epoch, expires: now + ttlMs, value: new SharedLoad(value) };
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > MAX_SITE_READS) entries.delete(entries.keys().next().value!);
  // A failed load is not kept: the next request tries again.
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/** For tests. */
export function clearSiteReads(): void {
  for (const entries of Object.values(stores)) entries.clear();
}

import { bumpContentEpoch } from './content-epoch';

/**
 * A small in-process cache for what anonymous visitors read (lists, rows, searches). Every write
 * to a resource bumps that resource's generation, so the next read misses and sees the change at
 * once. Entries also expire after a short time, because rows scheduled with publishAt/unpublishAt
 * enter and leave the public window with the clock, not with a write. Concurrent misses for the
 * same key share one query: with PGlite, which runs one query at a time, that matters.
 *
 * With several app servers on one PostgreSQL, a server learns of another's writes only when its
 * entries expire (TTL_MS); docs/operations.md says so.
 */
export const TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

interface CacheState {
  generations: Map<string, number>;
  entries: Map<string, Entry>;
  hits: number;
  misses: number;
}

// On globalThis: Next.js bundles API routes and pages separately, and both must see one cache.
const globalState = globalThis as typeof globalThis & { __gonghuiPublicCache?: CacheState };
const state: CacheState = (globalState.__gonghuiPublicCache ??= { generations: new Map(), entries: new Map(), hits: 0, misses: 0 });

export function invalidate(resource: string): void {
  state.generations.set(resource, (state.generations.get(resource) ?? 0) + 1);
  // Whole pages and site-wide reads (lib/cache/page-cache-handler.cjs, site-reads.ts) follow every write.
  bumpContentEpoch();
}

export async function cachedRead<T>(resource: string, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const fullKey = `${resource}@${state.generations.get(resource) ?? 0}|${key}`;
  const hit = state.entries.get(fullKey);
  if (hit && hit.expires > now) {
    state.hits++;
    // Map order is insertion order: re-inserting keeps recently used entries at the end.
    state.entries.delete(fullKey);
    state.entries.set(fullKey, hit);
    return hit.value as Promise<T>;
  }
  state.misses++;
  const value = load();
  state.entries.set(fullKey, { expires: now + TTL_MS, value });
  value.catch(() => state.entries.delete(fullKey));
  if (state.entries.size > MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value as string);
  return value;
}

export function cacheStats() {
  return { hits: state.hits, misses: state.misses, entries: state.entries.size };
}

/** For tests and benchmarks that measure the database itself. */
export function clearPublicCache(): void {
  state.entries.clear();
}

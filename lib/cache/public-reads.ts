import { getHeapStatistics } from 'node:v8';
import { getDb, type Database } from '../db';
import { processSlot } from '../runtime/process-state';
import { keyedLoad, noteLocalGeneration, noteUntil } from '../runtime/read-record';
import { purgeKeys, writtenKeys, type TierWrite } from './cache-tier';
import { bumpContentEpoch } from './content-epoch';
import { storedGeneration } from './generations';
import { readsAsMember } from './member-scope';
import { previewsResource } from './preview-scope';
import { SharedLoad } from './shared-load';

declare module '../runtime/process-state' {
  interface ProcessSlots {
    publicReads: CacheState;
  }
}

/**
 * A small in-process cache of content reads (lists with their exact totals, rows, searches). An
 * entry's key holds the resource's generation, so a write makes the next read miss and see it:
 *
 * - `shared` reads (signed-in, the back office) take the generation the database stores
 *   (lib/cache/generations.ts): one primary-key read per request, bumped by a trigger in every
 *   write's transaction, so a write made on another app server (several may share one
 *   PostgreSQL: docs/operations.md) or by a script is seen by the very next read.
 * - Other reads (anonymous visitors) use this process's own count, bumped by `invalidate` after each
 *   write the process makes, and cost no query on a hit. With several app servers on PostgreSQL,
 *   the others' writes reach `invalidate` too, by NOTIFY (lib/content/jobs/cross-server.ts).
 *
 * Entries also expire after TTL_MS, because rows scheduled with publishAt/unpublishAt enter and
 * leave the public window with the clock, not with a write. Concurrent misses for the same key share
 * one query: with PGlite, which runs one query at a time, that matters. For STALE_MS after expiry a
 * loaded entry is still served while one read refreshes it, so a busy list never makes every
 * visitor wait for its query each time the TTL runs out; after that, a read waits for fresh data.
 */
export const TTL_MS = 30_000;
export const STALE_MS = 5_000;
const MAX_ENTRIES = 5_000;
/** Bound on the bytes of entries that declare theirs (lists' ids, serialized pages of rows); others are small. */
const MAX_BYTES = Math.min(64 * 1024 * 1024, Math.floor(getHeapStatistics().heap_size_limit / 8));

interface Entry {
  expires: number;
  /** Only a loaded value (`value.loaded`) may be served stale. */
  value: SharedLoad<unknown>;
  /** A refresh of this stale entry is running. */
  refreshing?: boolean;
  /** What the loaded value declared it holds (ReadOptions.bytes); 0 for most entries. */
  bytes: number;
  /** It expires at a publication-window change: never served past it, not even while refreshed. */
  exact?: boolean;
  /** A visitor's read: it follows the public window (signed-in reads see every row whatever its window). */
  windowed: boolean;
}

interface CacheState {
  generations: Map<string, number>;
  entries: Map<string, Entry>;
  /** The keys of each resource's entries: a write drops them all at once. */
  keysOf: Map<string, Set<string>>;
  /** When each resource's rows next enter or leave the public window (noteWindowChange). */
  windows: Map<string, number>;
  /** The sum of the entries' `bytes`. */
  bytes: number;
  hits: number;
  misses: number;
  /** The database the entries came from: tests and tools may switch databases in one process. */
  database?: Database;
}

// One per process: Next.js bundles API routes and pages separately, and both must see one cache.
const state: CacheState = processSlot('publicReads', () => ({
  generations: new Map(),
  entries: new Map(),
  keysOf: new Map(),
  windows: new Map(),
  bytes: 0,
  hits: 0,
  misses: 0,
}));

/**
 * The next moment a row of `resource` enters or leaves the public window (lib/content/storage/window-changes.ts),
 * as read at the resource's local `generation`: visitors' entries of it expire then, those made from
 * now on and those made before it was known (after a write, a list may be read before its window),
 * so a scheduled row shows at its time rather than up to a TTL later. What was read before the
 * latest write may be out of date and is not noted.
 */
export function noteWindowChange(resource: string, next: number | undefined, generation: number): void {
  if (generation !== localGeneration(resource) || state.windows.get(resource) === next) return;
  if (next === undefined) {
    state.windows.delete(resource);
    return;
  }
  state.windows.set(resource, next);
  for (const key of state.keysOf.get(resource) ?? []) {
    const entry = state.entries.get(key);
    if (entry?.windowed && entry.expires > next) {
      entry.expires = next;
      entry.exact = true;
    }
  }
}

/** The first moment after `after` at which any resource's rows enter or leave the public window, if one is known. */
export function nextWindowChange(after: number): number | undefined {
  let first: number | undefined;
  for (const at of state.windows.values()) if (at > after && (first === undefined || at < first)) first = at;
  return first;
}

/**
 * A write by this process: its own reads miss from now on (shared reads see the stored generation as
 * well). The resource's entries are keyed by the old generation and can never be read again, so
 * they go now rather than when the least recently used ones are evicted: a busy back office would
 * otherwise fill the cache with dead entries. The cache tier in front (lib/cache/cache-tier.ts) is
 * purged of the keys the write touched; this runs after the write's commit, and on every server
 * after the others' writes too, so a page fetched from a server that had not yet heard of the
 * write is purged again once it has. The promise is the tier's first answer (cache-tier.ts `Purge`):
 * a writer awaits it before answering.
 */
export function invalidate(resource: string, write: TierWrite & { id?: number } = {}): Promise<void> {
  state.generations.set(resource, (state.generations.get(resource) ?? 0) + 1);
  for (const key of state.keysOf.get(resource) ?? []) drop(key);
  // The write may have moved the window: it is read again (noteWindowChange).
  state.windows.delete(resource);
  // Whole pages, visitors' API answers and site-wide reads (lib/server/stored-pages.ts, api-answers.ts,
  // site-reads.ts) follow every write.
  bumpContentEpoch();
  return purgeKeys(writtenKeys(resource, write)).sent;
}

/** How many writes this process has made to `resource` (what its local cache keys hold). */
export function localGeneration(resource: string): number {
  return state.generations.get(resource) ?? 0;
}

export interface ReadOptions<T = unknown> {
  /**
   * Key by the generation the database stores, so writes by any server or script are seen at once;
   * a number is that generation, already read (one lookup serves several reads of one request).
   */
  shared?: boolean | number;
  now?: number;
  /** The memory a loaded value holds, for values that can be large; they are evicted by size too. */
  bytes?: (value: T) => number;
  /**
   * The loaded value is kept serialized, off the collector's heap, and each hit reads a copy of it
   * (lib/cache/shared-load.ts); its bytes are what it holds. For pages of rows.
   */
  serialized?: boolean;
  /**
   * Milliseconds after the read began at which the loaded value stops being true without any write
   * (an edit lock lapsing), or undefined: it is never served past then, not even while refreshed.
   */
  lapsesIn?: (value: T) => number | undefined;
  /**
   * With `shared`: the value depends on the stored rows alone, never on the clock (a signed-in list
   * sees every row whatever its window), so it is kept until a write or eviction, not TTL_MS. A long
   * list's ids, read again every TTL_MS, held PGlite's one connection for a tenth of a second each time.
   */
  timeless?: boolean;
}

export async function cachedRead<T>(
  resource: string,
  key: string,
  load: () => Promise<T>,
  options: ReadOptions<T> = {},
): Promise<T> {
  // A draft preview reads its resource afresh, and what it reads is never kept for others.
  if (previewsResource(resource)) return load();
  const db = await getDb();
  if (state.database !== db) {
    clearPublicCache();
    state.database = db;
  }
  const local = state.generations.get(resource) ?? 0;
  const shared = options.shared !== undefined && options.shared !== false;
  const stored =
    typeof options.shared === 'number' ? options.shared : shared ? await storedGeneration(resource, db) : 0;
  // A Member's reads also see rows for members only: never the same entries as visitors'.
  const reader = readsAsMember() ? 'members' : shared ? 'shared' : 'local';
  const fullKey = `${resource}@${shared ? `${local}.${stored}` : local}|${reader}|${key}`;
  const now = options.now ?? Date.now();
  // Signed-in reads see every row whatever its window: only visitors' entries follow it.
  const until = shared ? undefined : state.windows.get(resource);
  noteLocalGeneration(resource, local);
  const hit = state.entries.get(fullKey);
  let value: Promise<T>;
  let entry: Entry | undefined = hit;
  if (hit && (hit.expires > now || (hit.value.loaded && !hit.exact && now - hit.expires < STALE_MS))) {
    state.hits++;
    // Map order is insertion order: re-inserting keeps recently used entries at the end.
    state.entries.delete(fullKey);
    state.entries.set(fullKey, hit);
    if (hit.expires <= now && !hit.refreshing) {
      hit.refreshing = true;
      remember(fullKey, keyedLoad(load), now, options, until, !shared).catch(() => (hit.refreshing = false));
    }
    value = hit.value.get() as Promise<T>;
  } else {
    state.misses++;
    value = remember(fullKey, keyedLoad(load), now, options, until, !shared);
    entry = state.entries.get(fullKey);
  }
  const loaded = await value;
  // What was read is true until its entry expires (a lapse is known once loaded; a stale entry,
  // served while refreshed, has expired already).
  noteUntil(entry?.expires ?? now);
  return loaded;
}

/** Keeps a load under its key: a failed one is dropped, a stale entry it refreshes stays until it succeeds. */
function remember<T>(
  fullKey: string,
  value: Promise<T>,
  now: number,
  { bytes, serialized, lapsesIn, timeless }: ReadOptions<T>,
  until: number | undefined,
  windowed: boolean,
): Promise<T> {
  // A window change that passed as the read began (its conditions may predate it): used by this
  // read alone, and no longer known (windowChanges learns the next).
  const exact = until !== undefined && until < now + TTL_MS;
  if (until !== undefined && until <= now && state.windows.get(resourceOf(fullKey)) === until)
    state.windows.delete(resourceOf(fullKey));
  const entry: Entry = {
    // A signed-in read (not windowed) that declares itself timeless lasts until a write moves its key.
    expires: exact ? Math.max(until, now) : timeless && !windowed ? Infinity : now + TTL_MS,
    value: new SharedLoad(value, serialized),
    bytes: 0,
    exact,
    windowed,
  };
  const refreshing = state.entries.get(fullKey)?.refreshing;
  if (!refreshing) put(fullKey, entry);
  value.then(
    (loaded) => {
      const lapse = lapsesIn?.(loaded);
      if (lapse !== undefined && now + lapse < entry.expires) {
        entry.expires = now + lapse;
        entry.exact = true;
      }
      if (refreshing && state.entries.has(fullKey)) put(fullKey, entry);
      const held = serialized ? entry.value.size : (bytes?.(loaded) ?? 0);
      if (held && state.entries.get(fullKey) === entry) {
        entry.bytes = held;
        state.bytes += held;
        trim();
      }
    },
    () => {
      if (state.entries.get(fullKey) === entry) drop(fullKey);
    },
  );
  return value;
}

const resourceOf = (fullKey: string) => fullKey.slice(0, fullKey.indexOf('@'));

function put(fullKey: string, entry: Entry): void {
  drop(fullKey);
  state.entries.set(fullKey, entry);
  const resource = resourceOf(fullKey);
  let keys = state.keysOf.get(resource);
  if (!keys) state.keysOf.set(resource, (keys = new Set()));
  keys.add(fullKey);
  trim();
}

function drop(fullKey: string): void {
  const entry = state.entries.get(fullKey);
  if (!entry) return;
  state.bytes -= entry.bytes;
  state.entries.delete(fullKey);
  state.keysOf.get(resourceOf(fullKey))?.delete(fullKey);
}

/** Least recently used entries go first, while there are too many or they hold too many bytes. */
function trim(): void {
  for (const key of state.entries.keys()) {
    if (state.entries.size <= MAX_ENTRIES && state.bytes <= MAX_BYTES) break;
    drop(key);
  }
}

export function cacheStats() {
  return { hits: state.hits, misses: state.misses, entries: state.entries.size, bytes: state.bytes };
}

/** For tests and benchmarks that measure the database itself. */
export function clearPublicCache(): void {
  state.entries.clear();
  state.keysOf.clear();
  state.bytes = 0;
}

// @ts-check
/**
 * The cache of whole public pages (Next.js `cacheHandler`, next.config.mjs): rendered pages are kept
 * in this process's memory and served until the next content write or until their time is up, so
 * a page costs a render only once per edit, and an edit shows on the very next request.
 *
 * - Every entry remembers the content epoch (lib/cache/content-epoch.ts) from BEFORE its render
 *   began: the epoch of the first cache miss of its key. An entry whose epoch is not the current
 *   one is never served, so a write made while a page was rendering makes that page miss again.
 * - Entries expire after the page's own `revalidate` and never later than MAX_AGE_SECONDS, because
 *   rows with publishAt/unpublishAt enter and leave the public window with the clock, not with a
 *   write; nor later than the next such change of what the page shows, when the request hook of
 *   lib/public/cache-headers.ts knows it. An expired entry is a miss (a blocking render), never a
 *   stale page.
 * - Memory only: a restart starts empty, so a page never outlives a write made while the server
 *   was down (Next.js's own file cache would serve it). The total size is bounded; the least
 *   recently used pages go first.
 *
 * Plain CommonJS: Next.js loads it by path, outside the application's bundles; it meets them only
 * through the epoch on globalThis.
 */

const EPOCH = Symbol.for('gonghui.contentEpoch');
/** The AsyncLocalStorage holding the moment the page being rendered must be dropped (lib/public/cache-headers.ts). */
const PAGE_UNTIL = Symbol.for('gonghui.pageUntil');
/** The longest a page is served without a render (the public read cache's TTL, lib/cache/public-reads.ts). */
const MAX_AGE_SECONDS = 30;
/**
 * At most 64 MB of pages, and no more than an eighth of the heap the process may grow to
 * (`--max-old-space-size`, set by `npm start`), so a small heap is never filled by cached pages.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, loaded by Next.js by path
const { getHeapStatistics } = require('node:v8');
const MAX_BYTES =
  Number(process.env.PAGE_CACHE_MAX_BYTES) ||
  Math.min(64 * 1024 * 1024, Math.floor(getHeapStatistics().heap_size_limit / 8));

/** Whether this request is a draft preview (lib/cache/preview-scope.ts): it never reads or fills the cache. */
const PREVIEW = Symbol.for('gonghui.previewScope');
const inPreview = () =>
  Boolean(
    /** @type {Record<symbol, { getStore(): unknown } | undefined>} */ (/** @type {unknown} */ (globalThis))[
      PREVIEW
    ]?.getStore(),
  );

/** @returns {number} */
const currentEpoch = () =>
  /** @type {Record<symbol, number | undefined>} */ (/** @type {unknown} */ (globalThis))[EPOCH] ?? 0;

/**
 * @typedef {object} Entry
 * @property {unknown} value
 * @property {number} lastModified
 * @property {number} expires
 * @property {number} epoch
 * @property {number} bytes
 * @property {unknown} [cacheControl]
 */
/**
 * @typedef {object} State
 * @property {Map<string, Entry>} entries
 * @property {Map<string, number>} missEpochs
 * @property {number} bytes
 * @property {number} hits
 * @property {number} misses
 * @property {number} [epoch]
 */

// Next.js makes a handler per request: the pages live in one state for the whole process.
const STATE = Symbol.for('gonghui.pageCache');
const holder = /** @type {Record<symbol, State | undefined>} */ (/** @type {unknown} */ (globalThis));
/** @type {State} */
const state = (holder[STATE] ??= { entries: new Map(), missEpochs: new Map(), bytes: 0, hits: 0, misses: 0 });

/**
 * A page's HTML is kept as UTF-8 bytes: as a JavaScript string, one character outside Latin-1 (any
 * Chinese) makes V8 store all of it as UTF-16, twice the bytes of the mostly-ASCII markup. Decoding
 * it again on a hit costs a fraction of a millisecond.
 * @param {unknown} value
 */
function pack(value) {
  if (!value || typeof value !== 'object' || typeof (/** @type {{ html?: unknown }} */ (value).html) !== 'string')
    return value;
  return { ...value, html: Buffer.from(/** @type {{ html: string }} */ (value).html, 'utf8') };
}

/** Next.js hands pages over with their HTML as a string: bytes there are ours, from `pack`. @param {any} value */
function unpack(value) {
  return Buffer.isBuffer(value?.html) ? { ...value, html: value.html.toString('utf8') } : value;
}

/** A page's size: its HTML, its RSC payload and its segment payloads. */
function sizeOf(value) {
  if (!value || typeof value !== 'object') return 0;
  let bytes = 0;
  for (const part of Object.values(value)) {
    if (typeof part === 'string') bytes += part.length;
    else if (part instanceof Uint8Array) bytes += part.byteLength;
    else if (part instanceof Map) for (const segment of part.values()) bytes += sizeOf({ segment });
  }
  return bytes;
}

/**
 * Pages rendered before the latest write can never be served again: they go as soon as the epoch
 * moves, instead of filling the cache until the oldest are evicted.
 */
function dropOlderEpochs() {
  const epoch = currentEpoch();
  if (state.epoch === epoch) return;
  state.epoch = epoch;
  state.entries.clear();
  state.bytes = 0;
}

/** @param {string} key */
function remove(key) {
  const entry = state.entries.get(key);
  if (!entry) return;
  state.entries.delete(key);
  state.bytes -= entry.bytes;
}

/** Next.js constructs it with a context (file system, flags) that a memory cache has no use for. */
class PageCacheHandler {
  /**
   * @param {string} key
   * @returns {Promise<{ lastModified: number, value: unknown, cacheControl?: unknown } | null>}
   */
  async get(key) {
    if (inPreview()) return null;
    dropOlderEpochs();
    const entry = state.entries.get(key);
    const epoch = currentEpoch();
    if (entry && entry.epoch === epoch && entry.expires > Date.now()) {
      state.hits++;
      // Map order is insertion order: re-inserting keeps the recently used at the end.
      state.entries.delete(key);
      state.entries.set(key, entry);
      return { lastModified: entry.lastModified, value: unpack(entry.value), cacheControl: entry.cacheControl };
    }
    state.misses++;
    remove(key);
    // The first miss since the last store: the render that follows reads content of this epoch or later.
    if (!state.missEpochs.has(key)) state.missEpochs.set(key, epoch);
    return null;
  }

  /**
   * @param {string} key
   * @param {unknown} value
   * @param {{ cacheControl?: { revalidate?: number | false } }} [context]
   */
  async set(key, value, context = {}) {
    if (inPreview()) return;
    const epoch = state.missEpochs.get(key);
    state.missEpochs.delete(key);
    remove(key);
    dropOlderEpochs();
    // A render that did not follow a miss here (its start is unknown) is not kept; neither is nothing,
    // nor one rendered from data older than the latest write, which would never be served.
    if (epoch === undefined || epoch !== state.epoch || value === null || value === undefined) return;
    // A redirect is not a page: rendered again when asked for, it is never replayed with a page's body.
    const status = /** @type {{ status?: unknown }} */ (value).status;
    if (typeof status === 'number' && status >= 300 && status < 400) return;
    const revalidate = context.cacheControl?.revalidate;
    if (revalidate === 0) return; // a dynamic render: never kept
    const seconds =
      typeof revalidate === 'number' && revalidate > 0 ? Math.min(revalidate, MAX_AGE_SECONDS) : MAX_AGE_SECONDS;
    const now = Date.now();
    const until = /** @type {Record<symbol, { getStore(): number | undefined } | undefined>} */ (
      /** @type {unknown} */ (globalThis)
    )[PAGE_UNTIL]?.getStore();
    const expires = Math.min(now + seconds * 1000, until ?? Infinity);
    if (expires <= now) return;
    const packed = pack(value);
    const entry = {
      value: packed,
      lastModified: now,
      expires,
      epoch,
      bytes: sizeOf(packed),
      cacheControl: context.cacheControl,
    };
    if (entry.bytes > MAX_BYTES / 4) return;
    state.entries.set(key, entry);
    state.bytes += entry.bytes;
    while (state.bytes > MAX_BYTES) {
      const oldest = state.entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  }

  /** revalidatePath/revalidateTag: pages carry no tags of ours, so any call empties the cache. */
  async revalidateTag() {
    state.entries.clear();
    state.bytes = 0;
  }

  resetRequestCache() {}
}

/** For tests and the benchmark's report. */
PageCacheHandler.stats = () => ({
  entries: state.entries.size,
  bytes: state.bytes,
  hits: state.hits,
  misses: state.misses,
});
PageCacheHandler.clear = () => {
  state.entries.clear();
  state.missEpochs.clear();
  state.bytes = 0;
};
PageCacheHandler.MAX_AGE_SECONDS = MAX_AGE_SECONDS;

module.exports = PageCacheHandler;

import { createHash } from 'node:crypto';
import { getHeapStatistics } from 'node:v8';
import zlib from 'node:zlib';
import { SHARED_MAX_AGE_SECONDS } from '../cache/cache-tier';
import { contentEpoch } from '../cache/content-epoch';
import { processSlot } from '../runtime/process-state';
import { compressStored, encodedEtag, negotiateEncoding, varyOnEncoding, type Encoding } from './compression';
import { keptHeaders, matchesEtag, type KeptHeaders } from './kept-answers';
import { CACHE_STATUS_HEADER, DRAFT_MODE_COOKIE, ROUTER_HEADERS } from './next';
import type { Exchange, FinishedPage, Stage } from './stage';
import { isMemberAreaPath } from '../routing/member';

/**
 * The one whole-page cache: public pages kept whole, compressed, and sent from here without
 * running Next.js (which keeps no page of its own: lib/server/next/page-cache.cjs). The first
 * anonymous request of a page renders it; its answer (status, final headers with the CSP's script
 * hashes and the cache tier's keys, body) is compressed once, and the requests after it get those
 * bytes as they are, as Varnish or nginx's `gzip_static` would. Requests that arrive while the page
 * renders wait for that one render. Brotli is made at once (quality 6), gzip at the first request
 * that needs it (Varnish asks for gzip), and a page sent a thousand times is compressed again
 * at brotli's highest quality, which then pays for itself (lib/server/compression.ts).
 *
 * Lists are kept like any page, each query string apart (`/tw/news`, `/tw/news?page=2`). A stored
 * page is kept as the cache tier keeps it:
 * - it belongs to the content epoch (lib/cache/content-epoch.ts) of the moment its render began,
 *   and is never served once the epoch has moved: a write on this server, or another server's
 *   write heard over NOTIFY (lib/content/cross-server.ts), makes it stale at once;
 * - it expires when the cache tier's headers say the page may no longer be kept: its `s-maxage`,
 *   cut to the next opening or closing of a publication window (lib/public/cache-headers.ts);
 * - RENEWAL_LEAD_MS before that (unless a window ends it sooner) the next request renders it
 *   again while the others still get the copy, since a render holds the event loop for tens of
 *   milliseconds and every request that waits for it shows in the latency.
 * Only what the cache tier would share is stored or served (deploy/varnish/default.vcl): GET and
 * HEAD without a sign-in, a draft preview or the router's own headers, answered 200 with `s-maxage`
 * and no cookie.
 */

/** How long before it expires a copy is rendered again, while requests still get it. */
const RENEWAL_LEAD_MS = 30_000;
/** How long a request waits for another request's render of the same page before rendering itself. */
const WAIT_FOR_RENDER_MS = 10_000;
/** Sent this often, a page is worth brotli's highest quality (STORED_PAGES_BEST_AFTER_HITS). */
const bestAfterHits = () => Number(process.env.STORED_PAGES_BEST_AFTER_HITS) || 1_000;
/** At most 32 MB of compressed pages, and no more than a sixteenth of the heap the process may grow to. */
const MAX_BYTES =
  Number(process.env.STORED_PAGES_MAX_BYTES) ||
  Math.min(32 * 1024 * 1024, Math.floor(getHeapStatistics().heap_size_limit / 16));

interface StoredPage {
  headers: KeptHeaders;
  etag: string;
  br: Buffer;
  /** Made at the first request that asks for gzip. */
  gzip?: Promise<Buffer>;
  epoch: number;
  /** When the page is rendered again; until `expires`, requests meanwhile get this copy. */
  renewAt: number;
  /** When the copy may no longer be sent at all. */
  expires: number;
  bytes: number;
  hits: number;
}

/**
 * The pages and their counts. In a process slot: the metrics (lib/observability/metrics.ts) are
 * scraped through Next.js's /metrics route, in another module set, and read them there.
 */
interface StoredPages {
  entries: Map<string, StoredPage>;
  bytes: number;
  hits: number;
  misses: number;
}
declare module '../runtime/process-state' {
  interface ProcessSlots {
    storedPages: StoredPages;
  }
}
const state = processSlot('storedPages', () => ({ entries: new Map(), bytes: 0, hits: 0, misses: 0 }));
const pages = state.entries;
const renders = new Map<string, Promise<void>>();
let epochOfPages = 0;

/** For tests and the benchmark's report. */
export function storedPageStats() {
  return { entries: pages.size, bytes: state.bytes, hits: state.hits, misses: state.misses };
}

function remove(key: string): void {
  const page = pages.get(key);
  if (!page) return;
  pages.delete(key);
  state.bytes -= page.bytes;
}

/** Pages of an older epoch can never be served again: they go as soon as the epoch moves. */
function dropOlderEpochs(epoch: number): void {
  if (epochOfPages === epoch) return;
  epochOfPages = epoch;
  pages.clear();
  state.bytes = 0;
}

/** The current copy of a page, if any: of this epoch and not past `expires` (it may be due for renewal). */
function current(key: string): StoredPage | undefined {
  const epoch = contentEpoch();
  dropOlderEpochs(epoch);
  const page = pages.get(key);
  if (!page) return undefined;
  if (page.epoch !== epoch || page.expires <= Date.now()) {
    remove(key);
    return undefined;
  }
  // Map order is insertion order: re-inserting keeps the recently used at the end.
  pages.delete(key);
  pages.set(key, page);
  return page;
}

function keep(key: string, page: StoredPage): void {
  if (page.bytes > MAX_BYTES / 4) return;
  remove(key);
  pages.set(key, page);
  state.bytes += page.bytes;
  evictBeyondBudget();
}

/** Counts a change of a kept page's size (its gzip copy, a better brotli copy). */
function resize(key: string, page: StoredPage, bytesNow: number): void {
  if (pages.get(key) !== page) return;
  state.bytes += bytesNow - page.bytes;
  page.bytes = bytesNow;
  evictBeyondBudget();
}

function evictBeyondBudget(): void {
  while (state.bytes > MAX_BYTES) {
    const oldest = pages.keys().next().value;
    if (oldest === undefined) break;
    remove(oldest);
  }
}

/** Signed-in or previewing visitors, and the router's own requests, are never served a shared copy. */
const PRIVATE_COOKIE = new RegExp(`(?:^|;\\s*)(?:token|session[^=]*|gonghui-preview|${DRAFT_MODE_COOKIE})=`);

function isShareable({ request, path }: Exchange): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!/^\/(?:tw|en)(?:\/|$)/.test(path) || /^\/(?:tw|en)\/preview(?:\/|$)/.test(path)) return false;
  if (isMemberAreaPath(path)) return false;
  const { headers } = request;
  if (headers.authorization || PRIVATE_COOKIE.test(headers.cookie ?? '')) return false;
  return !ROUTER_HEADERS.some((name) => headers[name] !== undefined);
}

/** A page the cache tier may keep: 200, `s-maxage` above zero, its surrogate keys, no cookie, HTML. */
function isStorable(page: FinishedPage): boolean {
  const { status, headers } = page;
  return (
    status === 200 &&
    headers['set-cookie'] === undefined &&
    headers.xkey !== undefined &&
    /\bs-maxage=[1-9]/.test(String(headers['cache-control'] ?? '')) &&
    /^text\/html\b/i.test(String(headers['content-type'] ?? ''))
  );
}

/** The page in gzip: made once, at the first request that asks for it. */
function gzipOf(key: string, page: StoredPage): Promise<Buffer> {
  if (!page.gzip) {
    page.gzip = compressStored(zlib.brotliDecompressSync(page.br), 'gzip');
    page.gzip.then(
      (gzip) => resize(key, page, page.bytes + gzip.length),
      () => {},
    );
  }
  return page.gzip;
}

/** A page sent often enough is compressed again at brotli's highest quality, once, off the event loop. */
function recompressWhenHot(key: string, page: StoredPage): void {
  if (++page.hits !== bestAfterHits()) return;
  compressStored(zlib.brotliDecompressSync(page.br), 'br', 11).then(
    (best) => {
      const before = page.br.length;
      page.br = best;
      resize(key, page, page.bytes - before + best.length);
    },
    () => {},
  );
}

/** Answers from the stored page: the coding the client prefers, a 304 for a matching ETag. */
async function serve({ request, response }: Exchange, key: string, page: StoredPage): Promise<void> {
  const coding: Encoding | null = negotiateEncoding(request.headers['accept-encoding']);
  for (const [name, value] of page.headers) response.setHeader(name, value);
  // As Varnish says it (which replaces it with its own): this answer did not run Next.js.
  response.setHeader('x-cache', 'HIT');
  varyOnEncoding(response);
  const etag = coding ? encodedEtag(page.etag, coding) : page.etag;
  if (etag) response.setHeader('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    // A 304 without a policy of its own keeps the one the browser stored with the page.
    response.removeHeader('content-security-policy');
    response.writeHead(304);
    response.end();
    return;
  }
  recompressWhenHot(key, page);
  const body =
    coding === 'br' ? page.br : coding === 'gzip' ? await gzipOf(key, page) : zlib.brotliDecompressSync(page.br);
  if (coding) response.setHeader('content-encoding', coding);
  response.setHeader('content-length', body.length);
  response.writeHead(200);
  if (request.method === 'HEAD') response.end();
  else response.end(body);
}

async function store(key: string, page: FinishedPage, epoch: number, renewAt: number, expires: number): Promise<void> {
  const br = await compressStored(page.body, 'br');
  // A write while the page rendered or compressed: this copy is already stale.
  if (contentEpoch() !== epoch || expires <= Date.now()) return;
  // Next.js's word on its own cache, which keeps nothing (lib/server/next/page-cache.cjs), is not the copy's.
  const headers = keptHeaders(page.headers).filter(([name]) => name !== CACHE_STATUS_HEADER);
  // A page rendered per request (a list) comes without an ETag: the copy gets its own.
  const etag =
    typeof page.headers.etag === 'string'
      ? page.headers.etag
      : `"${createHash('sha1').update(page.body).digest('base64url')}"`;
  keep(key, { headers, etag, br, epoch, renewAt, expires, bytes: br.length + 2_048, hits: 0 });
}

/**
 * Sends a stored copy when there is a current one (or one is being rendered, once it is there);
 * otherwise lets the request render, and stores its answer if it is a page for everyone.
 */
export const storedPages: Stage = async (exchange, next) => {
  if (!isShareable(exchange)) return next();
  const key = exchange.request.url ?? '/';
  let page = current(key);
  const rendering = renders.get(key);
  if (!page && rendering) {
    await Promise.race([rendering, new Promise((resolve) => setTimeout(resolve, WAIT_FOR_RENDER_MS).unref())]);
    page = current(key);
  }
  // A copy due for renewal is still sent while one request renders the page again: no request
  // waits for that render, as none waits for a page that has not changed.
  if (page && (page.renewAt > Date.now() || renders.has(key))) {
    state.hits++;
    return serve(exchange, key, page);
  }
  state.misses++;
  const epoch = contentEpoch();
  const started = Date.now();
  let settle = () => {};
  const render = new Promise<void>((resolve) => (settle = resolve));
  if (!renders.has(key)) renders.set(key, render);
  // An HTML page is held whole even when its scripts' hashes are known, so that it can be stored.
  exchange.holdWhole ??= 'html';
  try {
    await next();
    const finished = await exchange.finished;
    const expires = exchange.sharedCaching?.until ?? 0;
    // A copy that ends at a publication window is not sent past it, nor rendered again before.
    const renewAt = expires - started >= SHARED_MAX_AGE_SECONDS * 1000 ? expires - RENEWAL_LEAD_MS : expires;
    if (!finished || !isStorable(finished) || contentEpoch() !== epoch || renewAt <= Date.now()) return;
    await store(key, finished, epoch, renewAt, expires).catch(() => {});
  } finally {
    // The requests that waited for this render look again.
    if (renders.get(key) === render) renders.delete(key);
    settle();
  }
};

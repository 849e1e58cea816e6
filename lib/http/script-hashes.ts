import { createHash } from 'node:crypto';
import type http from 'node:http';
import { Duplex } from 'node:stream';
import compression from 'compression';
import { hookRequests } from './server-hook';

/**
 * A hash-based Content-Security-Policy for every HTML page. Next.js writes its React payload as
 * inline scripts that differ from page to page, and the whole-page cache keeps pages rendered once,
 * so a per-request nonce cannot work: the cached HTML would carry an old one. Instead, each HTML
 * response is held until it is complete, its inline scripts are hashed, and the hashes join the
 * policy's script-src (next.config.mjs sets the policy without 'unsafe-inline'). A script injected
 * into a page, say through content that slipped past the sanitiser, has no hash in the header and
 * does not run.
 *
 * Compression must see the finished body too, so it runs here, below the hashing, instead of in
 * Next.js (next.config.mjs: `compress: false`).
 */

/** `<script …>…</script>` with its attributes and text; the HTML tokenizer ends a script at the first `</script`. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
/** Types a browser runs; anything else (application/ld+json, text/template) is data. */
const EXECUTABLE_TYPE = /^(?:|text\/javascript|application\/javascript|module)$/i;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i').exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** The CSP source expressions (`'sha256-…'`) of the inline scripts a browser would run in `html`, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = attribute(attributes, 'type') ?? '';
    if (!EXECUTABLE_TYPE.test(type.trim())) continue;
    // The browser hashes the text as parsed, where line breaks are already normalised to LF.
    const source = text.replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * `policy` with `hashes` added to its script-src. A policy without one (an upload's
 * `default-src 'none'`) is left as it is: it runs no script at all, which is stricter.
 */
export function withScriptHashes(policy: string, hashes: string[]): string {
  const directives = policy.split(';').map((d) => d.trim()).filter(Boolean);
  const index = directives.findIndex((d) => /^script-src(?:\s|$)/i.test(d));
  if (hashes.length === 0 || index === -1) return policy;
  directives[index] = `${directives[index]} ${hashes.join(' ')}`;
  return directives.join('; ');
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

function isHtml(response: http.ServerResponse): boolean {
  return /^text\/html\b/i.test(String(response.getHeader('content-type') ?? ''));
}

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * The hashes of pages answered before, by their ETag: Next.js derives the ETag from the body, so a
 * page served again from the whole-page cache (same ETag) need not be held or scanned again.
 */
const hashesByEtag = new Map<string, string[]>();
const REMEMBERED_PAGES = 1_000;

function etagOf(response: http.ServerResponse): string {
  const etag = response.getHeader('etag');
  return typeof etag === 'string' ? etag : '';
}

function remember(etag: string, hashes: string[]): void {
  if (!etag) return;
  hashesByEtag.delete(etag);
  hashesByEtag.set(etag, hashes);
  if (hashesByEtag.size > REMEMBERED_PAGES) hashesByEtag.delete(hashesByEtag.keys().next().value as string);
}

/**
 * Holds an HTML response's headers and body until it ends, then sends them with the hashes of its
 * inline scripts in the Content-Security-Policy header. Anything else passes straight through.
 */
function hashScriptsOf(response: http.ServerResponse): void {
  const write = response.write.bind(response) as (chunk: Chunk, encoding?: BufferEncoding, callback?: Callback) => boolean;
  const end = response.end.bind(response) as (chunk?: Chunk, encoding?: BufferEncoding, callback?: () => void) => http.ServerResponse;
  const flushHeaders = response.flushHeaders.bind(response);
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => http.ServerResponse;
  let held: Buffer[] | null = null;
  let decided = false;

  // Decided on the first write (or end): by then the route has set its content type.
  const addHashes = (hashes: string[]) => {
    const policy = response.getHeader('content-security-policy');
    if (typeof policy === 'string') response.setHeader('content-security-policy', withScriptHashes(policy, hashes));
  };
  const decide = () => {
    if (decided) return held !== null;
    decided = true;
    if (!isHtml(response) || response.req?.method === 'HEAD') return false;
    // A page whose body was hashed before (a page from the whole-page cache) streams straight on.
    const known = hashesByEtag.get(etagOf(response));
    if (known) {
      addHashes(known);
      return false;
    }
    held = [];
    return true;
  };
  const release = () => {
    const body = Buffer.concat(held ?? []);
    held = null;
    const hashes = inlineScriptHashes(body.toString('utf8'));
    addHashes(hashes);
    remember(etagOf(response), hashes);
    return body;
  };

  response.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    // While a page is held (or may be), status and headers given here are kept on the response and
    // sent with the body; once it is released, this is the real writeHead again.
    if (decided && held === null) return writeHead(...args);
    const [status, second, third] = args as [number, unknown, unknown];
    if (isHtml(response) || /text\/html/i.test(JSON.stringify(third ?? second ?? ''))) {
      this.statusCode = status;
      const headers = (typeof second === 'object' && second !== null ? second : third) as http.OutgoingHttpHeaders | undefined;
      if (typeof second === 'string') this.statusMessage = second;
      if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(name, value);
      return this;
    }
    return writeHead(...args);
  } as typeof response.writeHead;

  response.flushHeaders = function () {
    if (!decide()) flushHeaders();
  };

  response.write = function (chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) {
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (!decide()) return write(chunk, encoding, callback);
    held!.push(toBuffer(chunk, encoding));
    if (callback) process.nextTick(callback);
    return true;
  } as typeof response.write;

  response.end = function (chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void) {
    // A 304's headers replace the ones the browser stored with the page, and a 304 has no body to
    // hash: without a policy of its own, the stored one (with the page's hashes) stays in force.
    if (response.statusCode === 304 && !response.headersSent) response.removeHeader('content-security-policy');
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (!decided && chunk === undefined && !isHtml(response)) return end(undefined, undefined, callback);
    if (!decide()) return end(chunk, encoding, callback);
    if (chunk !== undefined) held!.push(toBuffer(chunk, encoding));
    const body = release();
    if (response.hasHeader('content-length')) response.setHeader('content-length', body.length);
    return end(body, undefined, callback);
  } as typeof response.end;
}

/**
 * The compression middleware never ends its zlib stream when the client goes away first, and the
 * stream then outlives garbage collection (Next.js does the same in its router server).
 */
function releaseCompressionStream(response: http.ServerResponse): void {
  const noop = () => {};
  // The middleware's `on('drain')` returns its zlib stream.
  const stream = response.on('drain', noop) as unknown;
  if (stream === response || !(stream instanceof Duplex)) {
    response.off('drain', noop);
    return;
  }
  stream.destroy();
}

/**
 * Every response is compressed (as Next.js would) and every HTML page gets its scripts' hashes in
 * its policy. Installed once per process, from the server's start-up.
 */
export function installScriptHashes(): void {
  const compress = compression();
  hookRequests('scriptHashes', (request, response, serve) => {
    compress(request as Parameters<typeof compress>[0], response as Parameters<typeof compress>[1], () => {});
    response.once('close', () => {
      if (!response.writableFinished) releaseCompressionStream(response);
    });
    hashScriptsOf(response);
    return serve();
  });
}

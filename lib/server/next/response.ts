import type http from 'node:http';
import type zlib from 'node:zlib';
import { currentRequest } from '../../observability/request-store';
import {
  compressFast,
  encodedEtag,
  fastCompressor,
  isCompressible,
  MIN_COMPRESSED_BYTES,
  negotiateEncoding,
  varyOnEncoding,
  withoutEncodingSuffixes,
  type Encoding,
} from '../compression';
import { finalHead } from '../final-head';
import type { Exchange, FinishedPage, Stage } from '../stage';
import { isHydratedPage, withoutFrameworkScripts } from './framework-scripts';
import { inlineScriptHashes, withScriptHashes } from './script-hashes';

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

/**
 * The hashes of pages answered before, by their ETag: Next.js derives the ETag from the body, so a
 * page served again from its whole-page cache (same ETag) need not be held or scanned again.
 */
const hashesByEtag = new Map<string, string[]>();
const REMEMBERED_PAGES = 1_000;

function remember(etag: string, hashes: string[]): void {
  if (!etag) return;
  hashesByEtag.delete(etag);
  hashesByEtag.set(etag, hashes);
  if (hashesByEtag.size > REMEMBERED_PAGES) hashesByEtag.delete(hashesByEtag.keys().next().value as string);
}

const etagOf = (response: http.ServerResponse) => {
  const etag = response.getHeader('etag');
  return typeof etag === 'string' ? etag : '';
};

/** A redirect: its Location is the whole answer, whatever page Next.js rendered with it. */
const isRedirect = (response: http.ServerResponse) =>
  response.statusCode >= 300 && response.statusCode < 400 && response.hasHeader('location');

const isHtml = (contentType: unknown) => typeof contentType === 'string' && /^text\/html\b/i.test(contentType);

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === 'string'
    ? Buffer.from(chunk, encoding ?? 'utf8')
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function addHashes(response: http.ServerResponse, hashes: string[]): void {
  const policy = response.getHeader('content-security-policy');
  if (typeof policy === 'string') response.setHeader('content-security-policy', withScriptHashes(policy, hashes));
}

/** Headers given to `writeHead` itself, set on the response so every later step sees one set of headers. */
function applyHead(response: http.ServerResponse, status: number, rest: unknown[]): void {
  response.statusCode = status;
  const message = rest.find((arg) => typeof arg === 'string');
  if (message !== undefined) response.statusMessage = message as string;
  const given = rest.find((arg) => typeof arg === 'object' && arg !== null);
  if (Array.isArray(given)) {
    for (let i = 0; i + 1 < given.length; i += 2) response.setHeader(String(given[i]), given[i + 1] as string);
  } else if (given) {
    for (const [name, value] of Object.entries(given as http.OutgoingHttpHeaders))
      if (value !== undefined) response.setHeader(name, value);
  }
}

function mayCompress(response: http.ServerResponse, encoding: Encoding | null, length?: number): encoding is Encoding {
  // A range of the bytes (206) is a range of the uncompressed file: compressing it would corrupt it.
  if (!encoding || response.hasHeader('content-encoding') || response.statusCode === 206) return false;
  if (/\bno-transform\b/i.test(String(response.getHeader('cache-control') ?? ''))) return false;
  const declared = Number(response.getHeader('content-length'));
  const size = length ?? (Number.isFinite(declared) && response.hasHeader('content-length') ? declared : undefined);
  return size === undefined || size >= MIN_COMPRESSED_BYTES;
}

function markEncoded(response: http.ServerResponse, encoding: Encoding): void {
  response.setHeader('content-encoding', encoding);
  // Ranges would be of the compressed bytes, which differ from one coding to the next.
  response.removeHeader('accept-ranges');
  const etag = etagOf(response);
  if (etag) response.setHeader('etag', encodedEtag(etag, encoding));
}

/** Node's own ways of writing the response, bound: what the shaping writes through. */
interface NodeWrites {
  writeHead: (...args: unknown[]) => http.ServerResponse;
  write: (chunk: Chunk, encoding?: BufferEncoding, callback?: Callback) => boolean;
  end: (chunk?: Chunk, encoding?: BufferEncoding, callback?: () => void) => http.ServerResponse;
  flushHeaders: () => void;
}

/** What becomes of each of Next.js's writes, their overloaded arguments sorted out. */
interface Writes {
  writeHead(status: number, rest: unknown[]): http.ServerResponse;
  flushHeaders(): void;
  write(chunk: Chunk, encoding: BufferEncoding | undefined, done: Callback | undefined): boolean;
  /** `body` undefined: none given to `end` (Node takes `end(null)` as none, and Next.js ends a HEAD so). */
  end(body: Buffer | undefined, callback: (() => void) | undefined): http.ServerResponse;
}

/**
 * Replaces the response's writeHead, flushHeaders, write and end (how Next.js writes every answer)
 * with `writes`, made from Node's own methods.
 */
function takeOverWrites(response: http.ServerResponse, make: (original: NodeWrites) => Writes): void {
  const writes = make({
    writeHead: response.writeHead.bind(response) as NodeWrites['writeHead'],
    write: response.write.bind(response) as NodeWrites['write'],
    end: response.end.bind(response) as NodeWrites['end'],
    flushHeaders: response.flushHeaders.bind(response),
  });
  response.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    return writes.writeHead(status, rest);
  } as typeof response.writeHead;
  response.flushHeaders = () => writes.flushHeaders();
  response.write = function (chunk: Chunk, encodingOrCallback?: BufferEncoding | Callback, callback?: Callback) {
    const [encoding, done] =
      typeof encodingOrCallback === 'function' ? [undefined, encodingOrCallback] : [encodingOrCallback, callback];
    return writes.write(chunk, encoding, done);
  } as typeof response.write;
  response.end = function (
    chunk?: Chunk | null | (() => void),
    encodingOrCallback?: BufferEncoding | (() => void),
    callback?: () => void,
  ) {
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    if (typeof encodingOrCallback === 'function') [callback, encodingOrCallback] = [encodingOrCallback, undefined];
    return writes.end(chunk == null ? undefined : toBuffer(chunk, encodingOrCallback), callback);
  } as typeof response.end;
}

/**
 * The head as it is sent: the status a page decided but could not send, a redirect's Location and ETag set right,
 * then the stages' decisions (lib/server/final-head.ts), with that status.
 */
function settleHead(exchange: Exchange): void {
  const { response } = exchange;
  const decided = currentRequest()?.pageStatus;
  if (decided && response.statusCode === 200) response.statusCode = decided;
  if (isRedirect(response)) {
    // Next.js's first render of a redirect sets its Location, then appends the render's own copy.
    response.setHeader('location', String([response.getHeader('location')].flat()[0]));
    // The ETag is of the page rendered with it, which is not sent.
    response.removeHeader('etag');
  }
  finalHead(exchange);
  // A 304's headers replace the ones the browser stored with the page, and a 304 has no body to
  // hash: without a policy of its own, the stored one (with the page's hashes) stays in force.
  if (response.statusCode === 304) response.removeHeader('content-security-policy');
}

/** A compressor the body streams through on its way out, with `flush` for Next.js's streamed renders. */
function startCompressor(response: http.ServerResponse, coding: Encoding, original: NodeWrites) {
  response.removeHeader('content-length');
  markEncoded(response, coding);
  const stream = fastCompressor(coding);
  stream.on('data', (chunk: Buffer) => {
    if (!original.write(chunk)) stream.pause();
  });
  response.on('drain', () => stream.resume());
  // The application waits for `drain` when a write answered false: the compressor's.
  stream.on('drain', () => response.emit('drain'));
  stream.on('error', (error) => response.destroy(error));
  response.once('close', () => {
    if (!response.writableFinished) stream.destroy();
  });
  (response as http.ServerResponse & { flush?: () => void }).flush = () => stream.flush();
  return stream;
}

/** A public page without the client runtime, unless it holds a part that is React in the browser. */
function withoutClientRuntime(body: Buffer): Buffer {
  const html = body.toString('utf8');
  return isHydratedPage(html) ? body : Buffer.from(withoutFrameworkScripts(html), 'utf8');
}

/**
 * Sends a held answer whole: `given` (what Next.js wrote, or the framed 500 page in its place) without
 * the client runtime if so decided, its inline scripts hashed into its CSP, the head settled, handed to
 * `finished`, compressed in one piece.
 */
function sendWhole(
  exchange: Exchange,
  given: Buffer,
  replaced: boolean,
  options: {
    hashScripts: boolean;
    encoding: Encoding | null;
    original: NodeWrites;
    finish: (page: FinishedPage) => void;
    callback?: () => void;
  },
): http.ServerResponse {
  const { response } = exchange;
  const { hashScripts, encoding, original, finish, callback } = options;
  const html = isHtml(response.getHeader('content-type'));
  const redirect = isRedirect(response);
  // A redirect's rendered page (the whole layout, tens of kilobytes) is never shown: it goes empty.
  // The ETag Next.js gave stays with a rewritten page: the same body always gives the same page.
  const body = redirect ? Buffer.alloc(0) : html && exchange.withoutClientRuntime ? withoutClientRuntime(given) : given;
  // Another body: the ETag Next.js gave is not its own.
  if (replaced) response.removeHeader('etag');
  if (hashScripts && html && !redirect) {
    const hashes = inlineScriptHashes(body.toString('utf8'));
    addHashes(response, hashes);
    remember(etagOf(response), hashes);
  }
  settleHead(exchange);
  finish({ status: response.statusCode, headers: response.getHeaders(), body });
  varyOnEncoding(response);
  let sent: Buffer = body;
  if (mayCompress(response, encoding, body.length)) {
    sent = compressFast(body, encoding as Encoding);
    markEncoded(response, encoding as Encoding);
  }
  response.setHeader('content-length', sent.length);
  return original.end(sent, undefined, callback);
}

/**
 * Takes over the response's head and body, once per answer, so that:
 * - the stages' decisions have the last word over the headers, with the final status (`settleHead`);
 * - an HTML page (in production) is held until complete, its inline scripts' hashes join its
 *   Content-Security-Policy (script-hashes.ts), and the stages before read it whole in `exchange.finished`
 *   (and any answer a stage asked to hold, `exchange.holdWhole`);
 * - the body is compressed for clients that accept it (lib/server/compression.ts): a held page in
 *   one piece, anything else as it streams.
 * Anything without a body (HEAD, 204, 304) or not worth compressing passes as it is. Which of these
 * an answer gets is decided at its first write, end or head: by then the route has set its status
 * and content type.
 */
function shapeResponse(exchange: Exchange, hashScripts: boolean): void {
  const { request, response } = exchange;
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  let mode: 'undecided' | 'hold' | 'stream' | 'pass' = 'undecided';
  let held: Buffer[] = [];
  let compressor: zlib.BrotliCompress | zlib.Gzip | null = null;
  let finish: (page: FinishedPage | undefined) => void = () => {};
  exchange.finished = new Promise((resolve) => (finish = resolve));
  // The stages waiting for it go on: a page sent whole was handed over before its close, any other has none.
  response.once('close', () => finish(undefined));

  takeOverWrites(response, (original) => {
    const decide = (length?: number) => {
      if (mode !== 'undecided') return;
      const status = response.statusCode;
      const type = response.getHeader('content-type');
      const bodiless = request.method === 'HEAD' || status === 204 || status === 304 || status < 200;
      const redirect = isRedirect(response);
      if (!bodiless && ((hashScripts && isHtml(type)) || exchange.holdWhole === 'any' || redirect)) {
        // A page hashed before streams straight on, unless a stage wants to see it whole or change it.
        const known =
          !redirect &&
          !exchange.holdWhole &&
          !exchange.withoutClientRuntime &&
          !(exchange.errorPage?.framedPage && status >= 500)
            ? hashesByEtag.get(etagOf(response))
            : undefined;
        if (!known) {
          mode = 'hold';
          return;
        }
        addHashes(response, known);
      }
      settleHead(exchange);
      if (isCompressible(type)) varyOnEncoding(response);
      if (!bodiless && isCompressible(type) && mayCompress(response, encoding, length)) {
        mode = 'stream';
        compressor = startCompressor(response, encoding as Encoding, original);
      } else mode = 'pass';
    };

    /** Sends the held answer, or the framed 500 page in place of a failure's (which may first have to be made). */
    const release = (callback?: () => void) => {
      const send = (replacement: Buffer | undefined) => {
        const given = replacement ?? Buffer.concat(held);
        held = [];
        mode = 'pass';
        const options = { hashScripts, encoding, original, finish, callback };
        return sendWhole(exchange, given, replacement !== undefined, options);
      };
      const replacement = response.statusCode >= 500 ? exchange.errorPage?.framedPage?.() : undefined;
      if (replacement instanceof Promise) {
        replacement.then(send, () => send(undefined));
        return response;
      }
      return send(replacement);
    };

    return {
      writeHead(status, rest) {
        if (mode === 'pass' || mode === 'stream') return original.writeHead(status, ...rest);
        applyHead(response, status, rest);
        decide();
        return mode === 'hold' ? response : original.writeHead(response.statusCode);
      },
      flushHeaders() {
        decide();
        if (mode !== 'hold') original.flushHeaders();
      },
      write(chunk, textEncoding, done) {
        decide();
        if (mode === 'hold') {
          held.push(toBuffer(chunk, textEncoding));
          if (done) process.nextTick(done);
          return true;
        }
        if (mode === 'stream') return compressor!.write(toBuffer(chunk, textEncoding), done);
        return original.write(chunk, textEncoding, done);
      },
      end(body, callback) {
        // A body sent whole in `end`, with nothing written before: its size decides whether to compress.
        decide(body?.length ?? 0);
        if (mode === 'hold') {
          if (body) held.push(body);
          return release(callback);
        }
        if (mode === 'stream') {
          compressor!.once('end', () => original.end(undefined, undefined, callback));
          compressor!.end(body);
          return response;
        }
        return original.end(body, undefined, callback);
      },
    };
  });
}

/**
 * The last stage before Next.js: the stages' decisions over the head, the CSP hashes of each page (production
 * only: the development server's policy allows inline scripts, which hashes would forbid) and
 * compression. If-None-Match loses the codings' ETag suffixes, so Next.js matches its own ETags.
 */
export function responseBody({ hashScripts }: { hashScripts: boolean }): Stage {
  return (exchange, next) => {
    const ifNoneMatch = exchange.request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string')
      exchange.request.headers['if-none-match'] = withoutEncodingSuffixes(ifNoneMatch);
    shapeResponse(exchange, hashScripts);
    return next();
  };
}

import type http from 'node:http';
import zlib from 'node:zlib';
import { MIN_COMPRESSED_BYTES, negotiateEncoding, type Encoding } from '../http/compression';

/**
 * When the server compresses what it sends, and how (the codings themselves and a client's choice
 * among them: lib/http/compression.ts, re-exported here for the pipeline). A page the server keeps
 * (lib/server/stored-pages.ts) is compressed once and sent as it is, as nginx's `gzip_static`
 * serves files compressed ahead; anything else is compressed as it is sent, at settings that cost
 * little per request (brotli at quality 4 is about as fast as gzip's default and a third smaller;
 * Node's default brotli quality, 11, costs 150 ms or more for a page).
 */
export { compressAnswer, MIN_COMPRESSED_BYTES, negotiateEncoding, type Encoding } from '../http/compression';

/** What is worth compressing: text of any kind, JSON, JavaScript, XML, SVG. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|x-javascript|xml|rss\+xml|atom\+xml|manifest\+json|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/i;

export function isCompressible(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE.test(contentType);
}

const FAST: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => zlib.gzipSync(body, { level: 6 }),
};

/** `body` compressed at the per-request settings. */
export function compressFast(body: Buffer, encoding: Encoding): Buffer {
  return FAST[encoding](body);
}

/** A streaming compressor at the per-request settings. */
export function fastCompressor(encoding: Encoding): zlib.BrotliCompress | zlib.Gzip {
  if (encoding === 'gzip') return zlib.createGzip({ level: 6 });
  return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
}

/**
 * An answer made for one request (a signed-in call's) is compressed from this size; smaller, it goes
 * as it is. With its head it fits in TCP's first flight (ten segments of 1,460 bytes, RFC 6928), so
 * compressing it would spare the client no round trip, only bytes; and per request it was the largest
 * single cost of a signed-in list call (12 % of its CPU profile; sent as they are, such calls ran up
 * to 1.5 times as fast: docs/performance.md, "Where an API call's time goes"). An answer kept and
 * sent again is compressed once, from MIN_COMPRESSED_BYTES.
 */
export const FIRST_FLIGHT_BYTES = 12 * 1024;

/**
 * The coding for an answer of `size` bytes (Infinity: streamed, size unknown); null to send it as it
 * is. `kept`: the answer is sent again from a copy (lib/server/api-answers.ts), and compressed once.
 */
export function answerCoding(
  acceptEncoding: string | string[] | undefined,
  size: number,
  kept = false,
): Encoding | null {
  if (size < (kept ? MIN_COMPRESSED_BYTES : FIRST_FLIGHT_BYTES)) return null;
  return negotiateEncoding(acceptEncoding);
}

/**
 * `body` compressed off the event loop: brotli at `quality` (at most 11), or gzip at level 9. A
 * stored page's first copy is made at brotli 6 (about twice the cost of quality 4, 10 % smaller);
 * 11 saves 10 % more at 20 to 40 times the cost (150–500 ms for a 130 KB page), which pays only
 * for a page sent very many times.
 */
export function compressStored(body: Buffer, encoding: Encoding, quality = 6): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'gzip') zlib.gzip(body, { level: 9 }, done);
    else
      zlib.brotliCompress(
        body,
        {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: Math.min(quality, zlib.constants.BROTLI_MAX_QUALITY),
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      );
  });
}

/**
 * The ETag of a body in a coding: each coding is its own representation (`"abc"` → `"abc-br"`), so
 * a cache never answers a 304 for bytes of another coding.
 */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/** If-None-Match with the codings' suffixes taken off, as the application knows its ETags. */
export function withoutEncodingSuffixes(ifNoneMatch: string): string {
  return ifNoneMatch.replace(/-(?:br|gzip)"/g, '"');
}

/** Adds `Accept-Encoding` to the response's Vary, once. */
export function varyOnEncoding(response: http.ServerResponse): void {
  const vary = response.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (current === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) return;
  response.setHeader('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

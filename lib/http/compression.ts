import zlib from 'node:zlib';

/**
 * The content codings an answer may be sent in, which one a client's Accept-Encoding asks for, and a
 * whole answer compressed at the level its size pays for. The server's pipeline (lib/server/compression.ts)
 * decides when to compress; an answer kept below it (lib/api/staff-answers.ts) is kept compressed.
 */
export type Encoding = 'br' | 'gzip';

/** Smaller bodies are sent as they are: the coding would save less than its own overhead. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The coding to send for an Accept-Encoding header: brotli, else gzip, each unless refused with
 * `q=0` (directly or through `*`); null for none.
 */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * An API answer of this size or more is compressed at the per-request settings (brotli 4, gzip 6);
 * a smaller one at the fastest. Measured on the API's own answers (docs/performance.md, "API"): a
 * list page of 6 KB takes 32 µs at brotli 1 (2.6 KB) and 70 µs at brotli 4 (2.4 KB), where the
 * streaming compressor used before spent 156 µs; the 930 KB OpenAPI document takes 0.45 ms at
 * brotli 1 (32 KB) and 1.6 ms at brotli 4 (27 KB), 5 KB less, which a 10 Mbit/s link takes 4 ms to
 * carry. Brotli 5 would save 5 KB more for another 1.2 ms of the server's single thread.
 */
const LARGE_ANSWER_BYTES = 64 * 1024;

/** A whole answer compressed at the level its size pays for (LARGE_ANSWER_BYTES). */
export function compressAnswer(body: Buffer, encoding: Encoding): Buffer {
  const large = body.length >= LARGE_ANSWER_BYTES;
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: large ? 6 : 1 });
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: large ? 4 : 1,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      // A window no larger than the body: brotli allocates it whole, 4 MB at its default.
      [zlib.constants.BROTLI_PARAM_LGWIN]: Math.max(
        zlib.constants.BROTLI_MIN_WINDOW_BITS,
        Math.min(zlib.constants.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(body.length))),
      ),
    },
  });
}

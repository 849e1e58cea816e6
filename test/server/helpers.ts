import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { pipeline } from '../../lib/server/pipeline';
import type { Stage } from '../../lib/server/stage';

/** A real HTTP server running `stages`, then `handler` in the place of Next.js. */
export async function serveThrough(
  stages: Stage[],
  handler: http.RequestListener,
): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer(pipeline(stages, handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Names and values as sent, repeated headers included. */
  rawHeaders: string[];
  /** The body as sent, still compressed. */
  raw: Buffer;
  /** The body decoded from its content coding. */
  text: string;
}

/** A request whose answer is not decoded by the client, so the test sees the coding as sent. */
export function get(
  base: string,
  path: string,
  headers: http.OutgoingHttpHeaders = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        // A HEAD or 304 answer names its coding but has no body to decode.
        const coding = raw.length ? response.headers['content-encoding'] : undefined;
        const plain = coding === 'br' ? zlib.brotliDecompressSync(raw) : coding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          rawHeaders: response.rawHeaders,
          raw,
          text: plain.toString('utf8'),
        });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

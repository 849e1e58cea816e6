import {
  compressStored,
  encodedEtag,
  isCompressible,
  negotiateEncoding,
  varyOnEncoding,
  type Encoding,
} from './compression';
import { keptHeaders, matchesEtag, type KeptHeaders } from './kept-answers';
import { BUILD_FILES_PATH } from './next';
import type { Exchange, FinishedPage, Stage } from './stage';

/**
 * Next.js's build files (`/_next/static/…`: scripts, styles, fonts) compressed once each and sent
 * as they are. Their names change with their content and Next.js sends them as immutable, so a copy
 * never goes stale; without this, every new visitor's few hundred kilobytes of scripts were
 * compressed again for each request. The first request of a file is compressed as it is sent;
 * brotli at its highest quality and gzip are made for the requests after it, off the event loop.
 */

/** The files of one build fit many times over; a new build's names replace the old ones as they are used. */
const MAX_BYTES = 16 * 1024 * 1024;

interface StoredFile {
  headers: KeptHeaders;
  etag: string;
  plain: Buffer;
  /** None for what does not compress (fonts, images): sent as they are. */
  br?: Buffer;
  gzip?: Buffer;
  bytes: number;
}

const files = new Map<string, StoredFile>();
const compressing = new Set<string>();
let bytes = 0;

function isStorable(file: FinishedPage): boolean {
  return (
    file.status === 200 &&
    /\bimmutable\b/.test(String(file.headers['cache-control'] ?? '')) &&
    file.headers['content-encoding'] === undefined
  );
}

async function store(key: string, file: FinishedPage): Promise<void> {
  const compressible = isCompressible(file.headers['content-type']);
  const [br, gzip] = compressible
    ? await Promise.all([compressStored(file.body, 'br', 11), compressStored(file.body, 'gzip')])
    : [];
  const headers = keptHeaders(file.headers);
  const etag = typeof file.headers.etag === 'string' ? file.headers.etag : '';
  const stored = {
    headers,
    etag,
    plain: file.body,
    br,
    gzip,
    bytes: file.body.length + (br?.length ?? 0) + (gzip?.length ?? 0),
  };
  if (stored.bytes > MAX_BYTES / 4) return;
  files.delete(key);
  files.set(key, stored);
  bytes += stored.bytes;
  while (bytes > MAX_BYTES) {
    const oldest = files.keys().next().value;
    if (oldest === undefined) break;
    bytes -= files.get(oldest)!.bytes;
    files.delete(oldest);
  }
}

function serve({ request, response }: Exchange, file: StoredFile): void {
  const coding: Encoding | null = file.br ? negotiateEncoding(request.headers['accept-encoding']) : null;
  for (const [name, value] of file.headers) response.setHeader(name, value);
  if (file.br) varyOnEncoding(response);
  const etag = coding && file.etag ? encodedEtag(file.etag, coding) : file.etag;
  if (etag) response.setHeader('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    response.writeHead(304);
    response.end();
    return;
  }
  const body = (coding && file[coding]) || file.plain;
  if (coding) response.setHeader('content-encoding', coding);
  response.setHeader('content-length', body.length);
  response.writeHead(200);
  response.end(request.method === 'HEAD' ? undefined : body);
}

export const staticFiles: Stage = async (exchange, next) => {
  const { request, path } = exchange;
  // A range request goes to Next.js, which answers it from the file.
  if (
    (request.method !== 'GET' && request.method !== 'HEAD') ||
    !path.startsWith(BUILD_FILES_PATH) ||
    request.headers.range
  )
    return next();
  const file = files.get(path);
  if (file) return serve(exchange, file);
  if (compressing.has(path) || request.method !== 'GET') return next();
  exchange.holdWhole = 'any';
  await next();
  const finished = await exchange.finished;
  if (!finished || !isStorable(finished) || compressing.has(path)) return;
  compressing.add(path);
  try {
    await store(path, finished);
  } catch {
    // Not stored: the next request of the file tries again.
  } finally {
    compressing.delete(path);
  }
};

/** For tests. */
export const storedFileCount = () => files.size;

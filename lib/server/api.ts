import type http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline as pipeStreams } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { dispatch } from '../api/dispatch';
import { securityHeaders } from '../security/headers.mjs';
import {
  answerCoding,
  compressAnswer,
  encodedEtag,
  fastCompressor,
  isCompressible,
  varyOnEncoding,
  withoutEncodingSuffixes,
  type Encoding,
} from './compression';
import type { Exchange, Stage } from './stage';

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** The headers Next.js's configuration gives every answer but uploads (next.config.mjs), as pairs. */
function headersOf(dev: boolean): [string, string][] {
  return securityHeaders(dev).map(({ key, value }) => [key.toLowerCase(), value]);
}

/**
 * The request as the dispatcher reads it (a fetch Request): the path and query as sent, on a fixed
 * origin (no handler reads the host; the scheme comes from X-Forwarded-Proto), the headers as they
 * arrived, the body streamed as it is read (the handlers' own limits refuse a large one early).
 */
function toRequest(request: http.IncomingMessage): Request {
  // The parsed headers, not the raw ones: the stages before may have set some (the peer address).
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    try {
      if (Array.isArray(value)) for (const each of value) headers.append(name, each);
      else headers.set(name, value);
    } catch {
      // A value a fetch Request cannot carry (Node accepts more than undici): no handler reads it.
    }
  }
  const method = (request.method ?? 'GET').toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`http://localhost${request.url ?? '/'}`, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/** The head of `answer` on `response`: status, every header (several Set-Cookie included), the stages' hooks. */
function writeHead(exchange: Exchange, answer: Response, fixed: readonly [string, string][]): void {
  const { response } = exchange;
  for (const [name, value] of fixed) response.setHeader(name, value);
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') response.setHeader(name, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) response.setHeader('set-cookie', cookies);
  response.statusCode = answer.status;
  for (const hook of exchange.headHooks) hook(response.statusCode, response);
}

/**
 * Sends the dispatcher's answer. A JSON body is compressed by its size (lib/server/compression.ts,
 * `answerCoding`): small ones go as they are; any other (an export, a file, a batch's parts) is
 * streamed, through the per-request compressor when its type is text.
 */
async function send(exchange: Exchange, answer: Response, fixed: readonly [string, string][]): Promise<void> {
  const { request, response } = exchange;
  writeHead(exchange, answer, fixed);
  const type = response.getHeader('content-type');
  const compressible = isCompressible(type);
  if (compressible) varyOnEncoding(response);
  const bodiless = request.method === 'HEAD' || answer.status === 204 || answer.status === 304;
  if (bodiless || !answer.body) {
    await answer.body?.cancel();
    if (!response.hasHeader('content-length') && answer.status !== 204 && answer.status !== 304)
      response.setHeader('content-length', 0);
    response.end();
    return;
  }
  const accept = request.headers['accept-encoding'];
  const mayEncode = compressible && !response.hasHeader('content-encoding');
  if (isJson(type)) {
    // Whole: the dispatcher made it whole; its size chooses the coding.
    const body = Buffer.from(await answer.arrayBuffer());
    const coding = mayEncode ? answerCoding(accept, body.length) : null;
    const sent = coding ? compressAnswer(body, coding) : body;
    if (coding) markEncoded(response, coding);
    response.setHeader('content-length', sent.length);
    response.end(sent);
    return;
  }
  // Streamed as it is made (an export, a file, a batch's parts).
  const coding = mayEncode ? answerCoding(accept, Infinity) : null;
  if (coding) {
    response.removeHeader('content-length');
    markEncoded(response, coding);
  }
  const source = Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>);
  try {
    await (coding ? pipeStreams(source, fastCompressor(coding), response) : pipeStreams(source, response));
  } catch {
    // The client went away, or the stream failed after the head was sent: nothing more can be said.
    response.destroy();
  }
}

function markEncoded(response: http.ServerResponse, coding: Encoding): void {
  response.setHeader('content-encoding', coding);
  const etag = response.getHeader('etag');
  // Each coding is its own representation (lib/server/compression.ts, encodedEtag).
  if (typeof etag === 'string') response.setHeader('etag', encodedEtag(etag, coding));
}

const isJson = (type: unknown) => typeof type === 'string' && /^application\/(?:[\w.-]+\+)?json\b/i.test(type);

/** The methods the API answers, as Next.js's route handler said them: no body, no cookie. */
function allowed({ response }: Exchange, fixed: readonly [string, string][]): void {
  for (const [name, value] of fixed) response.setHeader(name, value);
  response.setHeader('allow', 'DELETE, GET, HEAD, OPTIONS, POST, PUT');
  response.writeHead(204);
  response.end();
}

/**
 * Every /api request is answered here by the API's dispatcher (lib/api/dispatch.ts), without
 * Next.js: the stages before have given it its id, its log line, its peer address and its gate;
 * the security headers every answer carries are set here, as Next.js's configuration sets them on
 * pages.
 */
export function apiStage({ dev }: { dev: boolean }): Stage {
  const fixed = headersOf(dev);
  return async (exchange, next) => {
    if (!isApiPath(exchange.path)) return next();
    const { headers } = exchange.request;
    // The handlers know their ETags without the codings' suffixes.
    if (typeof headers['if-none-match'] === 'string')
      headers['if-none-match'] = withoutEncodingSuffixes(headers['if-none-match']);
    if (exchange.request.method === 'OPTIONS') return allowed(exchange, fixed);
    const answer = await dispatch(toRequest(exchange.request));
    await send(exchange, answer, fixed);
  };
}

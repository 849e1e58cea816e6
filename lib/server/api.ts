import type http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline as pipeStreams } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { dispatchWhole, visitorReadRoute } from '../api/dispatch';
import { requestWithBody, wholeAnswerBody, type ApiRequest } from '../api/http';
import { XSRF_COOKIE, XSRF_HEADER } from '../api/xsrf-cookie';
import { xsrfMatches } from '../api/xsrf';
import { contentEpoch } from '../cache/content-epoch';
import { MEMBER_SESSION_COOKIE, readCookie } from '../http/cookies';
import { nodeHeaderReader } from '../http/request-headers';
import { noteRequest } from '../observability/request-store';
import { securityHeaders } from '../security/headers.mjs';
import { codedBody, keepAnswer, keptAnswer, type KeptAnswer } from './api-answers';
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
import { finalHead } from './final-head';
import type { Exchange, Stage } from './stage';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** A visitor's read with a larger body is not kept (lib/server/api-answers.ts): lists' bodies are tiny. */
const KEPT_BODY_LIMIT = 16 * 1024;

/** The headers Next.js's configuration gives every answer but uploads (next.config.mjs), as pairs. */
function headersOf(dev: boolean): [string, string][] {
  return securityHeaders(dev).map(({ key, value }) => [key.toLowerCase(), value]);
}

/** A body up to this size is read before the call is dispatched (JSON calls are small); a larger one is streamed. */
const READ_AHEAD_LIMIT = 64 * 1024;

/**
 * The request as the dispatcher reads it (lib/api/http.ts `ApiRequest`, no fetch Request): the path
 * and query as sent, on a fixed origin (no handler reads the host; the scheme comes from
 * X-Forwarded-Proto), Node's parsed headers (the stages before may have set some: the peer
 * address), the body given (read already) or streamed as it is read (the handlers' own limits
 * refuse a large one early).
 */
function toRequest(request: http.IncomingMessage, body?: Buffer): ApiRequest {
  const method = (request.method ?? 'GET').toUpperCase();
  const read = { method, url: `http://localhost${request.url ?? '/'}`, headers: nodeHeaderReader(request.headers) };
  if (method === 'GET' || method === 'HEAD') return { ...read, body: null };
  if (body) return requestWithBody(read, body);
  return { ...read, body: Readable.toWeb(request) as ReadableStream<Uint8Array> };
}

/** Whether the request's body is small enough, by its declared length, to be read whole before dispatching. */
const readsAhead = (request: http.IncomingMessage) =>
  request.method !== 'GET' &&
  request.method !== 'HEAD' &&
  request.headers['transfer-encoding'] === undefined &&
  Number(request.headers['content-length']) <= READ_AHEAD_LIMIT;

/** The head: the fixed headers, the answer's (several Set-Cookie included), then the stages' decisions over it. */
function writeHead(
  exchange: Exchange,
  status: number,
  headers: Iterable<[string, string]>,
  cookies: string[],
  fixed: readonly [string, string][],
): void {
  const { response } = exchange;
  for (const [name, value] of fixed) response.setHeader(name, value);
  for (const [name, value] of headers) response.setHeader(name, value);
  if (cookies.length) response.setHeader('set-cookie', cookies);
  response.statusCode = status;
  finalHead(exchange);
}

function markEncoded(response: http.ServerResponse, coding: Encoding): void {
  response.setHeader('content-encoding', coding);
  const etag = response.getHeader('etag');
  // Each coding is its own representation (lib/server/compression.ts, encodedEtag).
  if (typeof etag === 'string') response.setHeader('etag', encodedEtag(etag, coding));
}

const bodiless = (method: string | undefined, status: number) => method === 'HEAD' || status === 204 || status === 304;

/**
 * Ends the answer with a whole body, in the coding its size and the client choose: compressed now,
 * or once for every time a `kept` answer is sent (answerCoding).
 */
function endWhole(exchange: Exchange, body: Buffer, kept?: KeptAnswer): void {
  const { request, response } = exchange;
  const type = response.getHeader('content-type');
  const compressible = isCompressible(type) && !response.hasHeader('content-encoding');
  if (isCompressible(type)) varyOnEncoding(response);
  if (bodiless(request.method, response.statusCode)) {
    response.end();
    return;
  }
  const coding = compressible
    ? answerCoding(request.headers['accept-encoding'], body.length, kept !== undefined)
    : null;
  const sent = !coding ? body : kept ? codedBody(kept, coding) : compressAnswer(body, coding);
  if (coding) markEncoded(response, coding);
  response.setHeader('content-length', sent.length);
  response.end(sent);
}

/**
 * Sends the dispatcher's answer. A JSON answer of `json` (its bytes beside it) is compressed by its
 * size (lib/server/compression.ts, `answerCoding`): small ones go as they are; any other (an export,
 * a file, a batch's parts) is streamed, through the per-request compressor when its type is text.
 */
async function send(exchange: Exchange, answer: Response, fixed: readonly [string, string][]): Promise<void> {
  const { request, response } = exchange;
  writeHead(exchange, answer.status, answerHeaders(answer), answer.headers.getSetCookie(), fixed);
  const type = response.getHeader('content-type');
  // A JSON answer's bytes, made whole by the dispatcher (not in its body).
  const whole = wholeAnswerBody(answer);
  if (bodiless(request.method, answer.status) || (!answer.body && !whole)) {
    await answer.body?.cancel();
    if (isCompressible(type)) varyOnEncoding(response);
    if (!response.hasHeader('content-length') && answer.status !== 204 && answer.status !== 304)
      response.setHeader('content-length', 0);
    response.end();
    return;
  }
  // Whole: its size chooses the coding.
  if (whole) return endWhole(exchange, whole);
  // Streamed as it is made (an export, a file, a batch's parts).
  const compressible = isCompressible(type) && !response.hasHeader('content-encoding');
  if (isCompressible(type)) varyOnEncoding(response);
  const coding = compressible ? answerCoding(request.headers['accept-encoding'], Infinity) : null;
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

/** The answer's headers but Set-Cookie (sent apart, one header line each). */
function answerHeaders(answer: Response): [string, string][] {
  const pairs: [string, string][] = [];
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') pairs.push([name, value]);
  });
  return pairs;
}

/** The methods the API answers, as Next.js's route handler said them: no body, no cookie. */
function allowed({ response }: Exchange, fixed: readonly [string, string][]): void {
  for (const [name, value] of fixed) response.setHeader(name, value);
  response.setHeader('allow', 'DELETE, GET, HEAD, OPTIONS, POST, PUT');
  response.writeHead(204);
  response.end();
}

/** The request's body (by its events: an async iterator costs more than a small body's reading). */
function readWhole(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    request.once('error', reject);
    request.once('close', () => {
      if (!request.complete) reject(new Error('The client closed the request before its body was complete.'));
    });
  });
}

const header = (request: http.IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

/**
 * A visitor's read that may be answered from, or kept in, lib/server/api-answers.ts: no
 * Authorization nor member session, an XSRF cookie already (else the answer sets one), a small body. Its key and
 * route, or undefined (the body, if it had to be read to tell, comes back too).
 */
async function visitorRead(
  request: http.IncomingMessage,
): Promise<{ key?: string; route?: string; body?: Buffer } | undefined> {
  const method = request.method;
  if ((method !== 'GET' && method !== 'POST') || request.headers.authorization !== undefined) return undefined;
  const cookies = header(request, 'cookie') ?? '';
  const cookie = readCookie(cookies, XSRF_COOKIE);
  // A signed-in Member is no visitor (the member area's cookie signs in their calls): their answers
  // are neither taken from nor kept for visitors.
  if (cookie === null || readCookie(cookies, MEMBER_SESSION_COOKIE) !== null) return undefined;
  const url = new URL(`http://localhost${request.url ?? '/'}`);
  const route = visitorReadRoute(method, url, xsrfMatches(cookie, header(request, XSRF_HEADER)));
  if (!route) return undefined;
  let body: Buffer | undefined;
  if (method === 'POST') {
    const length = Number(request.headers['content-length']);
    if (!(length <= KEPT_BODY_LIMIT) || request.headers['transfer-encoding'] !== undefined) return {};
    body = await readWhole(request);
  }
  const language = header(request, 'web-language') ?? '';
  const role = header(request, 'web-role') ?? '';
  return { key: `${method} ${request.url}\n${language}\n${role}\n${body?.toString('latin1') ?? ''}`, route, body };
}

function sendKept(exchange: Exchange, kept: KeptAnswer, fixed: readonly [string, string][]): void {
  noteRequest({ route: `/api/${kept.route}` });
  writeHead(exchange, kept.status, kept.headers, [], fixed);
  endWhole(exchange, kept.body, kept);
}

/**
 * Every /api request is answered here by the API's dispatcher (lib/api/dispatch.ts), without
 * Next.js: the stages before have given it its id, its log line, its peer address and its gate;
 * the security headers every answer carries are set here, as Next.js's configuration sets them on
 * pages. A visitor's read is answered from lib/server/api-answers.ts when it was answered a moment ago.
 */
export function apiStage({ dev }: { dev: boolean }): Stage {
  const fixed = headersOf(dev);
  return async (exchange, next) => {
    if (!isApiPath(exchange.path)) return next();
    const { request } = exchange;
    // The handlers know their ETags without the codings' suffixes.
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string') request.headers['if-none-match'] = withoutEncodingSuffixes(ifNoneMatch);
    if (request.method === 'OPTIONS') return allowed(exchange, fixed);
    const read = await visitorRead(request);
    const kept = read?.key ? keptAnswer(read.key) : undefined;
    if (kept) return sendKept(exchange, kept, fixed);
    const epoch = contentEpoch();
    const body = read?.body ?? (readsAhead(request) ? await readWhole(request) : undefined);
    const answer = await dispatchWhole(toRequest(request, body));
    const whole = wholeAnswerBody(answer);
    const made =
      read?.key && read.route && whole && answer.status === 200 && !answer.headers.has('set-cookie')
        ? keepAnswer(read.key, { status: 200, headers: answerHeaders(answer), body: whole, route: read.route }, epoch)
        : undefined;
    // Kept: sent as it will be again, compressed once.
    if (made) return sendKept(exchange, made, fixed);
    await send(exchange, answer, fixed);
  };
}

import type http from 'node:http';
import { Readable } from 'node:stream';
import { parseWireLanguage, type WireLanguage } from '../i18n/languages';
import { translate } from '../i18n/messages';
import { PEER_ADDRESS_HEADER } from '../http/client-address';
import { ACTION_HEADER, isValidRouterState, ROUTER_STATE_HEADER } from './next';
import type { Stage } from './stage';

/** Methods some route answers; anything else (TRACE, TRACK, CONNECT…) is refused here. */
const SUPPORTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];
/** next.config.mjs's serverActions.bodySizeLimit. */
const ACTION_BODY_LIMIT = 1024 * 1024;

type Refusal = { status: number; key: string; values?: Record<string, string> };

function pathOf(request: http.IncomingMessage): string {
  return (request.url ?? '/').split('?')[0];
}

function isApi(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** The request's language: the API's Web-Language header, a page's /en prefix. */
function languageOf(request: http.IncomingMessage, path: string): WireLanguage {
  if (isApi(path)) return parseWireLanguage(String(request.headers['web-language'] ?? ''));
  return /^\/en(?:[-/]|$)/.test(path) ? 'en' : 'tw';
}

function refuse(request: http.IncomingMessage, response: http.ServerResponse, refusal: Refusal): void {
  const path = pathOf(request);
  const message = translate(languageOf(request, path), `api.${refusal.key}`, refusal.values);
  const api = isApi(path);
  response.statusCode = refusal.status;
  response.setHeader('content-type', api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.setHeader('x-content-type-options', 'nosniff');
  if (refusal.status === 405) response.setHeader('allow', SUPPORTED_METHODS.join(', '));
  response.end(api ? JSON.stringify({ message }) : message);
}

/** What can be said from the request line and headers alone. */
function checkHead(request: http.IncomingMessage): Refusal | null {
  const method = (request.method ?? '').toUpperCase();
  if (!SUPPORTED_METHODS.includes(method)) return { status: 405, key: 'methodNotSupported', values: { method } };
  try {
    decodeURIComponent(pathOf(request));
  } catch {
    return { status: 400, key: 'malformedRequest' };
  }
  if (!isValidRouterState(request.headers[ROUTER_STATE_HEADER])) return { status: 400, key: 'malformedRequest' };
  return null;
}

/** A page POST is a server action (with JavaScript: Next-Action; without: a multipart form). */
function isActionPost(request: http.IncomingMessage): boolean {
  const path = pathOf(request);
  if (request.method?.toUpperCase() !== 'POST' || isApi(path) || path.startsWith('/uploads/')) return false;
  return (
    request.headers[ACTION_HEADER] !== undefined || /^multipart\/form-data/i.test(request.headers['content-type'] ?? '')
  );
}

/** Next.js refuses an action from another origin, but with a 500; the same rule, answered 403. */
function isForeign(request: http.IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const host = String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '')
    .split(',')[0]
    .trim();
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

async function readLimited(request: http.IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > ACTION_BODY_LIMIT) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Reads an action's body whole and checks it decodes: the form data, or the JSON of the arguments. */
async function checkActionBody(request: http.IncomingMessage, body: Buffer): Promise<Refusal | null> {
  const type = request.headers['content-type'] ?? '';
  try {
    if (/^multipart\/form-data/i.test(type))
      await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    else JSON.parse(body.toString('utf8'));
    return null;
  } catch {
    return { status: 400, key: 'malformedRequest' };
  }
}

/** Gives the request its body back, read already, as Next.js does after its proxy reads it. */
function replayBody(request: http.IncomingMessage, body: Buffer): void {
  const replay = new Readable({ read() {} });
  replay.push(body);
  replay.push(null);
  const target = request as unknown as Record<string, unknown>;
  for (const key in replay) {
    const value = (replay as unknown as Record<string, unknown>)[key];
    target[key] = typeof value === 'function' ? value.bind(replay) : value;
  }
}

/**
 * Every request passes here before Next.js sees it:
 * - its socket address is written into PEER_ADDRESS_HEADER, replacing any value the client sent
 *   (route handlers never see the socket; lib/http/client-address.ts trusts only this header);
 * - garbled requests that Next.js would answer with a 500 get a 4xx in the request's language:
 *   an unsupported method, an undecodable %-escape in the path, a router-state header that does not
 *   parse, a server action from another origin or with a body that does not decode.
 */
export const requestGate: Stage = async ({ request, response }, next) => {
  request.headers[PEER_ADDRESS_HEADER] = request.socket?.remoteAddress ?? '';
  const refusal = checkHead(request);
  if (refusal) return refuse(request, response, refusal);
  if (!isActionPost(request)) return next();
  if (isForeign(request)) return refuse(request, response, { status: 403, key: 'foreignOrigin' });
  let body: Buffer | null;
  try {
    body = await readLimited(request);
  } catch {
    return refuse(request, response, { status: 400, key: 'malformedRequest' });
  }
  if (!body) return refuse(request, response, { status: 413, key: 'bodyTooLarge', values: { limit: '1 MB' } });
  const bad = await checkActionBody(request, body);
  if (bad) return refuse(request, response, bad);
  replayBody(request, body);
  return next();
};

/** The answer to a request the server could not serve: 500 in the request's language, nothing of the error's detail. */
export function refuseWithServerError(request: http.IncomingMessage, response: http.ServerResponse): void {
  refuse(request, response, { status: 500, key: 'internal' });
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddressFrom, isTrustedPeer } from '../http/client-address';
import { hookRequests } from '../http/server-hook';
import { logger } from './logger';
import { methodLabel, metrics } from './metrics';
import { requestStore, type RequestRecord } from './request-store';

/** An incoming X-Request-Id is kept only from a trusted proxy, and only if it looks like an id. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(peer: string | undefined, incoming: string | string[] | undefined): string {
  const sent = Array.isArray(incoming) ? incoming[0] : incoming;
  if (sent && REQUEST_ID.test(sent) && isTrustedPeer(peer)) return sent;
  return randomUUID();
}

const NEXT_REQUEST_META = Symbol.for('NextInternalRequestMeta');

interface NextMatch {
  match?: { definition?: { page?: string } };
}

/**
 * The route pattern of a request for the log and the metrics: what the API dispatcher noted, else
 * the app route Next.js matched (`/[locale]/news/[id]`), else a fixed name: never the raw path,
 * whose ids would make the metrics' label space unbounded.
 */
export function routePattern(request: IncomingMessage, record: RequestRecord, status: number): string {
  if (record.route) return record.route;
  const page = ((request as unknown as Record<symbol, NextMatch | undefined>)[NEXT_REQUEST_META])?.match?.definition?.page;
  if (page) return page.replace(/\/(page|route)$/, '') || '/';
  const path = request.url ?? '';
  if (path.startsWith('/_next/')) return '/_next/*';
  if (status >= 300 && status < 400) return '(redirect)';
  if (status === 404) return '(not found)';
  return '(other)';
}

/** Serves one request inside its record, and logs and counts it when its answer has been sent. */
function observe(request: IncomingMessage, response: ServerResponse, serve: () => boolean): boolean {
  const started = process.hrtime.bigint();
  const peer = request.socket?.remoteAddress;
  const record: RequestRecord = {
    id: requestIdFor(peer, request.headers['x-request-id']),
    clientAddress: clientAddressFrom(peer, request.headers['x-forwarded-for'] as string | undefined),
  };
  response.setHeader('x-request-id', record.id);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const status = response.statusCode;
    const route = routePattern(request, record, status);
    const method = methodLabel(request.method);
    const { requests, requestDuration } = metrics();
    requests.inc({ route, method, status: String(status) });
    requestDuration.observe({ route, method }, seconds);
    logger().info(
      {
        requestId: record.id,
        method: request.method,
        route,
        status,
        durationMs: Math.round(seconds * 10000) / 10,
        clientAddress: record.clientAddress,
        ...(record.accountId !== undefined ? { accountId: record.accountId } : {}),
        ...(response.writableFinished ? {} : { aborted: true }),
      },
      'request',
    );
  };
  response.once('finish', finish);
  response.once('close', finish);
  return requestStore.run(record, serve);
}

/** Every HTTP server of the process logs and counts its requests. Idempotent. */
export function logRequests(): void {
  hookRequests('requestLog', observe);
}

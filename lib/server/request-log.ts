import { randomUUID } from 'node:crypto';
import { adminRouting } from '../admin/rewrite';
import { clientAddressFrom, isTrustedPeer } from '../http/client-address';
import { logger } from '../observability/logger';
import { methodLabel, metrics } from '../observability/metrics';
import { requestStore, type RequestRecord } from '../observability/request-store';
import type { Stage } from './stage';
import { matchRoutePattern, type RoutePattern } from './route-patterns';

/** An incoming X-Request-Id is kept only from a trusted proxy, and only if it looks like an id. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(peer: string | undefined, incoming: string | string[] | undefined): string {
  const sent = Array.isArray(incoming) ? incoming[0] : incoming;
  if (sent && REQUEST_ID.test(sent) && isTrustedPeer(peer)) return sent;
  return randomUUID();
}

/**
 * The route pattern of a request for the log and the metrics: what the API dispatcher noted, else
 * a fixed name for what no route served (a redirect, a not-found, Next's own files), else the app
 * route the path reaches (`/[locale]/news/[id]`; back-office paths through the proxy's rewrite).
 */
export function routePattern(
  path: string,
  record: RequestRecord,
  status: number,
  routes: readonly RoutePattern[],
): string {
  if (record.route) return record.route;
  if (path.startsWith('/_next/')) return '/_next/*';
  if (status >= 300 && status < 400) return '(redirect)';
  if (status === 404) return '(not found)';
  let byPath = patternsByPath.get(routes);
  if (!byPath) patternsByPath.set(routes, (byPath = new Map()));
  let pattern = byPath.get(path);
  if (pattern === undefined) {
    pattern = matchPath(path, routes);
    if (byPath.size >= REMEMBERED_PATHS) byPath.clear();
    byPath.set(path, pattern);
  }
  return pattern;
}

function matchPath(path: string, routes: readonly RoutePattern[]): string {
  try {
    const admin = adminRouting(path);
    return matchRoutePattern(admin && 'rewrite' in admin ? admin.rewrite : path, routes) ?? '(other)';
  } catch {
    // A path that does not decode (the gate refused it): no route reached.
    return '(other)';
  }
}

/** The pattern of each path seen lately: matching one costs more than the rest of the log line. */
const patternsByPath = new WeakMap<readonly RoutePattern[], Map<string, string>>();
const REMEMBERED_PATHS = 10_000;

/**
 * Gives the request its id (X-Request-Id on the answer) and its record (lib/observability/request-store.ts),
 * and logs and counts it once its answer has been sent or the client has gone.
 */
export function requestLog(routes: readonly RoutePattern[]): Stage {
  return ({ request, response, path }, next) => {
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
      const route = routePattern(path, record, status, routes);
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
    return requestStore.run(record, next);
  };
}

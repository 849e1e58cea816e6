import type http from 'node:http';
import { hookRequests } from './server-hook';

/**
 * How long an idle keep-alive connection stays open: longer than the clients in front of the app
 * keep theirs (Varnish's backend_idle_timeout and most load balancers: 60 s). With Node's default
 * of 5 s, the app closes connections those clients still count as open, and a request sent on one
 * just as it closes fails with a reset (a 503 from the cache tier, ECONNRESET for an API client).
 */
export const KEEP_ALIVE_MS = 65_000;

/** Sets the keep-alive and header timeouts on every server of the process, at its first request (Next.js makes the servers). */
export function keepConnectionsOpen(): void {
  hookRequests('keepAlive', (request, response, serve) => {
    const server = (request.socket as typeof request.socket & { server?: http.Server }).server;
    if (server && server.keepAliveTimeout < KEEP_ALIVE_MS) {
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      // Node's advice: a header timeout above the keep-alive one.
      server.headersTimeout = KEEP_ALIVE_MS + 1_000;
      // The response of this first request took the old value when Node made it (an internal field).
      const first = response as typeof response & { _keepAliveTimeout?: number };
      if (first._keepAliveTimeout !== undefined) first._keepAliveTimeout = KEEP_ALIVE_MS;
    }
    return serve();
  });
}

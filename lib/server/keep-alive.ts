import type http from 'node:http';

/**
 * How long an idle keep-alive connection stays open: longer than the clients in front of the app
 * keep theirs (Varnish's backend_idle_timeout and most load balancers: 60 s). With Node's default
 * of 5 s, the app closes connections those clients still count as open, and a request sent on one
 * just as it closes fails with a reset (a 503 from the cache tier, ECONNRESET for an API client).
 */
const KEEP_ALIVE_MS = 65_000;

/** Sets the keep-alive and header timeouts on the server before it listens. */
export function keepConnectionsOpen(server: http.Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node's advice: a header timeout above the keep-alive one.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

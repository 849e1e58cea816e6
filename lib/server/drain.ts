import type http from 'node:http';
import { config } from '../config';
import { beforeDatabaseCloses } from '../db';
import type { Stage } from './stage';

/**
 * Stopping without failing a request (docs/operations.md, "Upgrades without downtime"). Once told
 * to stop (SIGTERM, SIGINT), the server:
 * 1. answers /readyz 503 `{"status":"draining"}` at once, so the cache tier's probe (and any load
 *    balancer's) takes it out of rotation, and says `Connection: close` on every answer from then
 *    on, so no connection goes back to waiting for another request;
 * 2. keeps serving for the grace (`SHUTDOWN_GRACE_SECONDS`), long enough for the probe to notice:
 *    requests already on their way are still answered;
 * 3. closes its port and its idle connections (nobody sends on them any more), and waits for every
 *    request in flight (an upload, a save) to be answered;
 * then the database is closed (lib/db/index.ts) and the process exits.
 */
interface Drain {
  /** The pipeline's first stage: answers /readyz while draining, marks answers `Connection: close`. */
  stage: Stage;
  /** Starts draining `server` (once); resolves when every connection is closed. */
  start(server: http.Server, graceMs: number): Promise<void>;
  /**
   * Drains `server` when the process is told to stop, before the database closes: after
   * `SHUTDOWN_GRACE_SECONDS`, or at once for the development server (nothing probes it); then
   * `afterDrain` (what the last requests left to write).
   */
  onStop(server: http.Server, options: { dev: boolean; afterDrain?: () => Promise<void> }): void;
}

/** How often connections that went idle while draining are closed. */
const IDLE_SWEEP_MS = 100;

export function drain(): Drain {
  let draining = false;
  let finished: Promise<void> | undefined;
  const inFlight = new Set<http.ServerResponse>();

  const closeAfterAnswer = (response: http.ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };

  const stage: Stage = ({ path, response }, next) => {
    if (draining) {
      if (path === '/readyz') {
        response.writeHead(503, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
          connection: 'close',
        });
        response.end(JSON.stringify({ status: 'draining' }));
        return;
      }
      closeAfterAnswer(response);
    } else {
      inFlight.add(response);
      response.once('close', () => inFlight.delete(response));
    }
    return next();
  };

  const start = (server: http.Server, graceMs: number): Promise<void> => {
    if (finished) return finished;
    draining = true;
    for (const response of inFlight) closeAfterAnswer(response);
    console.log(`Draining: /readyz answers 503; closing the port in ${graceMs / 1000} s.`);
    finished = new Promise<void>((resolve) => {
      setTimeout(() => {
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      }, graceMs);
    });
    return finished;
  };

  return {
    stage,
    start,
    onStop(server, { dev, afterDrain }) {
      beforeDatabaseCloses(async () => {
        await start(server, dev ? 0 : config().shutdownGraceSeconds * 1000);
        await afterDrain?.();
      });
    },
  };
}

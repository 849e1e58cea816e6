import type http from 'node:http';
import type { Socket } from 'node:net';
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
 *    request in flight (an upload, a save) to be answered; a second after the last, it closes the
 *    connections left, on which no request came;
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
/** How often, once the port is closed, the requests still unanswered are logged. */
const WAITING_REPORT_MS = 10_000;
/**
 * How long connections may stay open once every request is answered. One carrying no request (a
 * browser's spare connection, a request whose headers never finished) is neither idle to Node nor
 * in flight, and would hold the process until the header timeout (65 s).
 */
const LINGER_MS = 1_000;

export function drain(): Drain {
  let draining = false;
  let finished: Promise<void> | undefined;
  /** Every request not yet answered, with when it came: what a drain that takes long waits for. */
  const inFlight = new Map<http.ServerResponse, { request: string; since: number }>();
  const connections = new Set<Socket>();

  const closeAfterAnswer = (response: http.ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };

  const stage: Stage = ({ request, path, response }, next) => {
    inFlight.set(response, { request: `${request.method} ${path}`, since: Date.now() });
    response.once('close', () => inFlight.delete(response));
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
    }
    return next();
  };

  const start = (server: http.Server, graceMs: number): Promise<void> => {
    if (finished) return finished;
    draining = true;
    for (const response of inFlight.keys()) closeAfterAnswer(response);
    console.log(`Draining: /readyz answers 503; closing the port in ${graceMs / 1000} s.`);
    finished = new Promise<void>((resolve) => {
      setTimeout(() => {
        let quietSince = Date.now();
        const sweep = setInterval(() => {
          server.closeIdleConnections();
          if (inFlight.size > 0) quietSince = Date.now();
          else if (Date.now() - quietSince >= LINGER_MS) closeTheRest(server);
        }, IDLE_SWEEP_MS);
        // A drain that takes long says what it waits for (a slow upload, a request that hangs).
        const report = setInterval(() => reportWaiting(server), WAITING_REPORT_MS);
        server.close(() => {
          clearInterval(sweep);
          clearInterval(report);
          resolve();
        });
        server.closeIdleConnections();
      }, graceMs);
    });
    return finished;
  };

  let restClosed = false;
  const closeTheRest = (server: http.Server) => {
    if (restClosed) return;
    restClosed = true;
    // What they had read says what they were (tracked from onStop on).
    const lingering = [...connections].map((socket) => `${socket.bytesRead} bytes read, ${socket.bytesWritten} sent`);
    if (lingering.length)
      console.log(
        `Draining: every request answered; closing ${lingering.length} connection(s) left (${lingering.join('; ')}).`,
      );
    server.closeAllConnections();
  };

  const reportWaiting = (server: http.Server) => {
    const now = Date.now();
    const requests = [...inFlight.values()].map(
      ({ request, since }) => `${request} (${Math.round((now - since) / 1000)} s)`,
    );
    server.getConnections((_, connections) =>
      console.log(`Draining: ${connections} connection(s) still open; unanswered: ${requests.join(', ') || 'none'}.`),
    );
  };

  return {
    stage,
    start,
    onStop(server, { dev, afterDrain }) {
      server.on('connection', (socket: Socket) => {
        connections.add(socket);
        socket.once('close', () => connections.delete(socket));
      });
      beforeDatabaseCloses(async () => {
        await start(server, dev ? 0 : config().shutdownGraceSeconds * 1000);
        await afterDrain?.();
      });
    },
  };
}

import { processSlot } from '../runtime/process-state';

/**
 * Whether PostgreSQL can be reached: errors that mean the server is away (refused, reset, timed
 * out, shutting down, a connection cut) as opposed to a query's own failure. A request that meets
 * one is answered 503 with Retry-After (lib/api/dispatch.ts, lib/server/error-pages.ts), never 500,
 * and the pool's latest attempt to connect is remembered here so a failed page can say why.
 */

/** When a client answered 503 because the database is away is asked to try again (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node's codes for a server that does not answer or dropped the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's: a connection exception (class 08), a statement cancelled (57014: over the
 * statement_timeout a server's connections carry, lib/db/client.ts), shutting down or starting
 * (57P01–57P03), too many connections.
 */
const SERVER_CODES = /^(08...|57014|57P0[123]|53300)$/;
/**
 * node-postgres's own errors for a lost connection or a pool that could not connect in time, and
 * ours for a statement that got no answer in time (StatementTimeoutError, lib/db/client.ts).
 */
const CLIENT_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable|database did not answer within/i;

/** Whether `error`, or one it wraps (Drizzle's has the driver's as `cause`), says the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
    if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

// One per process: the pool is opened by the server's bundle, read by Next.js's bundles too.
declare module '../runtime/process-state' {
  interface ProcessSlots {
    databaseAway: { since?: number; backAt?: number };
  }
}
const away = processSlot('databaseAway', () => ({}));

/** Records the outcome of an attempt to reach the database: a failure that means it is away, or a success. */
export function noteDatabaseAttempt(error?: unknown): void {
  if (error === undefined) {
    if (away.since !== undefined) away.backAt = Date.now();
    away.since = undefined;
  } else if (isDatabaseUnavailable(error)) away.since ??= Date.now();
}

/**
 * Whether the latest attempt to connect to the database failed because it is away; with `since`
 * (a request's start), also whether it came back after then: a request that met the outage may
 * fail as another request finds the database back.
 */
export function databaseAway(since?: number): boolean {
  return away.since !== undefined || (since !== undefined && away.backAt !== undefined && away.backAt >= since);
}

import { config } from '../config';
import { processSlot } from '../runtime/process-state';
import { openPglite, openPostgres, type Connection, type Database } from './client';

declare module '../runtime/process-state' {
  interface ProcessSlots {
    database: DatabaseState;
  }
}

export type { Database, Connection };

type StartupTask = (connection: Connection) => Promise<void>;

/**
 * The process-wide connection, opened on first use. One per process (lib/runtime/process-state.ts):
 * the server (server.ts) and Next.js's bundles of route handlers are built apart, and a second PGlite
 * on the same folder would corrupt it. Start-up work (the first Admin, demo content) finishes before getDb() resolves.
 */
interface DatabaseState {
  connection?: Promise<Connection>;
  startupTask?: StartupTask;
  /** What must end before the database closes on a signal (the server draining its requests). */
  beforeClose?: () => Promise<void>;
  /** Whether each statement is bounded by DATABASE_TIMEOUT_MS (the server; scripts run unbounded). */
  boundedStatements?: boolean;
  closing: boolean;
}

const state: DatabaseState = processSlot('database', () => ({ closing: false }));

export function onDatabaseOpen(task: StartupTask): void {
  state.startupTask = task;
}

/**
 * On PostgreSQL, bounds every statement the server's requests send by DATABASE_TIMEOUT_MS, so a
 * request is answered 503 in time even when its connection hangs (lib/db/client.ts). The server
 * calls this before it connects; scripts (backups, restores, image copies, seeding) do not, and run
 * their long statements unbounded. Start-up's migrations run unbounded either way.
 */
export function boundStatementsByTimeout(): void {
  state.boundedStatements = true;
}

function shuttingDown() {
  return Promise.reject(new Error('The server is shutting down'));
}

/**
 * The connection with migrations applied and the start-up work done (on PostgreSQL both under one
 * advisory lock, so servers started together take turns); requests and start-up tasks wait here.
 */
export function connect(): Promise<Connection> {
  if (state.closing) return shuttingDown();
  state.connection ??= (async () => {
    const { databaseUrl, dataDir, shutdownGraceSeconds, databaseTimeoutMs } = config();
    const atStartup = state.startupTask;
    if (databaseUrl) {
      const statementTimeoutMs = state.boundedStatements ? databaseTimeoutMs : undefined;
      return openPostgres(databaseUrl, { connectTimeoutMs: databaseTimeoutMs, statementTimeoutMs, atStartup });
    }
    const opened = await openPglite(dataDir, shutdownGraceSeconds * 1000);
    try {
      if (atStartup) await atStartup(opened);
    } catch (error) {
      await opened.close().catch(() => {});
      throw error;
    }
    return opened;
  })().catch((error) => {
    state.connection = undefined;
    throw error;
  });
  return state.connection;
}

/** The connection once start-up work is done (one step with connect() since both run under one lock). */
export const connectReady = connect;

export async function getDb(): Promise<Database> {
  return (await connectReady()).db;
}

/** Tests install their own connection (in-memory PGlite or a private PostgreSQL schema). */
export function installConnection(next: Connection): void {
  state.closing = false;
  state.connection = Promise.resolve(next);
}

export async function closeDatabase(): Promise<void> {
  state.closing = true;
  const current = state.connection;
  state.connection = undefined;
  if (current) await (await current).close();
}

/** Work the signal handler awaits before it closes the database: the requests in flight finishing. */
export function beforeDatabaseCloses(work: () => Promise<void>): void {
  state.beforeClose = work;
}

/**
 * PGlite must CHECKPOINT and close before the process exits, and only once the requests in flight
 * are answered (`beforeDatabaseCloses`). Handlers already installed (none in Next.js's custom
 * server) run after ours. A second signal, with no handler left, ends the process at once.
 */
export function closeDatabaseOnSignals(): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const others = process.listeners(signal);
    process.removeAllListeners(signal);
    process.once(signal, () => {
      Promise.resolve()
        .then(() => state.beforeClose?.())
        .catch((error) => console.error('Draining the server failed:', error))
        .then(() => {
          if (state.beforeClose) console.log('Drained: closing the database.');
          return closeDatabase();
        })
        .catch((error) => console.error('Closing the database failed:', error))
        .finally(() => {
          if (others.length === 0) process.exit(signal === 'SIGINT' ? 130 : 143);
          for (const listener of others) listener(signal);
        });
    });
  }
}

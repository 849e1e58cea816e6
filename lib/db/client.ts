import fs from 'node:fs';
import path from 'node:path';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { reportEmbeddedDatabaseMemory, timeQuery } from '../observability/metrics';
import { noteUnkeyedRead } from '../runtime/read-record';
import * as schema from './schema';
import { noteDatabaseAttempt } from './availability';
import { acquireLock } from './lock';
import { isReadOnlyStatement, soleWriter } from './sole-writer';

/** One type for both drivers: PGlite and node-postgres share Drizzle's PostgreSQL query builder. */
export type Database = NodePgDatabase<typeof schema>;

export interface Connection {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Where Drizzle records the applied migrations (schema-qualified). */
  migrationsTable: string;
  /** Runs raw SQL text (backups, checks); parameters are positional ($1, $2…). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` on one dedicated connection, for multi-statement transactions in raw SQL. */
  session<R>(work: (query: Query) => Promise<R>): Promise<R>;
  /**
   * PostgreSQL only (one PGlite serves one process): hears NOTIFY on `channels` over a connection of
   * its own, kept open across server restarts. `onResubscribed` runs after each reconnect, since
   * notifications sent meanwhile are lost. Resolves once listening; ends with `close()`.
   */
  listen?(
    channels: string[],
    onNotification: (channel: string, payload: string) => void,
    onResubscribed: () => void,
  ): Promise<void>;
  /** The schema the tables live in (notifications name it: several databases may share a server). */
  schema: string;
  close(): Promise<void>;
}

/**
 * Waits between attempts to reconnect a lost listening connection: 0.5 s, doubling up to 2 s, so a
 * server hears the others again within seconds of the database's return.
 */
const LISTEN_RETRY_MS = { first: 500, max: 2_000 };

export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export const migrationsFolder = path.join(process.cwd(), 'lib/db/migrations');

/**
 * PGlite runs PostgreSQL inside WebAssembly, whose memory only grows: PostgreSQL's defaults made
 * for a server of its own (128 MB of shared buffers, allocated and zeroed at start; 64 MB for each
 * VACUUM) stayed resident for the life of the process. The tables are read from files the operating
 * system caches anyway, so small buffers cost little (docs/performance.md, Memory). Durability
 * settings are untouched.
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/**
 * `lockWaitMs`: how long to wait for a process that still holds the data folder to exit.
 * `image`: an in-memory database starts as a copy of this one (`migratedPgliteImage`) instead of
 * running PostgreSQL's initdb and every migration, which take seconds; the tests open one per file.
 */
export async function openPglite(dataDir: string | undefined, lockWaitMs = 0, image?: Blob): Promise<Connection> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const folder = dataDir && path.join(dataDir, 'pglite');
  const release = dataDir ? await acquireLock(path.join(dataDir, 'pglite.lock'), lockWaitMs) : () => {};
  if (folder) fs.mkdirSync(folder, { recursive: true });
  // Without a folder PGlite keeps everything in memory (tests).
  const client = await newPglite(folder, image);
  try {
    await client.waitReady;
    const embedded = drizzle({ client, schema });
    // PGlite's and node-postgres's Drizzle databases build the same queries; the rest of lib types one of them.
    const db = embedded as unknown as Database;
    countWrites(client, soleWriter(db));
    client.query = timed(client.query.bind(client), 'pglite') as typeof client.query;
    client.exec = timed(client.exec.bind(client), 'pglite') as typeof client.exec;
    // A transaction's statements do not go through client.query.
    const transaction = client.transaction.bind(client);
    client.transaction = ((work) => {
      noteUnkeyedRead();
      return transaction(work);
    }) as typeof client.transaction;
    const memory = (client as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } }).mod?.wasmMemory;
    if (memory) reportEmbeddedDatabaseMemory(() => memory.buffer.byteLength);
    await migrate(embedded, { migrationsFolder });
    return {
      db,
      driver: 'pglite',
      schema: 'public',
      migrationsTable: 'drizzle.__drizzle_migrations',
      async query<T>(text: string, params: unknown[] = []) {
        return (await client.query<T>(text, params)).rows;
      },
      // PGlite is one connection already.
      session: (work) =>
        work(async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows),
      async close() {
        try {
          if (!client.closed) {
            await client.exec('CHECKPOINT');
            await client.close();
          }
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A PGlite with the trigram extension and the embedded settings: in `folder`, else in memory (from `image` if given).
 */
async function newPglite(folder: string | undefined, image?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  // Trigram indexes for keyword search (migration 0004); PostgreSQL ships pg_trgm in its contrib.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return new PGlite(folder, {
    ...(image && !folder ? { loadDataDir: image } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
  });
}

/** An empty in-memory database with every migration applied, as a tarball for `openPglite`'s `image`. */
export async function migratedPgliteImage(): Promise<Blob> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await newPglite(undefined);
  try {
    await migrate(drizzle({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Counts every statement that may write, once as it is sent and once as it ends, so a read taken
 * while no write was under way can be trusted until the count moves (lib/db/sole-writer.ts).
 */
function countWrites(client: PGliteClient, noteWrite: () => void): void {
  const around =
    (run: (...args: never[]) => Promise<unknown>, isWrite: (first: unknown) => boolean) =>
    async (...args: never[]): Promise<unknown> => {
      const write = isWrite(args[0]);
      if (write) noteWrite();
      try {
        return await run(...args);
      } finally {
        if (write) noteWrite();
      }
    };
  const writes = () => true;
  client.query = around(
    client.query.bind(client),
    (text) => typeof text !== 'string' || !isReadOnlyStatement(text),
  ) as typeof client.query;
  client.exec = around(client.exec.bind(client), writes) as typeof client.exec;
  client.transaction = around(client.transaction.bind(client), writes) as typeof client.transaction;
}

/**
 * Times every statement for the metrics, and tells a call whose answer may be kept that it read
 * something no generation keys (lib/runtime/read-record.ts). pg's pool passes a callback; drizzle
 * and PGlite take promises; a streamed query (a submittable) is not timed.
 */
function timed(query: (...args: never[]) => unknown, driver: Connection['driver']) {
  return (...args: never[]): unknown => {
    noteUnkeyedRead();
    const end = timeQuery(driver);
    const last = args[args.length - 1] as unknown;
    if (typeof last === 'function') {
      const callback = last as (...results: unknown[]) => unknown;
      (args as unknown[])[args.length - 1] = (...results: unknown[]) => {
        end();
        return callback(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(end, end);
    return result;
  };
}

interface PostgresOptions {
  /** The tables' schema (tests use a private one); the connection's search_path. */
  searchPath?: string;
  /** How long a query waits for a connection of the pool before it fails (DATABASE_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /**
   * How long each statement of the pool may take (DATABASE_TIMEOUT_MS, for a server's requests;
   * scripts pass none). See `boundStatements`.
   */
  statementTimeoutMs?: number;
  /** Start-up work run once the migrations are applied, under the same lock (the first Admin, demo content). */
  atStartup?: (connection: Connection) => Promise<void>;
}

/**
 * Serialises start-up across app servers on one database: a session-level advisory lock, keyed by
 * the tables' schema, held on a connection of its own while `work` runs. Servers started together
 * on an empty (or an older) database each wait their turn, so every migration is applied once, and
 * the first Admin and the demo content are written once.
 */
async function underStartupLock<R>(
  pool: import('pg').Pool,
  schemaName: string,
  work: (client: import('pg').PoolClient) => Promise<R>,
): Promise<R> {
  const client = await pool.connect();
  const key = `gonghui start-up ${schemaName}`;
  // Waiting for another server's migrations, and a migration itself (an index built on a big
  // table), may take far longer than a request's bound: this connection runs without it.
  unboundedClients.add(client);
  try {
    await client.query('set statement_timeout = 0; set idle_in_transaction_session_timeout = 0');
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
      // Back to the bounds of the connection's start-up options before the pool lends it out.
      await client.query('reset statement_timeout; reset idle_in_transaction_session_timeout');
    }
  } finally {
    unboundedClients.delete(client);
    client.release();
  }
}

/** The connections `boundStatements` leaves alone while they are in this set (start-up's). */
const unboundedClients = new WeakSet<object>();

/**
 * How long PostgreSQL keeps a transaction that waits idle for its client's next statement. A server
 * whose connection was cut mid-transaction sends nothing more; without this, PostgreSQL would hold
 * the transaction's row locks until its own TCP keepalive (two hours by default) ends the session.
 * Generous, since it also ends a slow but live transaction.
 */
const IDLE_IN_TRANSACTION_MS = 60_000;

/** Start-up options of each pooled connection: its schema and the server-side bounds. */
function sessionOptions(searchPath: string | undefined, statementTimeoutMs: number | undefined): string | undefined {
  const settings: string[] = [];
  if (searchPath) settings.push(`-c search_path=${searchPath}`);
  if (statementTimeoutMs) {
    settings.push(`-c statement_timeout=${serverStatementTimeoutMs(statementTimeoutMs)}`);
    settings.push(`-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}`);
  }
  return settings.length ? settings.join(' ') : undefined;
}

/**
 * PostgreSQL cancels a slow statement (a lock wait, a heavy scan) a little before the client gives
 * up on it: the statement fails with 57014, commits nothing, and its connection stays usable.
 */
function serverStatementTimeoutMs(statementTimeoutMs: number): number {
  return Math.max(1, Math.floor(statementTimeoutMs * 0.8));
}

/** A statement that got no answer in time: its connection is destroyed, the request answered 503. */
export class StatementTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The database did not answer within ${timeoutMs} ms`);
    this.name = 'StatementTimeoutError';
  }
}

/**
 * Bounds each statement sent on `client` to `timeoutMs`. A connection the network cut silently
 * (no reset, no close) would otherwise leave its statement waiting until TCP keepalive gives up,
 * minutes later. When the time is up the connection's socket is destroyed: the statement, and any
 * queued behind it, fail with StatementTimeoutError, and the pool drops the client when it is
 * released (it is no longer queryable) instead of lending out a connection with a reply pending,
 * and the database counts as away until a statement is answered again. A streamed query (a
 * submittable) is not bounded.
 */
function boundStatements(client: import('pg').PoolClient, timeoutMs: number): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const cut = () => {
    const error = new StatementTimeoutError(timeoutMs);
    noteDatabaseAttempt(error);
    (client as unknown as { connection: { stream: import('node:net').Socket } }).connection.stream.destroy(error);
  };
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (unboundedClients.has(client) || typeof first?.submit === 'function') return query(...args);
    const timer = setTimeout(cut, timeoutMs);
    // An answer: the database is back, even if the pool had no need of a new connection to learn it.
    const answered = () => {
      clearTimeout(timer);
      noteDatabaseAttempt();
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...results: unknown[]) => {
        if (error) clearTimeout(timer);
        else answered();
        return (last as (...results: unknown[]) => unknown)(error, ...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(answered, () => clearTimeout(timer));
    else clearTimeout(timer);
    return result;
  }) as typeof client.query;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Connection> {
  const { searchPath, connectTimeoutMs, statementTimeoutMs, atStartup } = options;
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const startOptions = sessionOptions(searchPath, statementTimeoutMs);
  const pool = new Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
    // While PostgreSQL is unreachable, a request is refused after this long instead of hanging.
    ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
    // A server gone without closing its connections (a failover, a cut network) is noticed.
    keepAlive: true,
    ...(startOptions ? { options: startOptions } : {}),
  });
  // An idle connection the server ends (restart, failover, terminated backend) is dropped by the
  // pool; unheard, its error would end the process.
  pool.on('error', (error) => {
    noteDatabaseAttempt(error);
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  pool.on('connect', (client) => {
    noteDatabaseAttempt();
    client.query = timed(client.query.bind(client), 'postgres') as typeof client.query;
    if (statementTimeoutMs) boundStatements(client, statementTimeoutMs);
    // A connection lost while lent out: its statements fail and the pool drops it on release;
    // unheard, the client's error event would end the process.
    client.on('error', (error) => noteDatabaseAttempt(error));
  });
  notePoolConnects(pool);
  const db = drizzle({ client: pool, schema });
  const listeners: { stop(): Promise<void> }[] = [];
  const connection: Connection = {
    db,
    driver: 'postgres',
    schema: searchPath ?? 'public',
    async listen(channels, onNotification, onResubscribed) {
      const listener = await listenWithReconnect(url, channels, onNotification, onResubscribed);
      listeners.push(listener);
    },
    migrationsTable: `${searchPath ?? 'drizzle'}.__drizzle_migrations`,
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    async session(work) {
      const client = await pool.connect();
      try {
        return await work(
          async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
        );
      } finally {
        client.release();
      }
    },
    async close() {
      await Promise.all(listeners.splice(0).map((listener) => listener.stop()));
      await pool.end();
    },
  };
  try {
    await underStartupLock(pool, searchPath ?? 'public', async (client) => {
      const unbounded = drizzle({ client, schema });
      await migrate(unbounded, { migrationsFolder, ...(searchPath ? { migrationsSchema: searchPath } : {}) });
      if (atStartup) await atStartup(connection);
    });
  } catch (error) {
    await connection.close().catch(() => {});
    throw error;
  }
  return connection;
}

/**
 * Records each attempt of the pool to hand out a connection (lib/db/availability.ts): a refused
 * or timed-out one while PostgreSQL is away, then the first that succeeds. node-postgres's own
 * queries ask with a callback, Drizzle's transactions with a promise.
 */
function notePoolConnects(pool: import('pg').Pool): void {
  const connectTo = pool.connect.bind(pool) as (callback?: (...results: unknown[]) => void) => unknown;
  pool.connect = ((callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
    if (callback) {
      return connectTo((error: unknown, ...rest: unknown[]) => {
        noteDatabaseAttempt(error ?? undefined);
        callback(error as Error | undefined, ...rest);
      });
    }
    return (connectTo() as Promise<unknown>).then(
      (client) => {
        noteDatabaseAttempt();
        return client;
      },
      (error: unknown) => {
        noteDatabaseAttempt(error);
        throw error;
      },
    );
  }) as typeof pool.connect;
}

/**
 * One client that LISTENs on `channels` and, when its connection is lost, reconnects with backoff
 * and subscribes again. The first connection must succeed (start-up fails loudly otherwise).
 */
async function listenWithReconnect(
  url: string,
  channels: string[],
  onNotification: (channel: string, payload: string) => void,
  onResubscribed: () => void,
): Promise<{ stop(): Promise<void> }> {
  const { Client } = await import('pg');
  let stopped = false;
  let current: InstanceType<typeof Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let wait = LISTEN_RETRY_MS.first;

  const subscribe = async () => {
    // Named, so an operator can tell it in pg_stat_activity.
    const client = new Client({ connectionString: url, application_name: 'gonghui-listen' });
    // Errors before the connection is up reject connect() below; afterwards they mean it is lost.
    client.on('error', () => {});
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    client.on('notification', (message) => onNotification(message.channel, message.payload ?? ''));
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (stopped) return;
      console.warn(`PostgreSQL notifications lost${error ? `: ${error.message}` : ''}; reconnecting.`);
      schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    current = client;
    wait = LISTEN_RETRY_MS.first;
  };
  const schedule = () => {
    retry = setTimeout(() => {
      subscribe().then(
        () => {
          if (stopped) void current?.end().catch(() => {});
          else onResubscribed();
        },
        () => {
          wait = Math.min(wait * 2, LISTEN_RETRY_MS.max);
          if (!stopped) schedule();
        },
      );
    }, wait);
    retry.unref();
  };

  await subscribe();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

import { closeDatabase, installConnection } from '../../lib/db';
import { openPglite, openPostgres, type Connection } from '../../lib/db/client';
import { readiness } from '../../lib/observability/health';
import { GET as readyz } from '../../app/readyz/route';
import { GET as healthz } from '../../app/healthz/route';

/**
 * /readyz against a real database that stops answering: on PostgreSQL a database of its own whose
 * connections are cut and refused, then allowed again; on PGlite the embedded database closing.
 */
const url = process.env.DATABASE_URL;
const database = `gonghui_ready_${process.pid}`;

async function admin<T>(work: (query: (text: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work((text) => client.query(text));
  } finally {
    await client.end();
  }
}

async function open(): Promise<Connection> {
  if (!url) return openPglite(undefined);
  await admin(async (query) => {
    await query(`drop database if exists ${database} with (force)`);
    await query(`create database ${database}`);
  });
  const target = new URL(url);
  target.pathname = `/${database}`;
  return openPostgres(target.toString());
}

let connection: Connection;

beforeAll(async () => {
  connection = await open();
  installConnection(connection);
});

afterAll(async () => {
  await closeDatabase().catch(() => {});
  if (url) await admin((query) => query(`drop database if exists ${database} with (force)`));
});

test('/healthz answers while the process serves', async () => {
  const response = healthz();
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
  expect(response.headers.get('set-cookie')).toBeNull();
});

test('/readyz is 200 when the database answers and every migration is applied', async () => {
  const response = await readyz();
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok' });
});

test('/readyz is 503 while a migration is missing', async () => {
  const [last] = await connection.query<{ id: number; hash: string; created_at: string }>(
    `select id, hash, created_at from ${connection.migrationsTable} order by created_at desc limit 1`,
  );
  await connection.query(`delete from ${connection.migrationsTable} where id = $1`, [last.id]);
  try {
    const response = await readyz();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable', database: 'ok', migrations: 'pending' });
  } finally {
    await connection.query(`insert into ${connection.migrationsTable} (id, hash, created_at) values ($1, $2, $3)`, [
      last.id,
      last.hash,
      last.created_at,
    ]);
  }
  expect((await readyz()).status).toBe(200);
});

test('/readyz turns 503 when the database stops answering, and 200 when it is back', async () => {
  if (url) {
    await admin(async (query) => {
      await query(`alter database ${database} allow_connections false`);
      await query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
      );
    });
    const response = await readyz();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: 'unavailable',
      database: 'unavailable',
      reason: 'the database does not answer',
    });
    await admin((query) => query(`alter database ${database} allow_connections true`));
    expect((await readiness()).ready).toBe(true);
  } else {
    await closeDatabase();
    const response = await readyz();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: 'unavailable',
      database: 'unavailable',
      reason: 'shutting down',
    });
    connection = await open();
    installConnection(connection);
    expect((await readiness()).ready).toBe(true);
  }
});

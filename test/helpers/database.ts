import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { closeDatabase, installConnection, type Database } from '../../lib/db';
import { openPglite, openPostgres, type Connection } from '../../lib/db/client';
import { variantsIdle } from '../../lib/uploads/variants';
import { assertMayOpenDatabase } from './database-scope';
import { pgliteImagePath } from './test-databases';

/** The migrated empty database test/global-setup.ts made, if it did (else each file migrates its own). */
function pgliteImage(): Blob | undefined {
  const file = pgliteImagePath();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a private schema on that PostgreSQL server (dropped afterwards), with the real migrations.
 */
export async function openTestDatabase(): Promise<Connection> {
  assertMayOpenDatabase(expect.getState().testPath);
  const url = process.env.DATABASE_URL;
  if (!url) {
    const connection = await openPglite(undefined, 0, pgliteImage());
    installConnection(connection);
    return connection;
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const connection = await openPostgres(url, { searchPath: schema });
  const close = connection.close;
  connection.close = async () => {
    await close();
    const cleanup = new Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop schema ${schema} cascade`);
    await cleanup.end();
  };
  installConnection(connection);
  return connection;
}

/** Use in a describe block: a database for the file, closed at the end. */
export function withDatabase(): { connection: () => Connection } {
  let connection: Connection;
  beforeAll(async () => {
    connection = await openTestDatabase();
  });
  afterAll(async () => {
    // Image uploads' copies are made in the background, through this database.
    await variantsIdle();
    await closeDatabase();
  });
  return { connection: () => connection };
}

/**
 * Counts the statements containing `text` sent to the database's client from here on: prepared
 * ones (lib/db/prepared.ts, a list's rows by id) never pass through Drizzle's builders again.
 */
export function spyOnStatements(db: Database, text: string): { count(): number; restore(): void } {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = jest.spyOn(client, 'query');
  const textOf = (first: unknown) => (typeof first === 'string' ? first : String((first as { text?: string }).text));
  return {
    count: () => query.mock.calls.filter(([first]) => textOf(first).includes(text)).length,
    restore: () => query.mockRestore(),
  };
}

/** Counts the stored generations' reads (lib/cache/generations.ts) sent from here on. */
export const spyOnGenerationReads = (db: Database) => spyOnStatements(db, 'content_generations');

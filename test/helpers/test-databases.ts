import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../../lib/db/client';

/**
 * What the test files' databases start from, made once per run by test/global-setup.ts:
 * - on PGlite, a tarball of an empty database with every migration applied, so each file's fresh
 *   database is a copy of it instead of an initdb and every migration (seconds each time);
 * - on PostgreSQL, a database of its own for each Jest worker, so workers running side by side
 *   never hear each other's NOTIFY nor wait on each other's advisory locks.
 */

/** The PGlite image's file: named by the migrations and PGlite's version, so a change makes a new one. */
export function pgliteImagePath(): string {
  const hash = createHash('sha1');
  const files = (fs.readdirSync(migrationsFolder, { recursive: true }) as string[]).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file).update(fs.readFileSync(full));
  }
  const pglite = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  return path.join(os.tmpdir(), `gonghui-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The database a Jest worker uses on the PostgreSQL server at `url`: the URL's own name, suffixed. */
export function workerDatabaseUrl(url: string, worker: string): string {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1)).replace(/_w\d+$/, '') || 'postgres';
  parsed.pathname = `/${name}_w${worker}`;
  return parsed.toString();
}

/** Runs `statements(name)` on the PostgreSQL server at `url` for the database of each of `workers` workers. */
export async function onWorkerDatabases(
  url: string,
  workers: number,
  statements: (name: string) => string[],
): Promise<void> {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    for (let worker = 1; worker <= Math.max(1, workers); worker++) {
      const name = new URL(workerDatabaseUrl(url, String(worker))).pathname.slice(1);
      for (const statement of statements(name)) await admin.query(statement);
    }
  } finally {
    await admin.end();
  }
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureAdmin } from '../lib/content/auth/accounts';
import { countAccounts } from '../lib/content/storage/accounts';
import { openPglite, openPostgres, type Connection } from '../lib/db/client';
import { DatabaseLockedError } from '../lib/db/lock';

/**
 * Servers started together: on PostgreSQL each opens its own pool on one empty schema at the same
 * moment, and the start-up lock lets them take turns (every migration applied once, the first Admin
 * made once); on PGlite a second process on the same folder is told so.
 */
const url = process.env.DATABASE_URL;

if (url) {
  const schema = `start_${randomBytes(6).toString('hex')}`;
  const opened: Connection[] = [];

  beforeAll(async () => {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  });

  afterAll(async () => {
    await Promise.all(opened.map((connection) => connection.close()));
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });

  test('three servers opening one empty database at once each come up, and start-up runs one at a time', async () => {
    let running = 0;
    let most = 0;
    const created: boolean[] = [];
    const atStartup = async (connection: Connection) => {
      running++;
      most = Math.max(most, running);
      // The first Admin, as start-up makes it: written by whichever server comes first.
      created.push(await ensureAdmin(connection.db, 'first-admin', 'first-admin-password'));
      // Start-up takes a while: a server not waiting its turn would overlap it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      running--;
    };
    opened.push(...(await Promise.all([1, 2, 3].map(() => openPostgres(url, { searchPath: schema, atStartup })))));
    expect(most).toBe(1);
    expect(created.sort()).toEqual([false, false, true]);
    expect(await countAccounts(opened[0].db)).toBe(1);
    const journal = JSON.parse(fs.readFileSync('lib/db/migrations/meta/_journal.json', 'utf8')) as {
      entries: { when: number }[];
    };
    const rows = await opened[0].query<{ created_at: string; n: string }>(
      `select created_at, count(*) as n from ${opened[0].migrationsTable} group by created_at`,
    );
    expect(rows).toHaveLength(journal.entries.length);
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
  });
} else {
  test('a second process on the same embedded database is refused, naming the process that holds it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-start-'));
    const first = await openPglite(dataDir);
    try {
      fs.writeFileSync(
        path.join(dataDir, 'pglite.lock'),
        `1 ${fs.readFileSync('/proc/1/stat', 'utf8').split(') ')[1].split(' ')[19]}`,
      );
      await expect(openPglite(dataDir, 200)).rejects.toThrow(DatabaseLockedError);
      await expect(openPglite(dataDir, 200)).rejects.toThrow(/one process at a time/);
    } finally {
      await first.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

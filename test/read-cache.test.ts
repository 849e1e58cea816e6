/**
 * The read cache for signed-in lists (lib/cache): entries are keyed by the write generation the
 * database stores, which a trigger bumps in every write's transaction. A signed-in read must see
 * every committed write at once, whichever connection or app server made it, and totals stay exact.
 */
import { installConnection } from '../lib/db';
import { openPostgres, type Connection } from '../lib/db/client';
import { readBackup, writeBackup } from '../lib/db/backup';
import { storedGeneration } from '../lib/cache/generations';
import { cacheStats } from '../lib/cache/public-reads';
import { clearStaffAnswers } from '../lib/api/staff-answers';
import { resources } from '../lib/content/model/registry';
import { openTestDatabase, withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow } from './helpers/content';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const database = withDatabase();

let admin: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
});

const list = (body: unknown = {}, token: string | null = admin) => call('POST', 'webnews/getlist', body, { token });
const titles = (body: { data: { title: string }[] }) => body.data.map((row) => row.title);

/**
 * A second app server on the same database: on PostgreSQL a second connection pool to the same
 * schema; PGlite allows one process, so there it is a raw write on the connection that skips the
 * storage's row writes (and with it this process's own invalidation).
 */
async function otherServer(): Promise<{ query: Connection['query']; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { query: database.connection().query, close: async () => {} };
  const [{ schema }] = await database.connection().query<{ schema: string }>('select current_schema() as schema');
  const other = await openPostgres(url, { searchPath: schema });
  return { query: other.query, close: () => other.close() };
}

test('a repeated signed-in list is served from the cache, and a write through the API shows on the next read', async () => {
  await addRow('webnews', { title: 'one' }, { token: admin });
  expect(titles((await list()).body)).toEqual(['one']);
  // Without the answer the dispatcher kept (lib/api/staff-answers.ts), the call reads through the cache.
  clearStaffAnswers();
  const before = cacheStats().hits;
  expect(titles((await list()).body)).toEqual(['one']);
  // The total, the page, the resource's locks and open changes, and the accounts' names.
  expect(cacheStats().hits).toBe(before + 4);

  const two = await addRow('webnews', { title: 'two', isVisible: false }, { token: admin });
  expect((await list()).body).toMatchObject({ total: 2, data: [{ title: 'two' }, { title: 'one' }] });
  await call('PUT', 'webnews/update', { id: two.id, title: 'two, edited' }, { token: admin });
  expect(titles((await list()).body)).toEqual(['two, edited', 'one']);
  await call('DELETE', `webnews/delete/${two.id}`, undefined, { token: admin });
  expect((await list()).body).toMatchObject({ total: 1, data: [{ title: 'one' }] });
});

test('totals stay exact after adds and deletes, on every page and for anonymous readers too', async () => {
  const start = (await list({ pageSize: 2 })).body.total as number;
  const anonymousStart = (await list({ pageSize: 2 }, null)).body.total as number;
  const added = [];
  for (const title of ['p', 'q', 'r']) added.push((await addRow('webnews', { title }, { token: admin })).id);
  for (const page of [1, 2, 3]) expect((await list({ page, pageSize: 2 })).body.total).toBe(start + 3);
  expect((await list({ pageSize: 2 }, null)).body.total).toBe(anonymousStart + 3);
  await call('DELETE', `webnews/delete/${added[0]}`, undefined, { token: admin });
  for (const page of [1, 2, 3]) expect((await list({ page, pageSize: 2 })).body.total).toBe(start + 2);
  expect((await list({ pageSize: 2 }, null)).body.total).toBe(anonymousStart + 2);
  // A page past the end is corrected to the last page by the new total, not the cached one.
  const last = Math.ceil((start + 2) / 2);
  expect((await list({ page: last + 5, pageSize: 2 })).body.page).toBe(last);
});

test('a write by another app server (or a script) is seen by the very next signed-in read', async () => {
  const other = await otherServer();
  try {
    await addRow('webnews', { title: 'before' }, { token: admin });
    const { total } = (await list()).body;
    expect((await list()).body.total).toBe(total); // cached now

    await other.query(`insert into webnews (lang, title) values ('tw', 'from elsewhere')`);
    const added = (await list()).body;
    expect(added.total).toBe(total + 1);
    expect(titles(added)).toContain('from elsewhere');
    await other.query(`update webnews set title = 'renamed elsewhere' where title = 'from elsewhere'`);
    expect(titles((await list()).body)).toContain('renamed elsewhere');
    await other.query(`delete from webnews where title = 'renamed elsewhere'`);
    expect((await list()).body.total).toBe(total);
  } finally {
    await other.close();
  }
});

test('signed-in searches are cached and see writes', async () => {
  const search = () => call('POST', `webrule/search?keyword=${encodeURIComponent('保管')}`, {}, { token: admin });
  const ruleClass = await addRow('webruleclass', { name: '信託法規' }, { token: admin });
  await addRow('webrule', { classId: ruleClass.id, title: '保管機構管理辦法' }, { token: admin });
  expect((await search()).body.total).toBe(1);
  clearStaffAnswers();
  const before = cacheStats().hits;
  expect((await search()).body.total).toBe(1);
  expect(cacheStats().hits).toBe(before + 2);
  await addRow(
    'webrule',
    { classId: ruleClass.id, title: '其他', content: '<p>信託財產<strong>保管</strong>。</p>' },
    { token: admin },
  );
  expect((await search()).body.total).toBe(2);
});

test('every content table bumps its generation on insert, update, delete and truncate', async () => {
  const { query } = database.connection();
  for (const name of Object.keys(resources)) {
    const before = await storedGeneration(name);
    await query(`update "${name}" set id = id where false`);
    const afterUpdate = await storedGeneration(name);
    expect({ name, bumped: afterUpdate > before }).toEqual({ name, bumped: true });
  }
  const before = await storedGeneration('webqa');
  await query('truncate webqa');
  expect(await storedGeneration('webqa')).toBeGreaterThan(before);
});

test('a restore moves every generation forward and never brings back an old one', async () => {
  const connection = database.connection();
  await addRow('webnews', { title: 'kept in the backup' }, { token: admin });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-generations-')), 'backup.jsonl.gz');
  try {
    await writeBackup(connection, file);
    const before = await storedGeneration('webnews');
    const cachedTotal = (await list()).body.total;
    await addRow('webnews', { title: 'made after the backup' }, { token: admin });
    expect((await list()).body.total).toBe(cachedTotal + 1);

    await readBackup(connection, file);
    const after = await storedGeneration('webnews');
    expect(after).toBeGreaterThan(before);
    const [{ rows }] = await connection.query<{ rows: number }>(
      `select count(*)::int as rows from content_generations where resource = 'webnews'`,
    );
    expect(rows).toBe(1);
    // The restored list, not the cached one from before the restore.
    expect((await list()).body.total).toBe(cachedTotal);
    expect(titles((await list()).body)).not.toContain('made after the backup');
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});

test('another database in the same process (tests, tools) starts with an empty cache', async () => {
  const original = database.connection();
  await addRow('webnews', { title: 'in the first database' }, { token: admin });
  expect((await list({}, null)).body.total).toBeGreaterThan(0); // now cached for visitors
  const fresh = await openTestDatabase();
  try {
    expect((await list({}, null)).body).toMatchObject({ total: 0, data: [] });
  } finally {
    await fresh.close();
    installConnection(original);
  }
});

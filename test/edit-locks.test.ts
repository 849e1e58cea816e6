/**
 * Edit locks (docs/api.md, Edit locks): `POST {resource}/lock/{id}` takes or renews a row's lock,
 * answers the holder and whether it is the caller's, `{takeover: true}` takes it over, `DELETE`
 * releases it, a lock not renewed for EDIT_LOCK_SECONDS lapses, and staff's get and getlist rows
 * carry `lock` while someone holds one.
 */
import { storedGeneration } from '../lib/cache/generations';
import { resetConfig } from '../lib/config';
import { eq } from 'drizzle-orm';
import { getDb } from '../lib/db';
import { account } from '../lib/db/schema';
import { annotationsGeneration } from '../lib/content/storage/row-annotations';
import { runHousekeeping } from '../lib/content/jobs/housekeeping';
import { spyOnGenerationReads, withDatabase } from './helpers/database';
import { waitFor } from './helpers/wait-for';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, message, wireDateTime } from './helpers/content';

withDatabase();

type Account = { token: string; id: number; username: string };
let wang: Account;
let lee: Account;
let admin: Account;

beforeAll(async () => {
  admin = await signedIn(1);
  wang = await signedIn(0);
  lee = await signedIn(0);
});

beforeEach(clearContent);

afterEach(() => {
  delete process.env.EDIT_LOCK_SECONDS;
  resetConfig();
});

const takeLock = (id: number, who: Account, body: Record<string, unknown> = {}) =>
  call('POST', `webnews/lock/${id}`, body, { token: who.token });
const releaseLock = (id: number, who: Account) => call('DELETE', `webnews/lock/${id}`, undefined, { token: who.token });
const readRow = async (id: number, who: Account = admin) =>
  (await call('GET', `webnews/get/${id}`, undefined, { token: who.token })).body;
/** Waits for the clock's next second: a lock's times are kept to the second. */
const nextSecond = (after: number) =>
  waitFor(() => Math.floor(Date.now() / 1000) > Math.floor(after / 1000), { what: 'the next second' });

test('the first to open a form holds the lock; a renewal keeps since and moves the expiry', async () => {
  const row = await addRow('webnews', { title: 'Locked' }, { token: admin.token });
  const first = await takeLock(row.id, wang);
  const taken = Date.now();
  expect(first.status).toBe(200);
  expect(first.body).toEqual({
    lock: {
      accountId: wang.id,
      name: wang.username,
      since: expect.stringMatching(wireDateTime),
      expiresAt: expect.stringMatching(wireDateTime),
    },
    mine: true,
  });
  await nextSecond(taken);
  const renewed = await takeLock(row.id, wang);
  expect(renewed.body.mine).toBe(true);
  expect(renewed.body.lock.since).toBe(first.body.lock.since);
  expect(renewed.body.lock.expiresAt > first.body.lock.expiresAt).toBe(true);
});

test('another account is told who holds it; a take-over moves it, and the holder learns of it on renewal', async () => {
  const row = await addRow('webnews', { title: 'Locked' }, { token: admin.token });
  await takeLock(row.id, wang);
  const other = await takeLock(row.id, lee);
  expect(other.status).toBe(200);
  expect(other.body).toMatchObject({ mine: false, lock: { accountId: wang.id, name: wang.username } });
  const taken = await takeLock(row.id, lee, { takeover: true });
  expect(taken.body).toMatchObject({ mine: true, lock: { accountId: lee.id, name: lee.username } });
  const renewal = await takeLock(row.id, wang);
  expect(renewal.body).toMatchObject({ mine: false, lock: { accountId: lee.id, name: lee.username } });
});

test('a release frees the row; only the holder releases it', async () => {
  const row = await addRow('webnews', { title: 'Locked' }, { token: admin.token });
  await takeLock(row.id, wang);
  expect((await releaseLock(row.id, lee)).body).toEqual({ released: false });
  expect((await takeLock(row.id, lee)).body.mine).toBe(false);
  expect((await releaseLock(row.id, wang)).body).toEqual({ released: true });
  expect((await takeLock(row.id, lee)).body).toMatchObject({ mine: true, lock: { accountId: lee.id } });
});

test('a lock not renewed for EDIT_LOCK_SECONDS lapses', async () => {
  process.env.EDIT_LOCK_SECONDS = '1';
  resetConfig();
  const row = await addRow('webnews', { title: 'Locked' }, { token: admin.token });
  await takeLock(row.id, wang);
  expect((await takeLock(row.id, lee)).body.mine).toBe(false);
  await waitFor(async () => (await readRow(row.id)).lock === undefined, { timeout: 2_000, what: 'the lock to lapse' });
  const after = await takeLock(row.id, lee);
  expect(after.body).toMatchObject({ mine: true, lock: { accountId: lee.id } });
  // The housekeeping removes lapsed locks and leaves live ones.
  const other = await addRow('webnews', { title: 'Left open' }, { token: admin.token });
  await takeLock(other.id, wang);
  await waitFor(async () => (await readRow(other.id)).lock === undefined, {
    timeout: 2_000,
    what: 'the other lock to lapse',
  });
  await takeLock(row.id, lee);
  expect((await runHousekeeping()).locksPruned).toBe(1);
  expect((await readRow(row.id)).lock).toMatchObject({ accountId: lee.id });
});

test('staff get and getlist rows carry the lock while someone holds one; visitors never', async () => {
  const row = await addRow('webnews', { title: 'Locked' }, { token: admin.token });
  const free = await addRow('webnews', { title: 'Free' }, { token: admin.token });
  expect((await readRow(row.id)).lock).toBeUndefined();
  const taken = await takeLock(row.id, wang);
  const lock = { accountId: wang.id, name: wang.username, since: taken.body.lock.since };
  expect((await readRow(row.id)).lock).toEqual(lock);
  const list = await call('POST', 'webnews/getlist', {}, { token: lee.token });
  const byId = new Map(list.body.data.map((item: any) => [item.id, item]));
  expect((byId.get(row.id) as any).lock).toEqual(lock);
  expect(byId.get(free.id)).not.toHaveProperty('lock');
  expect((await call('GET', `webnews/get/${row.id}`)).body).not.toHaveProperty('lock');
  await releaseLock(row.id, wang);
  expect((await readRow(row.id)).lock).toBeUndefined();
});

test('a staff list read before shows a lock taken, released or lapsed since, with no other write between', async () => {
  process.env.EDIT_LOCK_SECONDS = '2';
  resetConfig();
  const row = await addRow('webnews', { title: 'Listed' }, { token: admin.token });
  const listedLock = async () => {
    const list = await call('POST', 'webnews/getlist', {}, { token: lee.token });
    return list.body.data.find((item: any) => item.id === row.id).lock;
  };
  expect(await listedLock()).toBeUndefined();
  expect(await listedLock()).toBeUndefined();
  const taken = await takeLock(row.id, wang);
  expect(await listedLock()).toEqual({ accountId: wang.id, name: wang.username, since: taken.body.lock.since });
  await releaseLock(row.id, wang);
  expect(await listedLock()).toBeUndefined();
  await takeLock(row.id, wang);
  expect(await listedLock()).toMatchObject({ accountId: wang.id });
  // Lapsing is no write: the list kept with the lock stops showing it when it lapses.
  await waitFor(async () => (await listedLock()) === undefined, { timeout: 6_000, what: 'the listed lock to lapse' });
});

test('taking, taking over and releasing move what kept staff lists are keyed by; a renewal only moves the lapse', async () => {
  const row = await addRow('webnews', { title: 'Keyed' }, { token: admin.token });
  const generation = () => storedGeneration(annotationsGeneration('webnews'));
  let last = await generation();
  const moves = async (write: () => Promise<unknown>) => {
    await write();
    const next = await generation();
    const moved = next !== last;
    last = next;
    return moved;
  };
  expect(await moves(() => takeLock(row.id, wang))).toBe(true);
  expect(await moves(() => takeLock(row.id, wang))).toBe(false);
  expect(await moves(() => takeLock(row.id, lee))).toBe(false);
  expect(await moves(() => takeLock(row.id, lee, { takeover: true }))).toBe(true);
  expect(await moves(() => releaseLock(row.id, wang))).toBe(false);
  expect(await moves(() => releaseLock(row.id, lee))).toBe(true);
});

test('a staff list read again with no write between asks nothing on PGlite, and only its generations on PostgreSQL', async () => {
  const row = await addRow('webnews', { title: 'Kept' }, { token: admin.token });
  await takeLock(row.id, wang);
  // A session signed in now: its check, taken on trust for a few seconds, is made by the first read
  // (one checked in an earlier test could be re-checked between the two).
  const reader = await signedIn(0);
  const list = () => call('POST', 'webnews/getlist', {}, { token: reader.token });
  expect((await list()).body.data[0].lock).toMatchObject({ accountId: wang.id });
  const db = await getDb();
  const select = jest.spyOn(db, 'select');
  const execute = jest.spyOn(db, 'execute');
  const generations = spyOnGenerationReads(db);
  try {
    expect((await list()).body.data[0].lock).toMatchObject({ accountId: wang.id });
    expect(select.mock.calls.length + execute.mock.calls.length).toBe(0);
    expect(generations.count()).toBe(process.env.DATABASE_URL ? 1 : 0);
  } finally {
    select.mockRestore();
    execute.mockRestore();
    generations.restore();
  }
});

test("a list's annotations are read once for the resource: a page never read before reads its rows alone", async () => {
  const rows = [];
  for (const title of ['One', 'Two', 'Three']) rows.push(await addRow('webnews', { title }, { token: admin.token }));
  await takeLock(rows[0].id, wang);
  const reader = await signedIn(0);
  const page = async (number: number) =>
    (await call('POST', 'webnews/getlist', { page: number, pageSize: 1 }, { token: reader.token })).body.data[0];
  expect(await page(1)).not.toHaveProperty('lock');
  const db = await getDb();
  // The annotations' query is the only statement a list sends through `execute`.
  const execute = jest.spyOn(db, 'execute');
  try {
    expect(await page(3)).toMatchObject({ id: rows[0].id, lock: { accountId: wang.id } });
    expect(await page(2)).not.toHaveProperty('lock');
    expect(execute).not.toHaveBeenCalled();
  } finally {
    execute.mockRestore();
  }
  // A lock taken moves the annotations' generation: the next page read sees it.
  await takeLock(rows[1].id, lee);
  expect(await page(2)).toMatchObject({ id: rows[1].id, lock: { accountId: lee.id } });
});

test("a list names each row's last editor and a lock's holder; a new display name shows on the next read", async () => {
  const row = await addRow('webnews', { title: 'Named' }, { token: wang.token });
  await takeLock(row.id, lee);
  const listed = async () =>
    (await call('POST', 'webnews/getlist', {}, { token: admin.token })).body.data.find(
      (item: { id: number }) => item.id === row.id,
    );
  expect(await listed()).toMatchObject({ updatedByName: wang.username, lock: { name: lee.username } });
  const db = await getDb();
  // Written behind the API, as another server or a script would: the accounts' generation moves.
  await db.update(account).set({ displayName: '王編輯' }).where(eq(account.id, wang.id));
  await db.update(account).set({ displayName: '李編輯' }).where(eq(account.id, lee.id));
  expect(await listed()).toMatchObject({ updatedByName: '王編輯', lock: { name: '李編輯' } });
  for (const who of [wang, lee])
    await db.update(account).set({ displayName: who.username }).where(eq(account.id, who.id));
});

test('saving never needs the lock: the version is the guard', async () => {
  const row = await addRow('webnews', { title: 'Locked' }, { token: admin.token });
  await takeLock(row.id, wang);
  const saved = await call('PUT', 'webnews/update', { id: row.id, title: 'Saved', version: 1 }, { token: lee.token });
  expect(saved.status).toBe(200);
});

test('a lock needs a signed-in account that may write the resource, a row that exists and the XSRF pair', async () => {
  const row = await addRow('webnews', { title: 'Locked' }, { token: admin.token });
  const anonymous = await call('POST', `webnews/lock/${row.id}`, {});
  expect(anonymous.status).toBe(401);
  expect(anonymous.body.message).toBe(message('tw', 'unauthorized'));
  expect((await call('DELETE', `webnews/lock/${row.id}`)).status).toBe(401);
  const account = await call('POST', `account/lock/${admin.id}`, {}, { token: wang.token });
  expect(account.status).toBe(403);
  expect((await call('POST', `account/lock/${wang.id}`, {}, { token: admin.token })).body.mine).toBe(true);
  expect((await takeLock(999999, wang)).status).toBe(404);
  const malformed = await call('POST', 'webnews/lock/abc', {}, { token: wang.token });
  expect(malformed.status).toBe(400);
  expect(malformed.body.message).toBe(message('tw', 'invalidId', { value: 'abc' }));
  expect((await call('POST', `webnews/lock/${row.id}`, {}, { token: wang.token, xsrf: false })).status).toBe(403);
  expect((await readRow(row.id)).lock).toBeUndefined();
});

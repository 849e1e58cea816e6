/**
 * Signed-in reads' kept answers (lib/api/staff-answers.ts): sent again only while every generation,
 * read-cache entry and moment they were made from holds, never to another account, and never for a
 * call that reached the database outside a keyed read.
 */
import zlib from 'node:zlib';
import { dispatch } from '../lib/api/dispatch';
import { cacheStats } from '../lib/cache/public-reads';
import { MIN_COMPRESSED_BYTES } from '../lib/http/compression';
import { keptStaffAnswerCount } from '../lib/api/staff-answers';
import { getDb } from '../lib/db';
import { webnews } from '../lib/db/schema';
import { call, signedIn, XSRF } from './helpers/api';
import { clearContent } from './helpers/content';
import { withDatabase } from './helpers/database';

const database = withDatabase();
let admin: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  await clearContent();
  const db = await getDb();
  await db.insert(webnews).values(
    Array.from({ length: 12 }, (_, i) => ({
      title: `kept ${i}`,
      lang: 'tw',
      publishAt: new Date(Date.UTC(2024, 0, 1 + i)),
    })) as never,
  );
});

const list = (token: string, body: Record<string, unknown> = { page: 1, pageSize: 5 }) =>
  call('POST', 'webnews/getlist', body, { token });
const titles = (result: { body: { data: { title: string }[] } }) => result.body.data.map((row) => row.title);

test('the same call by the same account is answered from what was kept, without the operation', async () => {
  const first = await list(admin, { page: 2, pageSize: 4 });
  expect(first.status).toBe(200);
  const kept = keptStaffAnswerCount();
  const reads = cacheStats().hits + cacheStats().misses;
  const again = await list(admin, { page: 2, pageSize: 4 });
  expect(again.body).toEqual(first.body);
  // The operation did not run: it would have read its page through the read cache.
  expect(cacheStats().hits + cacheStats().misses).toBe(reads);
  expect(keptStaffAnswerCount()).toBe(kept);
});

test('a kept answer goes compressed once to a client accepting brotli, and as it is to any other', async () => {
  const asked = { page: 1, pageSize: 10, sort: 'title' };
  const sent = async (acceptEncoding?: string) => {
    const response = await dispatch(
      new Request('http://localhost/api/webnews/getlist', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'web-language': 'tw',
          authorization: `Bearer ${admin}`,
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        body: JSON.stringify(asked),
      }),
    );
    return { coding: response.headers.get('content-encoding'), bytes: Buffer.from(await response.arrayBuffer()) };
  };
  // Made for this call: sent as it is (small enough for the first flight, lib/server/compression.ts).
  const first = await sent('gzip, deflate, br');
  expect(first.coding).toBeNull();
  expect(first.bytes.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
  const kept = await sent('gzip, deflate, br');
  expect(kept.coding).toBe('br');
  expect(kept.bytes.length).toBeLessThan(first.bytes.length);
  expect(zlib.brotliDecompressSync(kept.bytes)).toEqual(first.bytes);
  for (const other of [undefined, 'gzip', 'br;q=0, gzip']) {
    const plain = await sent(other);
    expect(plain.coding).toBeNull();
    expect(plain.bytes).toEqual(first.bytes);
  }
});

test('a write through the API is seen by the next call', async () => {
  await list(admin);
  const added = await call('POST', 'webnews/add', { title: 'kept, then added' }, { token: admin });
  expect(added.status).toBe(200);
  expect(titles(await list(admin))).toContain('kept, then added');
});

test('a write another server or a script made (the stored generation moved alone) is seen by the next call', async () => {
  const before = await list(admin);
  // Raw SQL: this process neither counts it as its own write nor hears of it.
  await database.connection().query("update webnews set title = 'changed elsewhere' where title = 'kept 11'");
  const after = await list(admin);
  expect(titles(after)).toContain('changed elsewhere');
  expect(after.body).not.toEqual(before.body);
});

test('another account is never sent an answer kept for the first', async () => {
  const user = (await signedIn(0)).token;
  await list(admin, { page: 1, pageSize: 3 });
  const kept = keptStaffAnswerCount();
  const theirs = await list(user, { page: 1, pageSize: 3 });
  expect(theirs.status).toBe(200);
  expect(keptStaffAnswerCount()).toBe(kept + 1);
});

test("a row's status changes with the clock: its answer is not sent past that moment", async () => {
  const db = await getDb();
  const soon = new Date(Date.now() + 1_500);
  await db.insert(webnews).values({ title: 'scheduled soon', lang: 'tw', publishAt: soon } as never);
  const body = { page: 1, pageSize: 3, sort: 'publishAt', direction: 'desc' };
  const statusOf = (result: { body: { data: { title: string; status: string }[] } }) =>
    result.body.data.find((row) => row.title === 'scheduled soon')?.status;
  expect(statusOf(await list(admin, body))).toBe('scheduled');
  expect(statusOf(await list(admin, body))).toBe('scheduled');
  await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 50));
  expect(statusOf(await list(admin, body))).toBe('live');
});

test('a call that read the database outside a keyed read (a status filter, read afresh) is not kept', async () => {
  const kept = keptStaffAnswerCount();
  const filtered = await list(admin, { page: 1, pageSize: 5, status: 'live' });
  expect(filtered.status).toBe(200);
  expect(keptStaffAnswerCount()).toBe(kept);
});

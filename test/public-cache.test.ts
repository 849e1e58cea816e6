import { eq } from 'drizzle-orm';
import { cachedRead, cacheStats, clearPublicCache, invalidate, STALE_MS, TTL_MS } from '../lib/cache/public-reads';
import { getDb } from '../lib/db';
import { webnews } from '../lib/db/schema';
import { call, signedIn } from './helpers/api';
import { withDatabase } from './helpers/database';
import { waitFor } from './helpers/wait-for';

withDatabase();

const titles = (body: { data: { title: string }[] }) => body.data.map((row) => row.title);

test('anonymous lists come from the cache, and a write through the API shows on the next read', async () => {
  const admin = await signedIn(1);
  await call('POST', 'webnews/add', { title: 'first' }, { token: admin.token });
  expect(titles((await call('POST', 'webnews/getlist', {})).body)).toEqual(['first']);
  // Every read of the second call (the list, and its publication window first) is a hit.
  const before = cacheStats();
  expect(titles((await call('POST', 'webnews/getlist', {})).body)).toEqual(['first']);
  expect(cacheStats().misses).toBe(before.misses);
  expect(cacheStats().hits).toBeGreaterThan(before.hits);

  await call('POST', 'webnews/add', { title: 'second' }, { token: admin.token });
  expect(titles((await call('POST', 'webnews/getlist', {})).body)).toEqual(['second', 'first']);
});

test('signed-in reads always see the database; anonymous reads see a change made behind the API when the entry expires', async () => {
  const admin = await signedIn(1);
  const added = await call('POST', 'webnews/add', { title: 'original' }, { token: admin.token });
  expect((await call('GET', `webnews/get/${added.body.id}`)).body.title).toBe('original');
  const db = await getDb();
  await db
    .update(webnews)
    .set({ title: 'changed directly' } as never)
    .where(eq(webnews.id, added.body.id));
  expect((await call('GET', `webnews/get/${added.body.id}`, undefined, { token: admin.token })).body.title).toBe(
    'changed directly',
  );
  expect((await call('GET', `webnews/get/${added.body.id}`)).body.title).toBe('original');
  clearPublicCache(); // stands for the TTL running out
  expect((await call('GET', `webnews/get/${added.body.id}`)).body.title).toBe('changed directly');
});

test('entries expire after the TTL; concurrent misses share one load; invalidate starts afresh', async () => {
  let loads = 0;
  const load = async () => {
    loads++;
    // A load that takes a while, as a query does: the reads made meanwhile overlap it.
    await new Promise((r) => setTimeout(r, 20));
    return loads;
  };
  const now = 1_000_000;
  const results = await Promise.all(Array.from({ length: 10 }, () => cachedRead('unit', 'k', load, { now })));
  expect(results).toEqual(Array(10).fill(1));
  expect(loads).toBe(1);
  expect(await cachedRead('unit', 'k', load, { now: now + TTL_MS - 1 })).toBe(1);
  invalidate('unit');
  expect(await cachedRead('unit', 'k', load, { now: now + TTL_MS - 1 })).toBe(2);
});

test('a timeless signed-in read is kept past the TTL until its stored generation moves', async () => {
  let loads = 0;
  const load = async () => ++loads;
  const now = 2_000_000;
  expect(await cachedRead('unit', 'ids', load, { now, shared: 7, timeless: true })).toBe(1);
  expect(
    await cachedRead('unit', 'ids', load, { now: now + 10 * (TTL_MS + STALE_MS), shared: 7, timeless: true }),
  ).toBe(1);
  // Another generation (a write by any server) is another entry.
  expect(await cachedRead('unit', 'ids', load, { now, shared: 8, timeless: true })).toBe(2);
  // Without `timeless`, or a visitor's read, the TTL holds.
  expect(await cachedRead('unit', 'rows', load, { now, shared: 7 })).toBe(3);
  expect(await cachedRead('unit', 'rows', load, { now: now + TTL_MS + STALE_MS, shared: 7 })).toBe(4);
  expect(await cachedRead('unit', 'visitor', load, { now, timeless: true })).toBe(5);
  expect(await cachedRead('unit', 'visitor', load, { now: now + TTL_MS + STALE_MS, timeless: true })).toBe(6);
});

test('an expired entry is served for STALE_MS while one read refreshes it; later reads wait for fresh data', async () => {
  let loads = 0;
  const load = async () => {
    loads++;
    // A load that takes a while, as a query does: the reads made meanwhile overlap it.
    await new Promise((r) => setTimeout(r, 20));
    return loads;
  };
  const now = 2_000_000;
  expect(await cachedRead('unit-stale', 'k', load, { now })).toBe(1);
  const expired = now + TTL_MS + 1;
  // Stale: answered at once with the old value, and only one refresh starts for all of them.
  expect(
    await Promise.all(Array.from({ length: 5 }, () => cachedRead('unit-stale', 'k', load, { now: expired }))),
  ).toEqual(Array(5).fill(1));
  expect(loads).toBe(2);
  await waitFor(async () => (await cachedRead('unit-stale', 'k', load, { now: expired })) === 2, {
    what: 'the refresh',
  });
  expect(await cachedRead('unit-stale', 'k', load, { now: expired })).toBe(2);
  expect(loads).toBe(2);
  // Past the stale bound nothing old is served: the read waits for a new load.
  expect(await cachedRead('unit-stale', 'k', load, { now: expired + TTL_MS + STALE_MS })).toBe(3);
});

test('a failed refresh keeps serving the stale value until the bound, then retries', async () => {
  let fail = false;
  let loads = 0;
  const load = async () => {
    loads++;
    if (fail) throw new Error('database away');
    return 'fresh';
  };
  const now = 3_000_000;
  expect(await cachedRead('unit-stale-fail', 'k', load, { now })).toBe('fresh');
  fail = true;
  expect(await cachedRead('unit-stale-fail', 'k', load, { now: now + TTL_MS + 1 })).toBe('fresh');
  await new Promise((r) => setTimeout(r, 0));
  expect(await cachedRead('unit-stale-fail', 'k', load, { now: now + TTL_MS + 2 })).toBe('fresh');
  expect(loads).toBe(3); // the failed refresh was let go, so the next stale read tried again
  await expect(cachedRead('unit-stale-fail', 'k', load, { now: now + TTL_MS + STALE_MS })).rejects.toThrow(
    'database away',
  );
});

test('a failed load is not kept', async () => {
  await expect(cachedRead('unit-fail', 'k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await cachedRead('unit-fail', 'k', async () => 'ok')).toBe('ok');
});

test("a list page kept counts its rows' memory, so pages of long rows are bounded as lists' ids are", async () => {
  const admin = await signedIn(1);
  const long = '長'.repeat(20_000);
  for (const title of ['a', 'b', 'c'])
    await call('POST', 'webnews/add', { title, content: `<p>${long}</p>` }, { token: admin.token });
  for (const token of [undefined, admin.token]) {
    clearPublicCache();
    const listed = await call('POST', 'webnews/getlist', { page: 1, pageSize: 3 }, token ? { token } : {});
    expect(listed.body.data).toHaveLength(3);
    // Three rows of 20,000 characters: at two bytes each, at least 120,000 bytes.
    expect(cacheStats().bytes).toBeGreaterThanOrEqual(120_000);
    expect(cacheStats().bytes).toBeLessThan(200_000);
  }
  // A later page of a signed-in list (cut from the list's ids) counts its rows too.
  clearPublicCache();
  await call('POST', 'webnews/getlist', { page: 2, pageSize: 1 }, { token: admin.token });
  expect(cacheStats().bytes).toBeGreaterThanOrEqual(40_000);
});

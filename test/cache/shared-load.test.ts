import { AsyncLocalStorage } from 'node:async_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { cachedRead, cacheStats, clearPublicCache } from '../../lib/cache/public-reads';
import { SharedLoad } from '../../lib/cache/shared-load';
import { cachedSiteRead, clearSiteReads } from '../../lib/cache/site-reads';
import { withDatabase } from '../helpers/database';

withDatabase();
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Next.js keeps each request's state in AsyncLocalStorage; this stands for it. */
const requestStore = new AsyncLocalStorage<{ page: string[] }>();

/** Runs `read` as a request would, and answers a weak reference to that request's state. */
async function asRequest<T>(read: () => Promise<T>): Promise<{ state: WeakRef<object>; value: T }> {
  const request = { page: Array.from({ length: 1000 }, (_, i) => `row ${i}`) };
  const value = await requestStore.run(request, read);
  return { state: new WeakRef(request), value };
}

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    if (ref.deref() === undefined) return true;
  }
  return false;
}

beforeEach(() => {
  clearSiteReads();
  clearPublicCache();
});

describe('what a cache keeps of the request that loaded an entry', () => {
  test('a promise kept from a request keeps that request (why caches keep values instead)', async () => {
    let kept: Promise<number> | undefined;
    const { state } = await asRequest(() => (kept = (async () => 1)()));
    expect(await kept).toBe(1);
    expect(await collected(state)).toBe(false);
  });

  test('a settled SharedLoad keeps its value only', async () => {
    let shared: SharedLoad<number> | undefined;
    const { state } = await asRequest(() => (shared = new SharedLoad((async () => 2)())).get());
    expect(await shared!.get()).toBe(2);
    expect(await collected(state)).toBe(true);
  });

  test('the public read cache and the site-wide reads serve the value without keeping the request', async () => {
    const first = await asRequest(() => cachedRead('webnews', 'retained-state', async () => ({ rows: [3] })));
    const site = await asRequest(() => cachedSiteRead('retained-state', async () => 4));
    expect(first.value).toEqual({ rows: [3] });
    expect(await cachedRead('webnews', 'retained-state', async () => ({ rows: [0] }))).toBe(first.value);
    expect(await cachedSiteRead('retained-state', async () => 0)).toBe(4);
    expect(await collected(first.state)).toBe(true);
    expect(await collected(site.state)).toBe(true);
  });
});

describe('a value kept serialized (pages of rows)', () => {
  const page = () => ({
    rows: [{ id: 7, title: '安養信託', publishAt: new Date(Date.UTC(2026, 0, 2)), tags: ['a'], image: null }],
    total: 1,
    page: 1,
  });

  test("the load's own callers get what it loaded; each later caller a copy of its own, dates as dates", async () => {
    const loaded = page();
    const shared = new SharedLoad(Promise.resolve(loaded), true);
    expect(await shared.get()).toBe(loaded);
    const first = await shared.get();
    const second = await shared.get();
    expect(first).toEqual(page());
    expect(first).not.toBe(loaded);
    expect(second).not.toBe(first);
    expect(first.rows[0].publishAt).toBeInstanceOf(Date);
    expect(first.rows[0].publishAt.getTime()).toBe(Date.UTC(2026, 0, 2));
    // A caller that changes its copy changes nothing of the kept value.
    first.rows[0].title = 'changed';
    expect((await shared.get()).rows[0].title).toBe('安養信託');
  });

  test('its size is the bytes it is kept in; a value kept as it is has none', async () => {
    const serialized = new SharedLoad(Promise.resolve({ text: '長'.repeat(10_000) }), true);
    const kept = new SharedLoad(Promise.resolve({ text: '長'.repeat(10_000) }));
    expect(serialized.size).toBe(0);
    await serialized.get();
    await kept.get();
    // Two bytes a character, and a few for the object around it.
    expect(serialized.size).toBeGreaterThanOrEqual(20_000);
    expect(serialized.size).toBeLessThan(20_100);
    expect(kept.size).toBe(0);
  });

  test('a value v8 cannot serialize is kept as it is', async () => {
    const loaded = { rows: [], format: () => 'text' };
    const shared = new SharedLoad(Promise.resolve(loaded), true);
    await shared.get();
    expect(shared.loaded).toBe(true);
    expect(await shared.get()).toBe(loaded);
    expect(shared.size).toBe(0);
  });

  test('the public read cache keeps what it is told to keep serialized, and counts its bytes', async () => {
    const loaded = page();
    expect(cacheStats().bytes).toBe(0);
    expect(await cachedRead('webnews', 'serialized-page', async () => loaded, { serialized: true })).toBe(loaded);
    const bytes = cacheStats().bytes;
    expect(bytes).toBeGreaterThan(50);
    const hit = await cachedRead('webnews', 'serialized-page', async () => page(), { serialized: true });
    expect(hit).toEqual(loaded);
    expect(hit).not.toBe(loaded);
    // Kept as it is, the same value declares no bytes.
    expect(await cachedRead('webnews', 'kept-page', async () => page())).toEqual(loaded);
    expect(cacheStats().bytes).toBe(bytes);
  });
});

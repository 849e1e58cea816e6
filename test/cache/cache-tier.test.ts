import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  APP_LAG_SECONDS,
  CONTENT_KEY,
  purgeKeys,
  SHARED_MAX_AGE_SECONDS,
  sharedMaxAge,
  SITE_KEY,
  writtenKeys,
} from '../../lib/cache/cache-tier';
import { cachedRead, invalidate, localGeneration, noteWindowChange } from '../../lib/cache/public-reads';
import { resetConfig } from '../../lib/config';
import { windowChanges } from '../../lib/content/storage/reads';
import { resources } from '../../lib/content/model/registry';
import { pageCaching, pageKeys } from '../../lib/public/cache-headers';
import { call, signedIn } from '../helpers/api';
import { withDatabase } from '../helpers/database';
import { waitFor } from '../helpers/wait-for';

withDatabase();

/** A local HTTP listener standing for Varnish: it records every request's method, path and xkey. */
async function purgeListener(status = 200) {
  const received: { method?: string; url?: string; xkey?: string; soft?: string }[] = [];
  let answer = status;
  const server = http.createServer((request, response) => {
    const { xkey, 'xkey-soft': soft } = request.headers as Record<string, string | undefined>;
    received.push({ method: request.method, url: request.url, xkey, soft });
    response.statusCode = answer;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    received,
    answer: (next: number) => (answer = next),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

afterEach(() => {
  delete process.env.CACHE_PURGE_URLS;
  resetConfig();
});

describe('page keys', () => {
  test('a list names the frame, its resources and what any such page carries; a row page names its row', () => {
    expect(pageKeys('/en/news')?.keys).toEqual([SITE_KEY, 'webeditor', 'uploads', 'webnews']);
    expect(pageKeys('/tw/news/12')?.keys).toEqual([SITE_KEY, 'webeditor', 'uploads', 'webnews', 'webnews:12']);
    expect(pageKeys('/tw/laws')?.keys).toEqual(expect.arrayContaining(['webrule', 'webruleclass', 'webruleattribute']));
  });

  test('pages that mix resources, feeds and the sitemap name `content`; the API and back office are no pages', () => {
    for (const path of ['/tw', '/en/', '/tw/search', '/tw/site-map', '/sitemap.xml', '/feeds/tw/news'])
      expect(pageKeys(path)?.keys).toEqual([SITE_KEY, CONTENT_KEY]);
    for (const path of ['/api/webnews/getlist', '/tw-admin', '/uploads/x/y.png', '/twa'])
      expect(pageKeys(path)).toBeNull();
  });
});

describe('how long the tier keeps a page', () => {
  const now = Date.parse('2026-01-01T10:00:00Z');
  test('the maximum, cut to the next publication-window change and to the app lag after the last one', () => {
    expect(sharedMaxAge(now, { next: null, last: null })).toBe(SHARED_MAX_AGE_SECONDS);
    expect(sharedMaxAge(now, { next: new Date(now + 42_500), last: null })).toBe(42);
    expect(sharedMaxAge(now, { next: new Date(now + 10 * 60_000), last: new Date(now - 5_000) })).toBe(
      APP_LAG_SECONDS - 5,
    );
    expect(sharedMaxAge(now, { next: new Date(now + 300), last: null })).toBe(0);
  });

  test('a page whose next row goes live at a moment expires then', async () => {
    const admin = await signedIn(1);
    const at = new Date(Date.now() + 120_000);
    expect(
      (await call('POST', 'webnews/add', { title: 'later', publishAt: at.toISOString() }, { token: admin.token }))
        .status,
    ).toBe(200);
    expect((await windowChanges(resources.webnews)).next?.getTime()).toBe(at.getTime());
    const { headers, until } = await pageCaching(pageKeys('/en/news')!);
    expect(until).toBeLessThanOrEqual(at.getTime());
    const seconds = Number(/^public, max-age=0, s-maxage=(\d+)$/.exec(headers['cache-control'])?.[1]);
    expect(seconds).toBeGreaterThan(110);
    expect(seconds).toBeLessThanOrEqual(120);
    expect(headers.xkey).toBe(headers['surrogate-key']);
  });
});

describe('visitors’ cached reads and the public window', () => {
  const note = (next: number | undefined) => noteWindowChange('webnews', next, localGeneration('webnews'));
  afterEach(() => note(undefined));

  test('they expire at the next window change, and are not served past it', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const now = Date.now();
    note(now + 1_000);
    await cachedRead('webnews', 'window-test', load, { now });
    await cachedRead('webnews', 'window-test', load, { now: now + 999 });
    expect(loads).toBe(1);
    expect(await cachedRead('webnews', 'window-test', load, { now: now + 1_000 })).toBe(2);
  });

  test('one read before the window was known ends at it once it is; signed-in reads never do', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const now = Date.now();
    await cachedRead('webnews', 'window-before', load, { now });
    await cachedRead('webnews', 'window-before-shared', load, { now, shared: 7 });
    note(now + 1_000);
    expect(await cachedRead('webnews', 'window-before', load, { now: now + 999 })).toBe(1);
    expect(await cachedRead('webnews', 'window-before', load, { now: now + 1_000 })).toBe(3);
    expect(await cachedRead('webnews', 'window-before-shared', load, { now: now + 1_000, shared: 7 })).toBe(2);
  });

  test('a window read before a write is not taken for the one after it', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const now = Date.now();
    const before = localGeneration('webnews');
    await invalidate('webnews');
    noteWindowChange('webnews', now + 1_000, before);
    await cachedRead('webnews', 'window-stale', load, { now });
    expect(await cachedRead('webnews', 'window-stale', load, { now: now + 1_000 })).toBe(1);
  });

  test('a read that begins as the known change passes is used by itself alone', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const now = Date.now();
    note(now);
    expect(await cachedRead('webnews', 'window-passed', load, { now })).toBe(1);
    expect(await cachedRead('webnews', 'window-passed', load, { now })).toBe(2);
    // The change passed is forgotten: the reads after it are kept again.
    expect(await cachedRead('webnews', 'window-passed', load, { now })).toBe(2);
  });

  test('a row scheduled a moment later joins the visitors’ list then, with no page rendered meanwhile', async () => {
    const admin = await signedIn(1);
    const at = new Date(Date.now() + 1_500);
    const added = await call(
      'POST',
      'webnews/add',
      { title: 'window list', publishAt: at.toISOString() },
      { token: admin.token },
    );
    expect(added.status).toBe(200);
    const id = (added.body as { id: number }).id;
    const ids = async () => (await call('POST', 'webnews/getlist', { page: 1 })).body as { data: { id: number }[] };
    expect((await ids()).data.map((row) => row.id)).not.toContain(id);
    await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 50));
    expect((await ids()).data.map((row) => row.id)).toContain(id);
  });
});

describe('purges', () => {
  test('a write purges its resource, its row and the mixed pages; settings purge the frame', () => {
    expect(writtenKeys('webnews', { id: 3 }, new Date('2026-01-01T00:00:00Z'))).toEqual([
      'webnews',
      CONTENT_KEY,
      'webnews:3',
      SITE_KEY,
    ]);
    // The footer's date changes with the first write of a day, and with a deletion.
    expect(writtenKeys('webnews', { id: 3 }, new Date('2026-01-01T01:00:00Z'))).toEqual([
      'webnews',
      CONTENT_KEY,
      'webnews:3',
    ]);
    expect(writtenKeys('webnews', { id: 3, removed: true }, new Date('2026-01-01T01:00:00Z'))).toContain(SITE_KEY);
    expect(writtenKeys('websetting')).toEqual([SITE_KEY]);
    expect(writtenKeys('account', { id: 1, unseen: true })).toEqual([]);
  });

  test('each write through the API sends PURGE with its keys to every address', async () => {
    const [a, b] = [await purgeListener(), await purgeListener()];
    process.env.CACHE_PURGE_URLS = `${a.url}, ${b.url}`;
    resetConfig();
    const admin = await signedIn(1);
    const added = await call('POST', 'webnews/add', { title: 'purged' }, { token: admin.token });
    await call('PUT', 'webnews/update', { id: added.body.id, title: 'purged again' }, { token: admin.token });
    // The write answers once the tier has the purge: the next page its author opens is the new one.
    for (const listener of [a, b]) {
      expect(listener.received).toHaveLength(2);
      expect(listener.received.every((r) => r.method === 'PURGE')).toBe(true);
      expect(listener.received.at(-1)?.xkey?.split(' ')).toEqual(
        expect.arrayContaining(['webnews', CONTENT_KEY, `webnews:${added.body.id}`]),
      );
    }
    await Promise.all([a.close(), b.close()]);
  });

  test('a refused purge is tried again; an unreachable tier never fails the caller', async () => {
    const tier = await purgeListener(500);
    const purged = purgeKeys(['webnews'], { urls: [tier.url] }).settled;
    // Refused once, then the tier takes the purge.
    await waitFor(() => tier.received.length > 0, { what: 'the first purge' });
    tier.answer(200);
    await purged;
    expect(tier.received.length).toBeGreaterThanOrEqual(2);
    await tier.close();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const sent = purgeKeys(['webnews'], { urls: [tier.url] }).settled;
      for (let i = 0; i < 4; i++) await jest.advanceTimersByTimeAsync(10_000);
      await expect(sent).resolves.toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });

  test('a tier that does not answer holds a write back about a second, not until it answers', async () => {
    let held: http.ServerResponse | undefined;
    const stalled = http.createServer((_request, response) => (held = response)); // answers only when told
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    process.env.CACHE_PURGE_URLS = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/`;
    resetConfig();
    try {
      const admin = await signedIn(1);
      const started = Date.now();
      const added = await call('POST', 'webnews/add', { title: 'tier stalled' }, { token: admin.token });
      expect(added.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      // Answered now, the purge is done and nothing is retried after the test.
      await new Promise<void>((resolve) => (held ? held.end(resolve) : resolve()));
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });

  test('a soft purge names its keys in xkey-soft, and no xkey', async () => {
    const tier = await purgeListener();
    await purgeKeys(['site'], { urls: [tier.url], soft: true }).settled;
    expect(tier.received).toEqual([{ method: 'PURGE', url: '/', xkey: undefined, soft: 'site' }]);
    await tier.close();
  });

  test('with no addresses nothing is sent', async () => {
    await expect(purgeKeys(['webnews'], { urls: [] }).settled).resolves.toBeUndefined();
    await expect(purgeKeys(['webnews'], { urls: [] }).sent).resolves.toBeUndefined();
  });
});

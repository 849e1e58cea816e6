import { bumpContentEpoch, contentEpoch } from '../../lib/cache/content-epoch';
import { cachedRead, cacheStats, invalidate } from '../../lib/cache/public-reads';
import { cachedSiteRead, clearSiteReads, SITE_READ_TTL_MS } from '../../lib/cache/site-reads';
import { call, signedIn } from '../helpers/api';
import { withDatabase } from '../helpers/database';

// Plain CommonJS, loaded by Next.js by path (next.config.mjs `cacheHandler`).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const PageCacheHandler = require('../../lib/cache/page-cache-handler.cjs') as {
  new (context: unknown): {
    get(key: string): Promise<{ lastModified: number; value: unknown } | null>;
    set(key: string, value: unknown, context?: { cacheControl?: { revalidate?: number | false } }): Promise<void>;
    revalidateTag(): Promise<void>;
  };
  clear(): void;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  MAX_AGE_SECONDS: number;
};

const page = (html: string) => ({ kind: 'APP_PAGE', html, rscData: Buffer.from(html), headers: {}, status: 200 });
const html = (hit: { value: unknown } | null) => (hit?.value as { html?: string } | undefined)?.html;
const cacheControl = { revalidate: 30 };

beforeEach(() => {
  PageCacheHandler.clear();
  clearSiteReads();
  jest.useRealTimers();
});

describe('page cache handler', () => {
  test('a redirect is not kept as a page', async () => {
    const handler = new PageCacheHandler({});
    expect(await handler.get('/en/about/videos/3')).toBeNull();
    await handler.set('/en/about/videos/3', { ...page('<h1>layout</h1>'), status: 307 }, { cacheControl });
    expect(await handler.get('/en/about/videos/3')).toBeNull();
    expect(PageCacheHandler.stats().entries).toBe(0);
  });

  test('a page rendered after a miss is served until the next content write', async () => {
    const handler = new PageCacheHandler({});
    expect(await handler.get('/zh-TW')).toBeNull();
    await handler.set('/zh-TW', page('<h1>before</h1>'), { cacheControl });
    expect(html(await handler.get('/zh-TW'))).toBe('<h1>before</h1>');
    // Next.js makes a handler per request: a new one sees the same pages.
    expect(html(await new PageCacheHandler({}).get('/zh-TW'))).toBe('<h1>before</h1>');

    invalidate('webnews');
    expect(await handler.get('/zh-TW')).toBeNull();
    await handler.set('/zh-TW', page('<h1>after</h1>'), { cacheControl });
    expect(html(await handler.get('/zh-TW'))).toBe('<h1>after</h1>');
  });

  test('a page is kept as UTF-8 bytes and served as the same text, whatever its script', async () => {
    const handler = new PageCacheHandler({});
    const text = '<h1>公會 Gonghui — 會員名錄</h1>'.repeat(100);
    await handler.get('/zh-TW/members');
    await handler.set('/zh-TW/members', page(text), { cacheControl });
    expect(html(await handler.get('/zh-TW/members'))).toBe(text);
    expect(html(await handler.get('/zh-TW/members'))).toBe(text);
    // Counted by its bytes: its HTML in UTF-8 (not twice its length, as V8 keeps such a string) and its RSC payload.
    expect(PageCacheHandler.stats().bytes).toBe(2 * Buffer.byteLength(text) + 'APP_PAGE'.length);
  });

  test('a write made while a page renders makes that page miss again', async () => {
    const handler = new PageCacheHandler({});
    expect(await handler.get('/en')).toBeNull(); // the render starts: it may read the old content
    bumpContentEpoch(); // an edit lands before the render is stored
    expect(await handler.get('/en')).toBeNull(); // a second look during the same render changes nothing
    await handler.set('/en', page('<h1>read before the edit</h1>'), { cacheControl });
    expect(await handler.get('/en')).toBeNull();
    await handler.set('/en', page('<h1>fresh</h1>'), { cacheControl });
    expect(html(await handler.get('/en'))).toBe('<h1>fresh</h1>');
  });

  test('a page expires after its revalidate time, never later than the public window allows', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const handler = new PageCacheHandler({});
    await handler.get('/short');
    await handler.set('/short', page('short'), { cacheControl: { revalidate: 5 } });
    await handler.get('/long');
    await handler.set('/long', page('long'), { cacheControl: { revalidate: false } });
    jest.setSystemTime(1_000_000 + 4_999);
    expect(html(await handler.get('/short'))).toBe('short');
    jest.setSystemTime(1_000_000 + 5_001);
    expect(await handler.get('/short')).toBeNull();
    expect(html(await handler.get('/long'))).toBe('long');
    jest.setSystemTime(1_000_000 + PageCacheHandler.MAX_AGE_SECONDS * 1000 + 1);
    expect(await handler.get('/long')).toBeNull();
  });

  test('keeps no dynamic render, no render it did not see start, and nothing after revalidatePath', async () => {
    const handler = new PageCacheHandler({});
    await handler.get('/dynamic');
    await handler.set('/dynamic', page('dynamic'), { cacheControl: { revalidate: 0 } });
    expect(await handler.get('/dynamic')).toBeNull();
    await handler.set('/unseen', page('unseen'), { cacheControl });
    await handler.get('/unseen'); // a miss: the set above was not kept
    expect(PageCacheHandler.stats().entries).toBe(0);

    await handler.set('/unseen', page('seen'), { cacheControl });
    expect(PageCacheHandler.stats().entries).toBe(1);
    await handler.revalidateTag();
    expect(await handler.get('/unseen')).toBeNull();
  });

  test('the least recently used pages leave first when the cache is full', async () => {
    const handler = new PageCacheHandler({});
    const big = 'x'.repeat(3 * 1024 * 1024); // html + rscData: about 6 MB a page; the cache holds 64 MB
    const length = async (key: string) => html(await handler.get(key))?.length;
    for (let i = 0; i < 10; i++) {
      await handler.get(`/p${i}`);
      await handler.set(`/p${i}`, page(big), { cacheControl });
    }
    expect(await length('/p0')).toBe(big.length); // used again: now the most recent
    await handler.get('/p10');
    await handler.set('/p10', page(big), { cacheControl });
    expect(await length('/p1')).toBeUndefined();
    expect(await length('/p0')).toBe(big.length);
    expect(await length('/p10')).toBe(big.length);
    expect(PageCacheHandler.stats().bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
});

describe('dead entries', () => {
  test('pages rendered before the latest write leave the cache at once, not when evicted', async () => {
    const handler = new PageCacheHandler({});
    for (const key of ['/a', '/b', '/c']) {
      await handler.get(key);
      await handler.set(key, page(`<h1>${key}</h1>`), { cacheControl });
    }
    expect(PageCacheHandler.stats().entries).toBe(3);
    invalidate('webnews');
    expect(await handler.get('/a')).toBeNull();
    expect(PageCacheHandler.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});

describe('site-wide reads', () => {
  test('kept until the next content write or the TTL; concurrent misses share one load', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      // A load that takes a while: the concurrent misses overlap it.
      await new Promise((resolve) => setTimeout(resolve, 10));
      return loads;
    };
    const now = 5_000_000;
    expect(
      await Promise.all(Array.from({ length: 5 }, () => cachedSiteRead('figures', load, SITE_READ_TTL_MS, now))),
    ).toEqual([1, 1, 1, 1, 1]);
    expect(await cachedSiteRead('figures', load, SITE_READ_TTL_MS, now + SITE_READ_TTL_MS - 1)).toBe(1);
    expect(await cachedSiteRead('figures', load, SITE_READ_TTL_MS, now + SITE_READ_TTL_MS + 1)).toBe(2);
    const epoch = contentEpoch();
    invalidate('websetting');
    expect(contentEpoch()).toBe(epoch + 1);
    expect(await cachedSiteRead('figures', load, SITE_READ_TTL_MS, now + SITE_READ_TTL_MS + 2)).toBe(3);
  });

  test('a load that fails is not kept, and a write during a load is not hidden by it', async () => {
    await expect(cachedSiteRead('failing', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cachedSiteRead('failing', async () => 'up')).toBe('up');

    let release = () => {};
    const slow = cachedSiteRead('slow', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    bumpContentEpoch();
    release();
    expect(await slow).toBe('old');
    expect(await cachedSiteRead('slow', async () => 'new')).toBe('new');
  });
});

describe('writes through the API', () => {
  withDatabase();

  test('a write drops the resource’s cached reads at once, and only that resource’s', async () => {
    const before = cacheStats().entries;
    await cachedRead('webnews', 'one', async () => 'news');
    await cachedRead('webnews', 'two', async () => 'more news');
    await cachedRead('webrule', 'one', async () => 'rule');
    expect(cacheStats().entries).toBe(before + 3);
    invalidate('webnews');
    expect(cacheStats().entries).toBe(before + 1);
    expect(await cachedRead('webrule', 'one', async () => 'reloaded')).toBe('rule');
  });

  test('every content write moves the content epoch, so cached pages render afresh', async () => {
    const admin = await signedIn(1);
    const before = contentEpoch();
    const added = await call('POST', 'webnews/add', { title: 'epoch' }, { token: admin.token });
    expect(contentEpoch()).toBeGreaterThan(before);
    const afterAdd = contentEpoch();
    await call('PUT', 'webnews/update', { id: added.body.id, title: 'epoch 2' }, { token: admin.token });
    expect(contentEpoch()).toBeGreaterThan(afterAdd);
  });
});

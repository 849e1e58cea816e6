import { contentEpoch } from '../../lib/cache/content-epoch';
import { invalidate } from '../../lib/cache/public-reads';
import { followOtherServers } from '../../lib/content/jobs/cross-server';
import { openPostgres, type Connection } from '../../lib/db/client';
import { cacheHeaders } from '../../lib/server/cache-headers';
import { responseBody } from '../../lib/server/next/response';
import { storedPages, storedPageStats } from '../../lib/server/stored-pages';
import { withDatabase } from '../helpers/database';
import { waitFor } from '../helpers/wait-for';
import { BROWSER, get, serveThrough } from './helpers';

/**
 * The stored copies of public pages (lib/server/stored-pages.ts) in the production pipeline's
 * order, with a stand-in for Next.js that counts its renders and numbers each one in the page.
 */
const database = withDatabase();

let renders = 0;
let server: Awaited<ReturnType<typeof serveThrough>>;
const page = (n: number) =>
  `<!DOCTYPE html><html lang="zh-Hant-TW"><head><script>self.render=${n}</script></head><body>${'<p>最新消息</p>'.repeat(300)}<p>render ${n}</p></body></html>`;

beforeAll(async () => {
  server = await serveThrough([storedPages, cacheHeaders, responseBody({ hashScripts: true })], (request, response) => {
    const n = ++renders;
    // A row of the other language: Next.js's first render of its redirect, Location twice and the page's lifetime.
    if (request.url === '/en/about/videos/3') {
      response.statusCode = 307;
      response.setHeader('location', '/en/about/videos/12');
      response.appendHeader('location', '/en/about/videos/12');
      response.setHeader('cache-control', 's-maxage=30, stale-while-revalidate=31535970');
      response.setHeader('content-type', 'text/html; charset=utf-8');
      return response.end(page(n));
    }
    // A render takes a while: concurrent requests for the page overlap it.
    setTimeout(() => {
      response.writeHead(request.url?.startsWith('/tw/missing') ? 404 : 200, {
        // As Next.js sends a page it renders per request: no ETag, no word of a cache.
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "script-src 'self'",
      });
      response.end(request.method === 'HEAD' ? undefined : page(n));
    }, 50);
  });
});
afterAll(() => server.close());

/** The next request renders: a write in between. */
const write = () => invalidate('webnews');

async function renderAndStore(path: string) {
  write();
  const first = await get(server.base, path, BROWSER);
  await waitFor(() => storedPageStats().entries > 0, { what: 'the stored copy' });
  return first;
}

test('the second request gets the stored bytes, without a render, byte for byte the page rendered', async () => {
  const first = await renderAndStore('/tw/news');
  const count = renders;
  const second = await get(server.base, '/tw/news', BROWSER);
  expect(renders).toBe(count);
  expect(second.status).toBe(200);
  expect(second.text).toBe(first.text);
  expect(second.headers['content-encoding']).toBe('br');
  expect(Number(second.headers['content-length'])).toBe(second.raw.length);
  expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  expect(second.headers['content-security-policy']).toMatch(/'sha256-/);
  expect(second.headers.xkey).toBe(first.headers.xkey);
  expect(second.headers['cache-control']).toMatch(/s-maxage=[1-9]/);
  expect(second.headers.vary).toMatch(/Accept-Encoding/);
  expect(second.headers['x-cache']).toBe('HIT');
  expect(first.headers['x-cache']).toBeUndefined();
  expect(second.headers['x-request-id']).toBeUndefined();
  // Compressed at the highest settings: smaller than the per-request brotli of the first answer.
  expect(second.raw.length).toBeLessThanOrEqual(first.raw.length);
  const gzip = await get(server.base, '/tw/news', { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.text).toBe(first.text);
  const plain = await get(server.base, '/tw/news');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.raw.toString('utf8')).toBe(first.text);
  expect(renders).toBe(count);
});

test('a page that came without an ETag gets one of its own, and revalidates with it', async () => {
  const first = await renderAndStore('/tw/news?page=2');
  const count = renders;
  const stored = await get(server.base, '/tw/news?page=2', BROWSER);
  expect(stored.headers['x-cache']).toBe('HIT');
  expect(stored.headers.etag).toMatch(/^"[\w-]+-br"$/);
  const again = await get(server.base, '/tw/news?page=2', {
    ...BROWSER,
    'if-none-match': stored.headers.etag as string,
  });
  expect(again.status).toBe(304);
  expect(renders).toBe(count);
  expect(stored.text).toBe(first.text);
});

test('an ETag of the stored copy answers 304, without a policy, without a render', async () => {
  await renderAndStore('/tw/news');
  const count = renders;
  const stored = await get(server.base, '/tw/news', BROWSER);
  const again = await get(server.base, '/tw/news', { ...BROWSER, 'if-none-match': stored.headers.etag as string });
  expect(again.status).toBe(304);
  expect(again.headers['content-security-policy']).toBeUndefined();
  expect(again.headers.etag).toBe(stored.headers.etag);
  expect(renders).toBe(count);
});

test('a write on this server makes the stored copy stale at once', async () => {
  await renderAndStore('/tw/news');
  const count = renders;
  write();
  const after = await get(server.base, '/tw/news', BROWSER);
  expect(renders).toBe(count + 1);
  expect(after.text).toContain(`render ${count + 1}`);
});

test('requests that arrive while a page renders wait for that one render', async () => {
  write();
  const count = renders;
  const answers = await Promise.all(Array.from({ length: 10 }, () => get(server.base, '/en/news', BROWSER)));
  expect(renders).toBe(count + 1);
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`render ${count + 1}`);
  }
});

test('signed-in, previewing, router and non-page requests, and answers other than 200, are never stored or served a copy', async () => {
  await renderAndStore('/tw/news');
  const count = renders;
  await get(server.base, '/tw/news', { ...BROWSER, cookie: 'session=abc' });
  await get(server.base, '/tw/news', { ...BROWSER, authorization: 'Bearer x' });
  await get(server.base, '/tw/news', { ...BROWSER, cookie: 'gonghui-preview=t' });
  await get(server.base, '/tw/news', { ...BROWSER, rsc: '1' });
  expect(renders).toBe(count + 4);
  const before = storedPageStats().entries;
  await get(server.base, '/tw/missing', BROWSER);
  await get(server.base, '/tw/missing', BROWSER);
  expect(renders).toBe(count + 6);
  await get(server.base, '/api/webnews', BROWSER);
  await get(server.base, '/api/webnews', BROWSER);
  expect(renders).toBe(count + 8);
  expect(storedPageStats().entries).toBe(before);
});

test('a redirect is neither stored nor kept by the cache tier: one Location, no body, no-store', async () => {
  write();
  const count = renders;
  for (let i = 0; i < 2; i++) {
    const answer = await get(server.base, '/en/about/videos/3', BROWSER);
    expect(answer.status).toBe(307);
    expect(answer.rawHeaders.filter((name) => name.toLowerCase() === 'location')).toHaveLength(1);
    expect(answer.headers.location).toBe('/en/about/videos/12');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.xkey).toBeUndefined();
    expect(answer.raw.length).toBe(0);
  }
  expect(renders).toBe(count + 2);
  expect(storedPageStats().entries).toBe(0);
});

const url = process.env.DATABASE_URL;
if (url) {
  describe('several app servers on one database', () => {
    let other: Connection;
    beforeAll(async () => {
      await followOtherServers(database.connection());
      other = await openPostgres(url, { searchPath: database.connection().schema });
    });
    afterAll(() => other.close());

    test('another server’s write, heard over NOTIFY, makes the stored copy stale', async () => {
      await renderAndStore('/tw/news');
      const count = renders;
      const epoch = contentEpoch();
      await other.query('update webnews set title = title');
      await waitFor(() => contentEpoch() > epoch, { what: 'the other server’s write' });
      await get(server.base, '/tw/news', BROWSER);
      expect(renders).toBe(count + 1);
    });
  });
}

test('a page sent very often is compressed again at brotli’s highest quality: smaller, the same page', async () => {
  process.env.STORED_PAGES_BEST_AFTER_HITS = '20';
  try {
    const first = await renderAndStore('/tw/laws');
    const before = (await get(server.base, '/tw/laws', BROWSER)).raw.length;
    for (let i = 0; i < 20; i++) await get(server.base, '/tw/laws', BROWSER, 'HEAD');
    let after = before;
    await waitFor(async () => (after = (await get(server.base, '/tw/laws', BROWSER)).raw.length) < before, {
      timeout: 5_000,
      interval: 50,
      what: 'the smaller copy',
    });
    expect(after).toBeLessThan(before);
    expect((await get(server.base, '/tw/laws', BROWSER)).text).toBe(first.text);
  } finally {
    delete process.env.STORED_PAGES_BEST_AFTER_HITS;
  }
});

test('a copy due for renewal is still sent while one request renders the page again', async () => {
  const first = await renderAndStore('/tw/statistics');
  const count = renders;
  jest.useFakeTimers({
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'nextTick',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
  });
  try {
    jest.setSystemTime(Date.now() + 275_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(server.base, '/tw/statistics', BROWSER)));
    expect(renders).toBe(count + 1);
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'HIT')).toHaveLength(4);
    for (const answer of answers.filter((a) => a.headers['x-cache'] === 'HIT')) expect(answer.text).toBe(first.text);
    expect(answers.find((answer) => answer.headers['x-cache'] === undefined)?.text).toContain(`render ${count + 1}`);
  } finally {
    jest.useRealTimers();
  }
});

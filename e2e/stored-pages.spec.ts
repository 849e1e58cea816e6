import { type APIRequestContext, type APIResponse } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminHeaders } from './helpers';

/**
 * Public pages kept by the server itself (lib/server/stored-pages.ts), against the production
 * build: what a visitor gets from the stored copy is what a fresh render gives.
 */
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Asks for `path` until the answer comes from the stored copy (compressed and stored after the first). */
async function storedCopy(request: APIRequestContext, path: string): Promise<APIResponse> {
  let answer: APIResponse | undefined;
  await expect
    .poll(async () => (answer = await request.get(path, { headers: browser })).headers()['x-cache'], {
      timeout: 5_000,
      intervals: [100],
    })
    .toBe('HIT');
  return answer!;
}

test('a page sent from its stored copy is, decompressed, byte for byte the render that was stored', async ({
  request,
}) => {
  // A query string of its own: no earlier test stored this page.
  const path = `/tw/news?stored=${Date.now()}`;
  const first = await request.get(path, { headers: browser });
  expect(first.status()).toBe(200);
  expect(first.headers()['x-cache']).toBeUndefined();
  const stored = await storedCopy(request, path);
  expect(stored.headers()['content-encoding']).toBe('br');
  expect(stored.headers()['etag']).toMatch(/-br"$/);
  expect(stored.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);
  expect(stored.headers()['xkey']).toBe(first.headers()['xkey']);
  // The first answer is the render that was stored.
  expect((await stored.body()).equals(await first.body())).toBe(true);
  // A signed-in visitor's request is never answered from a stored copy: Next.js renders it.
  const fresh = await request.get(path, { headers: { ...browser, cookie: 'session=none' } });
  expect(fresh.headers()['x-cache']).toBeUndefined();
  expect(await fresh.text()).toContain('<h1');
  expect(withoutScripts(await fresh.text())).toBe(withoutScripts(await stored.text()));
  // gzip for a client without brotli, the same page.
  const gzip = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  expect((await gzip.body()).equals(await first.body())).toBe(true);
});

/**
 * A page without its inline scripts. Those carry React's data for the browser, whose rows are
 * written in the order the page's data arrived, which differs from render to render; the document
 * they describe does not.
 */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '<script>');

test('the home page, the news list and a news item: a fresh render is the stored copy, but for React’s data', async ({
  request,
}) => {
  const stamp = `stored=${Date.now()}`;
  const item = (await (await request.get('/tw/news')).text()).match(/href="(\/tw\/news\/\d+)"/)?.[1];
  expect(item).toBeTruthy();
  for (const path of [`/tw?${stamp}`, `/tw/news?${stamp}`, `${item}?${stamp}`]) {
    await request.get(path, { headers: browser });
    const stored = await storedCopy(request, path);
    const fresh = await request.get(path, { headers: { ...browser, cookie: 'session=none' } });
    expect(fresh.headers()['x-cache'], path).toBeUndefined();
    expect(withoutScripts(await fresh.text()), path).toBe(withoutScripts(await stored.text()));
  }
});

test('a write makes the stored copy stale: the next request renders the change', async ({ request }) => {
  const path = '/en/news';
  await storedCopy(request, path);
  const title = `Stored copy check ${Date.now()}`;
  const added = await request.post('/api/webnews/add', {
    headers: await adminHeaders(request, 'en'),
    data: { title, isVisible: true },
  });
  expect(added.status()).toBe(200);
  const after = await request.get(path, { headers: browser });
  expect(after.headers()['x-cache']).toBeUndefined();
  expect(await after.text()).toContain(title);
});

test('lists are kept like any page, each query string apart, and a write to their rows makes them stale', async ({
  request,
}) => {
  const lists = ['/en/laws', '/tw/about/committees', '/tw/news', '/tw/news?page=2'];
  for (const path of lists) {
    const stored = await storedCopy(request, path);
    expect(stored.status(), path).toBe(200);
    // Next.js keeps no page of its own: the server's store is the one whole-page cache.
    expect(stored.headers()['x-nextjs-cache'], path).toBeUndefined();
  }
  const added = await request.post('/api/webnews/add', {
    headers: await adminHeaders(request, 'tw'),
    data: { title: `列表快取 ${Date.now()}`, isVisible: true },
  });
  expect(added.status()).toBe(200);
  const { id, title } = (await added.json()) as { id: number; title: string };
  try {
    const first = await request.get('/tw/news', { headers: browser });
    expect(first.headers()['x-cache']).toBeUndefined();
    expect(await first.text()).toContain(title);
    expect((await request.get('/tw/news?page=2', { headers: browser })).headers()['x-cache']).toBeUndefined();
    expect(await (await storedCopy(request, '/tw/news')).text()).toContain(title);
  } finally {
    await request.delete(`/api/webnews/delete/${id}`, { headers: await adminHeaders(request, 'tw') });
  }
});

test('a row of the other language redirects to its counterpart with one Location and no page, kept by no cache', async ({
  request,
}) => {
  const add = async (language: 'tw' | 'en', data: object) => {
    const added = await request.post('/api/webnews/add', { headers: await adminHeaders(request, language), data });
    expect(added.status(), await added.text()).toBe(200);
    return ((await added.json()) as { id: number }).id;
  };
  const tw = await add('tw', { title: `轉址 ${Date.now()}`, summary: 'E2E', isVisible: true });
  const en = await add('en', { title: `Redirect ${Date.now()}`, summary: 'E2E', isVisible: true, translationId: tw });
  try {
    // The first render and the one after it alike.
    for (let i = 0; i < 2; i++) {
      const answer = await request.get(`/en/news/${tw}`, { headers: browser, maxRedirects: 0 });
      expect(answer.status()).toBe(307);
      expect(answer.headersArray().filter(({ name }) => name.toLowerCase() === 'location')).toEqual([
        { name: expect.any(String), value: `/en/news/${en}` },
      ]);
      expect(await answer.body()).toHaveLength(0);
      expect(answer.headers()['cache-control']).toBe('no-store');
      expect(answer.headers()['x-cache']).toBeUndefined();
    }
    expect((await request.get(`/en/news/${tw}`)).url()).toMatch(new RegExp(`/en/news/${en}$`));
  } finally {
    for (const [language, id] of [
      ['en', en],
      ['tw', tw],
    ] as const)
      await request.delete(`/api/webnews/delete/${id}`, { headers: await adminHeaders(request, language) });
  }
});

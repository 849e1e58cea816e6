import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminHeaders, raw } from './helpers';
import { E2E_PORT } from './worker';

const XSRF = { cookie: 'XSRF-TOKEN=hardening', 'x-xsrf-token': 'hardening', 'content-type': 'application/json' };
const signIn = (forwardedFor: string, from?: string) =>
  raw({
    method: 'POST',
    path: '/api/account/login',
    from,
    headers: { ...XSRF, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ username: 'ghost', password: 'wrong' }),
  });

/** Every public page the sitemap lists, as paths. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
}

/** Every API path the route table has (through its OpenAPI description), with the methods each takes. */
async function apiOperations(request: APIRequestContext): Promise<{ method: string; path: string }[]> {
  const { paths } = (await (await request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
  );
}

test.describe('client address for the rate limits', () => {
  test('a forged X-Forwarded-For from a peer that is not a trusted proxy changes nothing', async () => {
    for (let i = 1; i <= 20; i++) expect((await signIn(`198.51.100.${i}`, '127.0.0.2')).status).toBe(200);
    const blocked = await signIn('198.51.100.99', '127.0.0.2');
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
  });

  test('behind a trusted proxy the right-most untrusted address of X-Forwarded-For is the client', async () => {
    for (let i = 1; i <= 20; i++) expect((await signIn('203.0.113.50')).status).toBe(200);
    expect((await signIn('203.0.113.50')).status).toBe(429);
    // Whatever the client wrote to the left of the proxy's entry does not help it.
    expect((await signIn('10.9.9.9, 203.0.113.50')).status).toBe(429);
    expect((await signIn('203.0.113.51')).status).toBe(200);
  });

  test('a client cannot send the peer-address header itself', async () => {
    for (let i = 1; i <= 20; i++) {
      const response = await raw({
        method: 'POST',
        path: '/api/account/login',
        from: '127.0.0.3',
        headers: { ...XSRF, 'x-peer-address': `192.0.2.${i}` },
        body: '{"username":"ghost","password":"x"}',
      });
      expect(response.status).toBe(200);
    }
    const blocked = await raw({
      method: 'POST',
      path: '/api/account/login',
      from: '127.0.0.3',
      headers: { ...XSRF, 'x-peer-address': '192.0.2.99' },
      body: '{"username":"ghost","password":"x"}',
    });
    expect(blocked.status).toBe(429);
  });
});

test.describe('garbled requests get a 4xx, never a 5xx', () => {
  test('every API route, public page and upload path, garbled every way', async ({ request }) => {
    test.setTimeout(240_000);
    const pages = await sitemapPaths(request);
    const operations = await apiOperations(request);
    expect(pages.length).toBeGreaterThan(20);
    expect(operations.length).toBeGreaterThan(20);
    const cases: { label: string; method: string; path: string; headers?: Record<string, string> }[] = [];
    for (const { method, path } of operations) {
      const garbled = /\{\w+\}/.test(path) ? path.replace(/\{\w+\}/g, '%ZZ') : `${path}/%ZZ`;
      cases.push({ label: 'bad escape', method, path: `/api${garbled}`, headers: XSRF });
      cases.push({ label: 'TRACE', method: 'TRACE', path: `/api${path}` });
    }
    const notInSitemap = [
      '/tw/member/login',
      '/en/member/welcome',
      '/tw/member/forms/login',
      '/en/member',
      '/tw/member/forms/entry',
      '/tw/member/dues',
      '/en/member/dues/2024',
      '/en/member/colleagues',
      '/tw/member/forms/contact-invite',
    ];
    for (const path of [
      ...pages,
      ...notInSitemap,
      '/uploads/00000000-0000-0000-0000-000000000000/x.png',
      '/tw-admin',
      '/en-login',
    ]) {
      cases.push({ label: 'bad escape', method: 'GET', path: `${path.replace(/\/[^/]*$/, '')}/%ZZ` });
      cases.push({ label: 'bad escape', method: 'GET', path: `${path}/%E4%ZZ` });
      cases.push({ label: 'TRACE', method: 'TRACE', path });
      cases.push({
        label: 'router state',
        method: 'GET',
        path,
        headers: { rsc: '1', 'next-router-state-tree': 'garbage' },
      });
      cases.push({
        label: 'router state',
        method: 'GET',
        path: `${path}?_rsc=x`,
        headers: { rsc: '1', 'next-router-state-tree': '%5B%22x%22%5D' },
      });
    }
    cases.push({ label: 'bad escape', method: 'GET', path: '/uploads/%ZZ/x' });
    const failures: string[] = [];
    for (const { label, method, path, headers } of cases) {
      const response = await raw({ method, path, headers });
      if (response.status < 400 || response.status >= 500)
        failures.push(`${label}: ${method} ${path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  test('an answer to garbled input is in the request language', async () => {
    const api = await raw({ path: '/api/webnews/get/%ZZ', headers: { 'web-language': 'en' } });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body).message).toMatch(/could not be read/);
    expect((await raw({ path: '/tw/news/%ZZ' })).body).toMatch(/無法讀取/);
    const trace = await raw({ method: 'TRACE', path: '/en' });
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toContain('GET');
  });

  test('server actions from another origin or with a body that does not decode', async ({ request }) => {
    const html = await (await request.get('/en/contact')).text();
    const ids = [...new Set([...html.matchAll(/&quot;id&quot;:&quot;([0-9a-f]{20,})&quot;/g)].map(([, id]) => id))];
    expect(ids.length).toBeGreaterThan(0);
    const origin = `http://127.0.0.1:${E2E_PORT}`;
    for (const id of ids) {
      const action = (headers: Record<string, string>, body: string) =>
        raw({ method: 'POST', path: '/en/contact', headers: { 'next-action': id, ...headers }, body });
      const results = {
        foreign: await action(
          { origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8' },
          '[null,null]',
        ),
        nullOrigin: await action({ origin: 'null', 'content-type': 'text/plain;charset=UTF-8' }, '[]'),
        nullArguments: await action({ origin, 'content-type': 'text/plain;charset=UTF-8' }, '[null,null]'),
        notJson: await action({ origin, 'content-type': 'text/plain;charset=UTF-8' }, '{{{'),
        badMultipart: await action({ origin, 'content-type': 'multipart/form-data; boundary=x' }, 'junk'),
      };
      expect(results.foreign.status).toBe(403);
      expect(results.foreign.body).toBe('This form may only be sent from this site.');
      expect(results.nullOrigin.status).toBe(403);
      for (const [name, response] of Object.entries(results)) {
        expect(response.status, name).toBeGreaterThanOrEqual(400);
        expect(response.status, name).toBeLessThan(500);
      }
    }
    // The form without JavaScript, posted from another site.
    const form = new FormData();
    form.set('name', 'x');
    const multipart = new Response(form);
    const noScript = await raw({
      method: 'POST',
      path: '/en/contact',
      headers: { origin: 'https://evil.example', 'content-type': multipart.headers.get('content-type')! },
      body: Buffer.from(await multipart.arrayBuffer()),
    });
    expect(noScript.status).toBe(403);
  });
});

test.describe('responses a cache or a browser may keep', () => {
  test('no public page of the sitemap sets a cookie', async ({ request }) => {
    test.setTimeout(300_000);
    const offenders: string[] = [];
    for (const path of ['/', ...(await sitemapPaths(request))]) {
      const response = await raw({ path });
      if (response.status >= 500) offenders.push(`${path}: ${response.status}`);
      if (response.headers['set-cookie']) offenders.push(`${path}: ${response.headers['set-cookie'].join(' ')}`);
    }
    expect(offenders).toEqual([]);
    // The back office and the API still hand out the XSRF cookie.
    expect((await raw({ path: '/tw-login' })).headers['set-cookie']?.join(' ')).toContain('XSRF-TOKEN=');
    expect((await raw({ path: '/api/webnews/get/1' })).headers['set-cookie']?.join(' ')).toContain('XSRF-TOKEN=');
  });

  test('uploads are served with their own sandboxing CSP, not the site-wide one', async ({ request }) => {
    const headers = await adminHeaders(request);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = await request.post('/api/upload', {
      headers,
      multipart: { file: { name: 'dot.png', mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status()).toBe(200);
    const served = await raw({ path: (await upload.json()).url });
    expect(served.status).toBe(200);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const missing = await raw({ path: '/uploads/00000000-0000-0000-0000-000000000000/x.png' });
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    // Pages keep the site-wide policy.
    expect((await raw({ path: '/en' })).headers['content-security-policy']).toContain("default-src 'self'");
  });

  test('a path with a dot goes through the same routing rules as one without', async () => {
    const plain = await raw({ path: '/admin/en/office' });
    const dotted = await raw({ path: '/admin/en/office/x.y' });
    expect(plain.status).toBe(307);
    expect(dotted.status).toBe(plain.status);
    expect(dotted.headers.location).toBe(plain.headers.location);
    // Files at the root are still files.
    expect((await raw({ path: '/robots.txt' })).status).toBe(200);
    expect((await raw({ path: '/sitemap.xml' })).status).toBe(200);
    expect((await raw({ path: '/feeds/en/news.xml' })).status).toBe(200);
  });

  test('every entry of a detail page’s BreadcrumbList but the last has an item', async ({ page }) => {
    await page.goto('/tw/news');
    await page.locator('main .list-item h2 a').first().click();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const list = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'BreadcrumbList');
    const entries = list.itemListElement as { item?: string; name: string }[];
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const entry of entries.slice(0, -1)) expect(entry.item, entry.name).toMatch(/^http/);
    // The group crumb's item is a page that exists.
    const group = entries[1].item!;
    expect((await page.request.get(new URL(group).pathname)).status()).toBe(200);
  });
});

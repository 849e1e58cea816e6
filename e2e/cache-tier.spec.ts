import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as requests, type APIRequestContext } from '@playwright/test';
import { expect, recreateDatabase, test } from './fixtures';
import sharp from 'sharp';
import { admin, adminHeaders, raw, startServer } from './helpers';
import { startVarnish, stopVarnish } from './varnish';
import { E2E_PORT, E2E_VARNISH_PORT, E2E_DATABASE } from './worker';

/**
 * Varnish in front of an app server, as docs/operations.md lays it out: deploy/varnish/default.vcl
 * with its backend pointed at a server of this spec's own (started with CACHE_PURGE_URLS naming
 * this Varnish, so the shared test server's writes send no purges), started with the deployment's
 * parameters (deploy/varnish/startup.cli). varnishd must be installed (.ci/run installs it):
 * without it the spec fails.
 */
const appPort = E2E_PORT + 60;
const varnishPort = E2E_VARNISH_PORT;
const front = `http://127.0.0.1:${varnishPort}`;
const databaseUrl = process.env.DATABASE_URL;
const database = `${E2E_DATABASE}_cache_tier`;

let app: Awaited<ReturnType<typeof startServer>> | undefined;
let workDir: string;

test.describe('the cache tier (Varnish) in front of the app', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-cache-tier-'));
    // Started before the app, so the purges of the app's start-up writes (the demo content) reach it
    // at once rather than retried while the tests run, where they would empty the cache under them.
    const { ready } = startVarnish({ workDir, appPort, port: varnishPort });
    app = await startServer(
      appPort,
      {
        ...process.env,
        ...(databaseUrl ? { DATABASE_URL: await recreateDatabase(databaseUrl, database) } : {}),
        DATA_DIR: path.join(workDir, 'data'),
        DEMO_CONTENT: 'on',
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        SITE_URL: `http://127.0.0.1:${appPort}`,
        LOG_LEVEL: 'info', // the request log: which id the app was given
        TRUSTED_PROXIES: '127.0.0.1',
        CACHE_PURGE_URLS: `${front}/`,
      },
      '/readyz',
      'the app server behind Varnish',
    );
    await ready();
  });

  test.afterAll(async () => {
    await stopVarnish();
    await app?.stop();
    if (databaseUrl) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  const api = `http://127.0.0.1:${appPort}/api`;

  /** Signs in on this spec's own server (adminHeaders speaks to the one its request is based on). */
  async function signIn() {
    const context = await requests.newContext({ baseURL: `http://127.0.0.1:${appPort}` });
    try {
      return await adminHeaders(context, 'en');
    } finally {
      await context.dispose();
    }
  }
  const isHit = (headers: Record<string, string>) => headers['x-cache'] === 'HIT' || Number(headers.age) > 0;

  async function addNews(request: APIRequestContext, headers: Record<string, string>, title: string, publishAt?: Date) {
    const data: Record<string, unknown> = { title, summary: title, isVisible: true };
    if (publishAt) data.publishAt = publishAt.toISOString();
    const added = await request.post(`${api}/webnews/add`, { headers, data });
    expect(added.status(), await added.text()).toBe(200);
    return (await added.json()) as { id: number };
  }

  test('a page is kept on its second request, carries its keys and no cookie', async ({ request }) => {
    const first = await request.get(`${front}/en/news`);
    expect(first.status()).toBe(200);
    expect(first.headers()['x-cache']).toBe('MISS');
    const second = await request.get(`${front}/en/news`);
    expect(isHit(second.headers())).toBe(true);
    expect(second.headers()['set-cookie']).toBeUndefined();
    expect(second.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    // The keys are for the tier: the app sends them, Varnish keeps them to itself.
    const direct = await request.get(`http://127.0.0.1:${appPort}/en/news`);
    expect(direct.headers()['xkey']).toContain('webnews');
    expect(direct.headers()['surrogate-key']).toBe(direct.headers()['xkey']);
    expect(direct.headers()['set-cookie']).toBeUndefined();
    expect(second.headers()['xkey']).toBeUndefined();
  });

  test('a soft purge has the page fetched again while the app is healthy', async ({ request }) => {
    await request.get(`${front}/en/links`);
    expect(isHit((await request.get(`${front}/en/links`)).headers())).toBe(true);
    const purged = await request.fetch(`${front}/`, { method: 'PURGE', headers: { 'xkey-soft': 'site' } });
    expect(purged.status()).toBe(200);
    expect(await purged.text()).toContain('Soft-purged');
    // Past its time with its grace copy kept, and the app healthy: fetched again, not sent stale.
    const again = await request.get(`${front}/en/links`);
    expect(again.status()).toBe(200);
    expect(again.headers()['x-cache']).toBe('MISS');
  });

  test("runs with the deployment's startup parameters: routine requests leave no log records, health checks do", async ({
    request,
  }) => {
    expect((await request.get(`${front}/en/laws`)).status()).toBe(200);
    expect((await request.get(`${front}/en/laws`)).status()).toBe(200);
    // The shared-memory log as it stands (-d: from its start, then exit), ungrouped.
    const log = execFileSync('varnishlog', ['-n', path.join(workDir, 'varnish'), '-d', '-g', 'raw'], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    const tags = new Set(
      log
        .split('\n')
        .map((line) => line.trim().split(/\s+/)[1])
        .filter(Boolean),
    );
    expect(tags).toContain('Backend_health');
    for (const routine of ['ReqURL', 'RespHeader', 'Timestamp', 'Begin']) expect(tags).not.toContain(routine);
  });

  /** A GET to Varnish from one of this machine's addresses: 127.0.0.1 is the front (`acl fronts`). */
  const getFrom = (from: string, path: string, headers: Record<string, string> = {}) =>
    raw({ port: varnishPort, path, headers, from });

  test("every answer carries its own request id: the front's, else one Varnish makes, never a client's", async () => {
    const first = await getFrom('127.0.0.1', '/en/about');
    const second = await getFrom('127.0.0.1', '/en/about');
    expect(second.headers['x-cache']).toBe('HIT');
    // A kept page does not repeat the id of the request that fetched it.
    for (const { headers } of [first, second]) expect(headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    expect((await getFrom('127.0.0.1', '/en/about', { 'X-Request-Id': 'front-0042' })).headers['x-request-id']).toBe(
      'front-0042',
    );
    expect(
      (await getFrom('127.0.0.1', '/api/webnews/get/1', { 'X-Request-Id': 'front-0043' })).headers['x-request-id'],
    ).toBe('front-0043');
    // From an address that is not the front, the client's id is replaced, on a hit and on a pass.
    const ids: string[] = [];
    for (const path of ['/en/about', '/api/webnews/get/1']) {
      const forged = await getFrom('127.0.0.2', path, { 'X-Request-Id': 'forged-0042' });
      expect(forged.status).toBe(200);
      expect(forged.headers['x-cache']).toBe(path.startsWith('/api/') ? 'PASS' : 'HIT');
      expect(forged.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
      expect(forged.headers['x-request-id']).not.toBe('forged-0042');
      ids.push(String(forged.headers['x-request-id']));
    }
    // What reached the app, which believes Varnish: the front's id, and Varnish's in place of the client's.
    const logged = () =>
      app!
        .output()
        .split('\n')
        .filter((line) => line.includes('"route":"/api/webnews/get/:id"'))
        .join('\n');
    await expect.poll(logged).toContain('"requestId":"front-0043"');
    await expect.poll(logged).toContain(`"requestId":"${ids[1]}"`);
    expect(logged()).not.toContain('forged-0042');
  });

  test('an edit through the API purges the pages that show it', async ({ request }) => {
    const headers = await signIn();
    const { id } = await addNews(request, headers, 'Cache tier first');
    const page = `${front}/en/news/${id}`;
    await request.get(page);
    expect(isHit((await request.get(page)).headers())).toBe(true);
    await request.get(`${front}/en/news`);

    const updated = await request.put(`${api}/webnews/update`, { headers, data: { id, title: 'Cache tier edited' } });
    expect(updated.status(), await updated.text()).toBe(200);
    // The write answered after Varnish took the purge: the very next request is the edited page.
    expect(await (await request.get(page)).text()).toContain('Cache tier edited');
    expect(await (await request.get(`${front}/en/news`)).text()).toContain('Cache tier edited');
  });

  test("a User's change awaiting approval never reaches the tier; its approval shows at once", async ({ request }) => {
    const headers = await signIn();
    const editor = { username: `tier${Date.now()}`, password: 'user-password-1' };
    const made = await request.post(`${api}/account/add`, {
      headers,
      data: { ...editor, displayName: 'Tier editor', role: 0 },
    });
    expect(made.status(), await made.text()).toBe(200);
    const context = await requests.newContext({ baseURL: `http://127.0.0.1:${appPort}` });
    const editorHeaders = await adminHeaders(context, 'en', editor).finally(() => context.dispose());
    const setting = (on: boolean) =>
      request.post(`${api}/websetting/webinfo`, { headers, data: { approvalRequired: on } });
    expect((await setting(true)).status()).toBe(200);
    try {
      const { id } = await addNews(request, headers, 'Tier live text');
      const page = `${front}/en/news/${id}`;
      await request.get(page);
      expect(isHit((await request.get(page)).headers())).toBe(true);

      const submitted = await request.put(`${api}/webnews/update`, {
        headers: editorHeaders,
        data: { id, title: 'Tier approved text' },
      });
      expect((await submitted.json()).pending.id).toBeGreaterThan(0);
      const kept = await request.get(page);
      expect(await kept.text()).toContain('Tier live text');

      const approved = await request.post(`${api}/webnews/approve/${id}`, { headers, data: {} });
      expect(approved.status(), await approved.text()).toBe(200);
      // The approval answered after Varnish took the purge: the very next request is the approved page.
      expect(await (await request.get(page)).text()).toContain('Tier approved text');
      expect(await (await request.get(`${front}/en/news`)).text()).toContain('Tier approved text');
    } finally {
      expect((await setting(false)).status()).toBe(200);
    }
  });

  test('a hidden row stops being served at once', async ({ request }) => {
    const headers = await signIn();
    const { id } = await addNews(request, headers, 'Cache tier hidden');
    const page = `${front}/en/news/${id}`;
    expect((await request.get(page)).status()).toBe(200);
    expect(isHit((await request.get(page)).headers())).toBe(true);

    const hidden = await request.put(`${api}/webnews/update`, {
      headers,
      data: { id, title: 'Cache tier hidden', isVisible: false },
    });
    expect(hidden.status(), await hidden.text()).toBe(200);
    expect((await request.get(page)).status()).toBe(404);
  });

  test("a row page's 404 is kept a short while, and purged when the row shows", async ({ request }) => {
    const headers = await signIn();
    const { id } = await addNews(request, headers, 'Cache tier 404');
    const hidden = await request.put(`${api}/webnews/update`, {
      headers,
      data: { id, title: 'Cache tier 404', isVisible: false },
    });
    expect(hidden.status(), await hidden.text()).toBe(200);
    const page = `${front}/en/news/${id}`;
    const first = await request.get(page);
    expect(first.status()).toBe(404);
    expect(first.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=([1-9]|[1-5]\d|60)$/);
    expect(first.headers()['x-cache']).toBe('MISS');
    // Its keys, which the app sends and Varnish keeps to itself, name the row.
    const direct = await request.get(`http://127.0.0.1:${appPort}/en/news/${id}`);
    expect(direct.status()).toBe(404);
    expect(direct.headers().xkey.split(' ')).toContain(`webnews:${id}`);
    const second = await request.get(page);
    expect(second.status()).toBe(404);
    expect(isHit(second.headers())).toBe(true);

    const shown = await request.put(`${api}/webnews/update`, {
      headers,
      data: { id, title: 'Cache tier 404', isVisible: true },
    });
    expect(shown.status(), await shown.text()).toBe(200);
    const after = await request.get(page);
    expect(after.status()).toBe(200);
    expect(await after.text()).toContain('Cache tier 404');
  });

  test('a scheduled row appears when its time comes, with no write', async ({ request }) => {
    const headers = await signIn();
    const publishAt = new Date(Date.now() + 8_000);
    const { id } = await addNews(request, headers, 'Cache tier scheduled', publishAt);
    const list = `${front}/en/news`;
    const before = await request.get(list);
    // Kept no longer than until the row goes live.
    const seconds = Number(/s-maxage=(\d+)/.exec(before.headers()['cache-control'] ?? '')?.[1]);
    expect(seconds).toBeLessThanOrEqual(8);
    expect(await before.text()).not.toContain(`/en/news/${id}"`);
    // Neither the tier nor the app's own caches keep the list past that moment.
    await expect
      .poll(async () => (await request.get(list)).text(), {
        timeout: publishAt.getTime() - Date.now() + 5_000,
        intervals: [500],
      })
      .toContain(`/en/news/${id}"`);
  });
  test('a file replaced in the media library shows at once through the tier', async ({ request }) => {
    const headers = await signIn();
    const picture = (background: string) =>
      sharp({ create: { width: 800, height: 600, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const uploaded = await request.post(`${api}/upload`, {
      headers,
      multipart: { file: { name: 'replaced.jpg', mimeType: 'image/jpeg', buffer: await picture('#d02020') } },
    });
    expect(uploaded.status()).toBe(200);
    const upload = (await uploaded.json()) as { id: string; url: string };
    const { id } = await addNews(request, headers, 'Cache tier picture');
    const set = await request.put(`${api}/webnews/update`, { headers, data: { id, image: upload.id } });
    expect(set.status(), await set.text()).toBe(200);
    const page = `${front}/en/news/${id}`;
    const cover = async () => {
      const html = await (await request.get(page)).text();
      return /<img src="([^"]+)"/.exec(html.slice(html.indexOf('<article')))?.[1]?.replace(/&amp;/g, '&') ?? '';
    };
    const before = await cover();
    expect(before).toContain(`${upload.url}?w=`);
    expect(isHit((await request.get(page)).headers())).toBe(true);

    const replaced = await request.put(`${api}/media/replace/${upload.id}`, {
      headers,
      multipart: { file: { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await picture('#2040d0') } },
    });
    expect(replaced.status(), await replaced.text()).toBe(200);
    // The page was purged: its next answer names the new version, whose copy is the new picture.
    const after = await cover();
    expect(after).not.toBe(before);
    expect(after).toContain('v=2');
    const { data } = await sharp(await (await request.get(`${front}${after}`)).body())
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0] < 100, data[2] > 150]).toEqual([true, true]);
    // The old link without a size shows the new picture too (revalidated, never kept for a year).
    const bare = await request.get(`${front}${upload.url}`);
    expect(bare.headers()['cache-control']).toContain('max-age=0');
    const old = await sharp(await bare.body())
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(old.data[2]).toBeGreaterThan(150);
  });
});

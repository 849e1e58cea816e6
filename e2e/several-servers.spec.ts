import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminHeaders, signInWithToken, startServer } from './helpers';
import { E2E_PORT, E2E_DATABASE, E2E_SECRET_KEY } from './worker';

/**
 * Two app servers on one PostgreSQL database (the test server, A, and a second one, B, started
 * here on the same database): what one does, the other shows on the very next request. PGlite is
 * one process with its own folder, so there is no second server to start on it: these tests exist
 * only in the PostgreSQL run (DATABASE_URL set), as the deployment they describe does.
 */
const databaseUrl = process.env.DATABASE_URL;

if (databaseUrl) {
  test.describe('several app servers on one PostgreSQL database', { tag: '@alone' }, () => {
    test.describe.configure({ timeout: 180_000 });
    const port = E2E_PORT + 5;
    const b = `http://127.0.0.1:${port}`;
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    let dataDir: string;

    test.beforeAll(async () => {
      // The database e2e/fixtures.ts made for server A, the worker's test server.
      const url = new URL(databaseUrl);
      url.pathname = `/${E2E_DATABASE}`;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-server-b-'));
      server = await startServer(
        port,
        {
          ...process.env,
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          DEMO_CONTENT: 'off',
          SITE_URL: b,
          LOG_LEVEL: 'warn',
          TRUSTED_PROXIES: '127.0.0.1',
          // Accounts of the test server's database may have a second factor sealed with its key.
          SECRET_KEY: E2E_SECRET_KEY,
        },
        '/readyz',
        'server B',
      );
    });

    test.afterAll(async () => {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const json = { 'content-type': 'application/json' };

    async function firstNews(request: APIRequestContext) {
      const response = await request.get(`${b}/en/news`);
      const id = (await response.text()).match(/href="\/en\/news\/(\d+)"/)?.[1];
      expect(id).toBeTruthy();
      return Number(id);
    }

    test('an edit through A shows on B’s public pages and API on the very next request', async ({ request }) => {
      const id = await firstNews(request);
      // B has the page, the list and the row cached now.
      for (let i = 0; i < 2; i++) {
        expect((await request.get(`${b}/en/news/${id}`)).status()).toBe(200);
        await request.get(`${b}/en/news`);
        await request.get(`${b}/api/webnews/get/${id}`, { headers: { 'web-language': 'en' } });
      }
      const headers = await adminHeaders(request, 'en');
      const title = `Edited on server A ${Date.now()}`;
      const update = await request.put('/api/webnews/update', {
        headers: { ...headers, ...json },
        data: { id, title },
      });
      expect(update.status()).toBe(200);
      expect(await (await request.get(`${b}/en/news/${id}`)).text()).toContain(title);
      expect(await (await request.get(`${b}/en/news`)).text()).toContain(title);
      expect(
        await (await request.get(`${b}/api/webnews/get/${id}`, { headers: { 'web-language': 'en' } })).json(),
      ).toMatchObject({ title });
    });

    test('a row hidden through A is gone from B at once', async ({ request }) => {
      const id = await firstNews(request);
      expect((await request.get(`${b}/en/news/${id}`)).status()).toBe(200);
      const headers = await adminHeaders(request, 'en');
      expect(
        (
          await request.put('/api/webnews/update', { headers: { ...headers, ...json }, data: { id, isVisible: false } })
        ).status(),
      ).toBe(200);
      expect((await request.get(`${b}/en/news/${id}`)).status()).toBe(404);
      expect(
        (
          await request.put('/api/webnews/update', { headers: { ...headers, ...json }, data: { id, isVisible: true } })
        ).status(),
      ).toBe(200);
      expect((await request.get(`${b}/en/news/${id}`)).status()).toBe(200);
    });

    test('a sign-out on A is refused by B as soon as the notification arrives', async ({ request }) => {
      const headers = await adminHeaders(request, 'en');
      // B checks the token and remembers it.
      const onB = await request.post(`${b}/api/account/checklogin`, { headers });
      expect(await onB.json()).toMatchObject({ valid: true });
      expect((await request.post('/api/account/logout', { headers })).status()).toBe(200);
      // The notification travels beside the answer: B may see the next request first, on a busy machine.
      // Well before B's own 5-second trust ends, it refuses the token.
      await expect
        .poll(async () => (await (await request.post(`${b}/api/account/checklogin`, { headers })).json()).valid, {
          timeout: 1_000,
          intervals: [20],
        })
        .toBe(false);
      const write = await request.post(`${b}/api/webbulletintype/add`, {
        headers: { ...headers, ...json },
        data: { name: 'x' },
      });
      expect(write.status()).not.toBe(200);
    });

    test('a file uploaded through A is served by B, byte for byte', async ({ request }) => {
      const headers = await adminHeaders(request);
      // Over one stored piece (512 KB), so B streams it from several.
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(700 * 1024, 7), Buffer.from('\n%%EOF\n')]);
      const upload = await request.post('/api/upload', {
        headers,
        multipart: { file: { name: 'shared.pdf', mimeType: 'application/pdf', buffer: pdf } },
      });
      expect(upload.status()).toBe(200);
      const { url } = await upload.json();
      const served = await request.get(`${b}${url}`);
      expect(served.status()).toBe(200);
      expect(Buffer.from(await served.body()).equals(pdf)).toBe(true);
    });

    test('an edit lock holds across servers: B sees A’s holder, takes over, and A turns read-only within 5 s', async ({
      browser,
      request,
    }) => {
      const id = await firstNews(request);
      const headers = await adminHeaders(request, 'en');
      const username = `lockb${Date.now()}`;
      const lee = { username, password: 'user-password-1' };
      const added = await request.post('/api/account/add', {
        headers: { ...headers, ...json },
        data: { ...lee, displayName: `Lee ${Date.now() % 10000}`, role: 0 },
      });
      expect(added.status()).toBe(200);

      const contextA = await browser.newContext();
      const onA = await contextA.newPage();
      await signInWithToken(onA, request);
      await onA.goto(`/en-admin/webnews/${id}`);
      const titleA = onA.getByRole('textbox', { name: /^Title/ });
      await expect(titleA).toBeEditable();
      await titleA.fill('Typed on server A');

      const contextB = await browser.newContext();
      const onB = await contextB.newPage();
      await signInWithToken(onB, request, lee);
      await onB.goto(`${b}/en-admin/webnews/${id}`);
      const bannerB = onB.getByTestId('edit-lock-banner');
      await expect(bannerB).toContainText('is editing this (since');
      await bannerB.getByRole('button', { name: 'Take over editing' }).click();
      await expect(onB.getByRole('textbox', { name: /^Title/ })).toBeEditable();
      const takenAt = Date.now();
      await expect(onA.getByTestId('edit-lock-banner')).toContainText(`took over editing at`, { timeout: 5_000 });
      expect(Date.now() - takenAt).toBeLessThanOrEqual(5_500);
      await expect(titleA).toBeDisabled();
      await expect(titleA).toHaveValue('Typed on server A');
      await contextB.close();
      await contextA.close();
    });
  });
}

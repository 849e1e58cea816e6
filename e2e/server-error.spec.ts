import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import pg from 'pg';
import enErrors from '../messages/en/errors.json';
import twErrors from '../messages/tw/errors.json';
import { startServer } from './helpers';
import { E2E_PORT } from './worker';

/**
 * A public page that really fails (its table gone from under it) is sent as the site's 500 page in
 * its frame, from the server's copy (lib/server/error-pages.ts), not as Next.js's empty error shell.
 * Breaking a table needs a database the test can reach besides the server: this runs in the
 * PostgreSQL run (DATABASE_URL set), on a database and a server of its own. The 500 page itself is
 * checked on both databases by e2e/not-found-crawl.spec.ts.
 */
const databaseUrl = process.env.DATABASE_URL;

if (databaseUrl) {
  test.describe('a public page that fails', () => {
    test.describe.configure({ timeout: 180_000 });
    const port = E2E_PORT + 6;
    const base = `http://127.0.0.1:${port}`;
    const database = `gonghui_server_error_${process.pid}`;
    const admin = new URL(databaseUrl);
    const url = new URL(databaseUrl);
    url.pathname = `/${database}`;
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    let dataDir: string;

    async function sql(target: URL, statement: string) {
      const client = new pg.Client({ connectionString: target.toString() });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    }

    test.beforeAll(async () => {
      await sql(admin, `DROP DATABASE IF EXISTS ${database}`);
      await sql(admin, `CREATE DATABASE ${database}`);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-server-error-'));
      server = await startServer(
        port,
        { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, DEMO_CONTENT: 'on', LOG_LEVEL: 'info' },
        '/readyz',
        'the server',
      );
    });

    test.afterAll(async () => {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await sql(admin, `DROP DATABASE IF EXISTS ${database}`);
    });

    test("is the framed 500 page in its language, without Next.js's script and never kept", async ({ request }) => {
      // The server renders its copies of the 500 page (both languages) once it listens, while the
      // database is whole: the request log shows them.
      const copies = () => server!.output().match(/"route":"\/\[locale\]\/server-error","status":200/g)?.length ?? 0;
      await expect.poll(copies, { timeout: 30_000 }).toBe(2);
      await sql(url, 'ALTER TABLE search_terms RENAME TO search_terms_away');
      try {
        for (const [language, lang, errors] of [
          ['tw', 'zh-Hant-TW', twErrors],
          ['en', 'en', enErrors],
        ] as const) {
          // A word nobody searched before: its rows are read from the search index's terms, which are gone.
          const response = await request.get(`${base}/${language}/search?q=failure-${Date.now()}`);
          expect(response.status()).toBe(500);
          expect(response.headers()['cache-control']).toBe('no-store');
          const html = await response.text();
          expect(html).not.toContain('__next_error__');
          // Nothing of the client runtime, which would start its router on the 500 page's address.
          expect(html).not.toMatch(/<script[^>]*src="\/_next\/static\//);
          expect(html).not.toContain('__next_f');
          expect(html).toContain(`<html lang="${lang}"`);
          expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(errors.errorTitle);
          expect(html).toMatch(/<header[\s>]/);
          expect(html).toMatch(/<footer[\s>]/);
          expect(html).toContain(`action="/${language}/search"`);
        }
      } finally {
        await sql(url, 'ALTER TABLE search_terms_away RENAME TO search_terms');
      }
      // Once the table is back, the page is itself again.
      const after = await request.get(`${base}/en/search?q=recovered-${Date.now()}`);
      expect(after.status()).toBe(200);
    });
  });
}

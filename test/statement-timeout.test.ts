/**
 * Every statement a server's request sends to PostgreSQL is bounded by DATABASE_TIMEOUT_MS
 * (lib/db/client.ts; docs/operations.md, "When the database is away"): a connection the network
 * silenced is destroyed and the request answered 503 in time, a statement held up in PostgreSQL is
 * cancelled there first, and start-up's migrations run without the bound. PGlite runs inside the
 * process: nothing can hang between it and the server, and no bound applies.
 */
import { eq } from 'drizzle-orm';
import { installConnection } from '../lib/db';
import { databaseAway, isDatabaseUnavailable, noteDatabaseAttempt } from '../lib/db/availability';
import { openPostgres, StatementTimeoutError, type Connection } from '../lib/db/client';
import { webnews } from '../lib/db/schema';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent } from './helpers/content';
import { withDatabase } from './helpers/database';
import { waitFor } from './helpers/wait-for';
import { startPausableProxy, type PausableProxy } from './helpers/pausable-proxy';

const url = process.env.DATABASE_URL;
const database = withDatabase();
/** The bound these tests run with (the server's default is 5000 ms). */
const BOUND_MS = 1000;

let admin: { token: string };

beforeAll(async () => {
  admin = await signedIn(1);
});

beforeEach(clearContent);

test('a statement that got no answer in time, or that PostgreSQL cancelled, means the database is unavailable', () => {
  expect(isDatabaseUnavailable(new StatementTimeoutError(5000))).toBe(true);
  expect(isDatabaseUnavailable(new Error('Failed query: update', { cause: new StatementTimeoutError(5000) }))).toBe(
    true,
  );
  const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
  expect(isDatabaseUnavailable(cancelled)).toBe(true);
});

if (url) {
  const title = async (id: number) =>
    (await database.connection().db.select({ title: webnews.title }).from(webnews).where(eq(webnews.id, id)))[0]?.title;

  describe('on PostgreSQL', () => {
    let proxy: PausableProxy;
    let proxied: Connection;

    beforeAll(async () => {
      const target = new URL(url);
      proxy = await startPausableProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(proxy.port);
      proxied = await openPostgres(through.toString(), {
        searchPath: database.connection().schema,
        connectTimeoutMs: BOUND_MS,
        statementTimeoutMs: BOUND_MS,
      });
    });

    afterAll(async () => {
      installConnection(database.connection());
      proxy.resume();
      await proxied.close();
      await proxy.close();
    });

    afterEach(() => {
      installConnection(database.connection());
      noteDatabaseAttempt();
    });

    test('a write whose connection goes silent is answered 503 within the bound, and writes work once it answers', async () => {
      const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
      installConnection(proxied);
      // The row is Chinese (the API's language is Web-Language's); a refusal's message is in either.
      const update = (text: string, language: 'tw' | 'en' = 'tw') =>
        call('PUT', 'webnews/update', { id: added.id, title: text }, { token: admin.token, language });
      expect((await update('B')).status).toBe(200);

      proxy.pause();
      for (const [language, message] of [
        ['en', /database cannot be reached/],
        ['tw', /資料庫暫時無法連線/],
      ] as const) {
        const started = Date.now();
        const refused = await update('C', language);
        // The statement's bound, or the wait for a new connection, plus a little.
        expect(Date.now() - started).toBeLessThan(BOUND_MS + 700);
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(refused.body.message).toMatch(message);
      }
      expect(databaseAway()).toBe(true);

      proxy.resume();
      const saved = await update('D');
      expect(saved.status).toBe(200);
      expect(await title(added.id)).toBe('D');
      expect(databaseAway()).toBe(false);
    });

    test('a write held up in PostgreSQL (a row lock) is cancelled there before the bound: 503, nothing stored, the connection kept', async () => {
      const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
      const bounded = await openPostgres(url, {
        searchPath: database.connection().schema,
        connectTimeoutMs: BOUND_MS,
        statementTimeoutMs: BOUND_MS,
      });
      const { Client } = await import('pg');
      const holder = new Client({ connectionString: url, options: `-c search_path=${database.connection().schema}` });
      await holder.connect();
      try {
        installConnection(bounded);
        await holder.query('begin');
        await holder.query('select id from webnews where id = $1 for update', [added.id]);
        const started = Date.now();
        const refused = await call('PUT', 'webnews/update', { id: added.id, title: 'B' }, { token: admin.token });
        expect(Date.now() - started).toBeLessThan(BOUND_MS + 200);
        expect(refused.status).toBe(503);
        // PostgreSQL said so itself: the connection is fine, and nothing marks the database away.
        expect(databaseAway()).toBe(false);
        await holder.query('rollback');
        expect(await title(added.id)).toBe('A');
        expect((await call('PUT', 'webnews/update', { id: added.id, title: 'C' }, { token: admin.token })).status).toBe(
          200,
        );
      } finally {
        await holder.end();
        installConnection(database.connection());
        await bounded.close();
      }
    });

    test('start-up waits for another server’s migrations and runs its own without the bound; requests have it after', async () => {
      const schema = database.connection().schema;
      const { Client } = await import('pg');
      const other = new Client({ connectionString: url });
      await other.connect();
      const key = `gonghui start-up ${schema}`;
      await other.query('select pg_advisory_lock(hashtext($1))', [key]);
      const started = Date.now();
      const opening = openPostgres(url, { searchPath: schema, connectTimeoutMs: 2000, statementTimeoutMs: 300 });
      // Someone waits for the lock `other` holds.
      const waiting = async () =>
        (
          await other.query(
            `select 1 from pg_locks wanted join pg_locks held using (locktype, classid, objid, objsubid)
             where wanted.locktype = 'advisory' and not wanted.granted and held.pid = pg_backend_pid()`,
          )
        ).rowCount! > 0;
      await waitFor(waiting, { timeout: 5_000, what: 'start-up to wait for the lock' });
      // Held past the 300 ms bound on purpose: start-up must wait longer than a request may.
      await new Promise((resolve) => setTimeout(resolve, 600));
      await other.query('select pg_advisory_unlock(hashtext($1))', [key]);
      await other.end();
      const opened = await opening;
      try {
        expect(Date.now() - started).toBeGreaterThanOrEqual(600);
        // The start-up connection went back to the pool with the bound restored.
        await expect(opened.query('select pg_sleep(1)')).rejects.toMatchObject({ code: '57014' });
        expect((await opened.query<{ one: number }>('select 1 as one'))[0].one).toBe(1);
      } finally {
        await opened.close();
      }
    });
  });
}

/**
 * What a write does when it commits nothing, and how the API answers while the database is away
 * (docs/operations.md, "When the database is away"): a refused write purges nothing, a database
 * that does not answer is a 503 with Retry-After in the request's language, never a 500.
 */
import { contentEpoch } from '../lib/cache/content-epoch';
import { localGeneration } from '../lib/cache/public-reads';
import { installConnection, type Database } from '../lib/db';
import * as schema from '../lib/db/schema';
import { databaseAway, isDatabaseUnavailable, noteDatabaseAttempt } from '../lib/db/availability';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent } from './helpers/content';
import { withDatabase } from './helpers/database';

const database = withDatabase();

let admin: { token: string; id: number; username: string };

beforeAll(async () => {
  admin = await signedIn(1);
});

beforeEach(clearContent);

test('a write refused in its transaction (a stale version) empties no cache and purges nothing', async () => {
  const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
  const generation = localGeneration('webnews');
  const epoch = contentEpoch();
  const refused = await call('PUT', 'webnews/update', { id: added.id, title: 'B', version: 7 }, { token: admin.token });
  expect(refused.status).toBe(400);
  expect(localGeneration('webnews')).toBe(generation);
  expect(contentEpoch()).toBe(epoch);
  // A write that commits does both.
  expect((await call('PUT', 'webnews/update', { id: added.id, title: 'B' }, { token: admin.token })).status).toBe(200);
  expect(localGeneration('webnews')).toBe(generation + 1);
  expect(contentEpoch()).toBeGreaterThan(epoch);
});

test('errors that mean the database is away are told from a query’s own failure', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
  expect(isDatabaseUnavailable(refused)).toBe(true);
  // Drizzle wraps the driver's error.
  expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
  expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  expect(isDatabaseUnavailable(new Error('Failed query: select', { cause: new Error('syntax error') }))).toBe(false);
  noteDatabaseAttempt(refused);
  expect(databaseAway()).toBe(true);
  noteDatabaseAttempt();
  expect(databaseAway()).toBe(false);
});

test('while the database does not answer, a write is answered 503 with Retry-After in the request’s language', async () => {
  const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
  const generation = localGeneration('webnews');
  const epoch = contentEpoch();
  const connection = database.connection();
  // A PostgreSQL server that is away: nothing listens on port 1.
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 1000 });
  installConnection({ ...connection, db: drizzle({ client: pool, schema }) as unknown as Database });
  try {
    for (const [language, text] of [
      ['en', /database cannot be reached/],
      ['tw', /資料庫暫時無法連線/],
    ] as const) {
      const started = Date.now();
      const response = await call(
        'PUT',
        'webnews/update',
        { id: added.id, title: 'B' },
        { token: admin.token, language },
      );
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.body.message).toMatch(text);
      expect(response.body.message).toMatch(language === 'en' ? /nothing was saved/ : /變更並未儲存/);
    }
    // A read says nothing of saving, in the language its `lang` asks for.
    const read = await call('GET', 'search?q=trust&lang=en', undefined, { language: 'tw' });
    expect(read.status).toBe(503);
    expect(read.body.message).toBe('The database cannot be reached just now. Please try again in a few seconds.');
  } finally {
    installConnection(connection);
    await pool.end();
  }
  expect(localGeneration('webnews')).toBe(generation);
  expect(contentEpoch()).toBe(epoch);
});

import { ensureAdmin } from '../lib/content/auth/accounts';
import { contentEpoch } from '../lib/cache/content-epoch';
import { invalidate, localGeneration } from '../lib/cache/public-reads';
import { followOtherServers } from '../lib/content/jobs/cross-server';
import { accountForToken, createSession } from '../lib/content/auth/sessions';
import { takeLock } from '../lib/content/storage/edit-locks';
import { getDb, installConnection } from '../lib/db';
import { openPostgres, type Connection } from '../lib/db/client';
import { call, signedIn } from './helpers/api';
import { addRow } from './helpers/content';
import { withDatabase } from './helpers/database';
import { waitFor } from './helpers/wait-for';

const url = process.env.DATABASE_URL;

describe('several app servers on one database', () => {
  const database = withDatabase();

  if (!url) {
    test('PGlite serves one process: nothing to listen to; its own writes empty its caches', async () => {
      const connection = database.connection();
      expect(connection.listen).toBeUndefined();
      await followOtherServers(connection);
      const before = localGeneration('webnews');
      const epoch = contentEpoch();
      invalidate('webnews');
      expect(localGeneration('webnews')).toBe(before + 1);
      expect(contentEpoch()).toBe(epoch + 1);
    });
    return;
  }

  // Another app server (or a script): its own pool on the same database and schema.
  let other: Connection;
  beforeAll(async () => {
    await followOtherServers(database.connection());
    other = await openPostgres(url, { searchPath: database.connection().schema });
  });
  afterAll(async () => {
    await other.close();
  });

  test('a write committed elsewhere empties this server’s cache of that table at once', async () => {
    const news = localGeneration('webnews');
    const laws = localGeneration('webrule');
    const epoch = contentEpoch();
    await other.query(`update webnews set title = title`);
    await waitFor(() => localGeneration('webnews') > news, { what: 'webnews’s generation to move' });
    expect(contentEpoch()).toBeGreaterThan(epoch);
    expect(localGeneration('webrule')).toBe(laws);
  });

  test('a write that rolls back tells nobody', async () => {
    const news = localGeneration('webnews');
    await other.session(async (query) => {
      await query('begin');
      await query(`update webnews set title = title`);
      await query('rollback');
    });
    // A committed write to another table after it: once that is heard, the rolled-back one would have been.
    const links = localGeneration('weblink');
    await other.query(`update weblink set title = title`);
    await waitFor(() => localGeneration('weblink') > links, { what: 'weblink’s generation to move' });
    expect(localGeneration('webnews')).toBe(news);
  });

  test('web settings saved elsewhere reach this server’s pages', async () => {
    const epoch = contentEpoch();
    await other.query(`update websetting set data = data`);
    await waitFor(() => contentEpoch() > epoch, { what: 'the content epoch to move' });
  });

  test('another schema’s writes (another site on the same server) are not ours', async () => {
    const news = localGeneration('webnews');
    await other.query(`select pg_notify('gonghui_changes', 'some_other_site.webnews')`);
    const links = localGeneration('weblink');
    await other.query(`update weblink set title = title`);
    await waitFor(() => localGeneration('weblink') > links, { what: 'weblink’s generation to move' });
    expect(localGeneration('webnews')).toBe(news);
  });

  test('a sign-out elsewhere is refused here at once, not when the remembered check expires', async () => {
    const db = await getDb();
    await ensureAdmin(db, 'cross-server-admin', 'cross-server-password-1');
    const [{ id }] = await other.query<{ id: number }>(`select id from account where username = 'cross-server-admin'`);
    const token = await createSession(id);
    expect((await accountForToken(token))?.username).toBe('cross-server-admin');
    // Remembered now: without a notification, the next check would not ask the database.
    await other.query(`delete from sessions where account_id = $1`, [id]);
    await waitFor(async () => (await accountForToken(token)) === null, { timeout: 2_000, what: 'the session to end' });
  });

  test('an edit lock taken through another server shows on the next staff list here, which had kept the list', async () => {
    const admin = await signedIn(1);
    const row = await addRow('webnews', { title: 'Listed on both' }, { token: admin.token });
    const listedLock = async () => {
      const list = await call('POST', 'webnews/getlist', {}, { token: admin.token });
      return list.body.data.find((item: { id: number }) => item.id === row.id).lock;
    };
    expect(await listedLock()).toBeUndefined();
    expect(await listedLock()).toBeUndefined();
    // The other server's statements on its own connection; nothing of this process hears of them.
    installConnection(other);
    try {
      await takeLock('webnews', row.id, admin.id, 60, false);
    } finally {
      installConnection(database.connection());
    }
    expect(await listedLock()).toMatchObject({ accountId: admin.id, name: admin.username });
  });

  test('a lost listening connection comes back, empties the caches (notifications were missed) and hears again', async () => {
    const epoch = contentEpoch();
    const [ended] = await other.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'gonghui-listen' and query ilike 'listen%' and pid in (select pid from pg_stat_activity where datname = current_database()) limit 1`,
    );
    expect(ended?.ended).toBe(true);
    // Reconnected after about a second, then everything cached is dropped.
    await waitFor(() => contentEpoch() > epoch, { timeout: 10_000, what: 'the content epoch to move' });
    const news = localGeneration('webnews');
    await other.query(`update webnews set title = title`);
    await waitFor(() => localGeneration('webnews') > news, { what: 'webnews’s generation to move' });
  });
});

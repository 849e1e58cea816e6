/**
 * The back office's safety nets: revisions of every content row (list, read, restore, the keep
 * limit), the audit log (what is recorded, the Admin-only list and its filters) and the trash that
 * delete fills (list, restore with translation link, order and attachments, purge, TRASH_DAYS).
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, message } from './helpers/content';
import { resetConfig } from '../lib/config';
import { runHousekeeping } from '../lib/content/jobs/housekeeping';
import { getDb } from '../lib/db';
import { auditLog, contentTrash } from '../lib/db/schema';
import { findUpload } from '../lib/uploads';
import { PNG, withUploadFolder } from './helpers/uploads';

withDatabase();
const uploadFolder = withUploadFolder();
const wireTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

let admin: { token: string; id: number; username: string };
let editor: { token: string; id: number; username: string };

beforeAll(async () => {
  admin = await signedIn(1);
  editor = await signedIn(0);
});

beforeEach(clearContent);

async function uploadPng(name: string): Promise<string> {
  const data = new FormData();
  data.append('file', new Blob([PNG], { type: 'image/png' }), name);
  const result = await call('POST', 'upload', undefined, { token: editor.token, raw: data });
  expect(result.status).toBe(200);
  return result.body.id;
}

async function withEnv<T>(name: string, value: string, run: () => Promise<T>): Promise<T> {
  const saved = process.env[name];
  process.env[name] = value;
  resetConfig();
  try {
    return await run();
  } finally {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
    resetConfig();
  }
}

describe('revisions', () => {
  test('add and each update store a revision, listed newest first with who saved it', async () => {
    const row = await addRow('webnews', { title: 'First', summary: 'one' }, { token: editor.token });
    await call('PUT', 'webnews/update', { id: row.id, title: 'Second' }, { token: admin.token });
    await call('PUT', 'webnews/update', { id: row.id, summary: 'three' }, { token: editor.token });
    const list = await call('GET', `webnews/revisions/${row.id}`, undefined, { token: editor.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { revision: number }) => r.revision)).toEqual([3, 2, 1]);
    expect(list.body.data[0]).toEqual({
      revision: 3,
      savedAt: expect.stringMatching(wireTime),
      accountId: editor.id,
      accountName: editor.username,
    });
    expect(list.body.data[1].accountId).toBe(admin.id);

    const first = await call('GET', `webnews/revision/${row.id}/1`, undefined, { token: editor.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: row.id,
      title: 'First',
      summary: 'one',
      lang: 'tw',
      publishAt: row.publishAt,
    });
    const second = await call('GET', `webnews/revision/${row.id}/2`, undefined, { token: editor.token });
    expect(second.body).toMatchObject({ title: 'Second', summary: 'one' });
  });

  test('restoring a revision puts its values back and is itself a new revision', async () => {
    const row = await addRow(
      'webnews',
      { title: 'Original', summary: 'kept', content: '<p>first</p>' },
      { token: editor.token },
    );
    await call(
      'PUT',
      'webnews/update',
      { id: row.id, title: 'Changed', content: '<p>second</p>' },
      { token: editor.token },
    );
    const restored = await call('POST', `webnews/restorerevision/${row.id}/1`, undefined, { token: editor.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      id: row.id,
      title: 'Original',
      summary: 'kept',
      content: '<p>first</p>',
      publishAt: row.publishAt,
    });
    const stored = await call('GET', `webnews/get/${row.id}`, undefined, { token: editor.token });
    expect(stored.body.title).toBe('Original');
    const list = await call('GET', `webnews/revisions/${row.id}`, undefined, { token: editor.token });
    expect(list.body.data.map((r: { revision: number }) => r.revision)).toEqual([3, 2, 1]);
    const third = await call('GET', `webnews/revision/${row.id}/3`, undefined, { token: editor.token });
    expect(third.body.title).toBe('Original');
  });

  test('only the newest REVISIONS_KEEP revisions of a row are kept', async () => {
    await withEnv('REVISIONS_KEEP', '3', async () => {
      const row = await addRow('webnews', { title: 'v1' }, { token: editor.token });
      for (let i = 2; i <= 6; i++)
        await call('PUT', 'webnews/update', { id: row.id, title: `v${i}` }, { token: editor.token });
      const list = await call('GET', `webnews/revisions/${row.id}`, undefined, { token: editor.token });
      expect(list.body.data.map((r: { revision: number }) => r.revision)).toEqual([6, 5, 4]);
      expect((await call('GET', `webnews/revision/${row.id}/3`, undefined, { token: editor.token })).status).toBe(404);
      expect((await call('GET', `webnews/revision/${row.id}/4`, undefined, { token: editor.token })).body.title).toBe(
        'v4',
      );
    });
  });

  test('revisions need a token, an existing row in the language, and a known revision', async () => {
    const row = await addRow('webnews', { title: 'x' }, { token: editor.token });
    expect((await call('GET', `webnews/revisions/${row.id}`)).status).toBe(401);
    expect(
      (await call('GET', `webnews/revisions/${row.id}`, undefined, { token: editor.token, language: 'en' })).status,
    ).toBe(404);
    expect((await call('GET', 'webnews/revisions/999999', undefined, { token: editor.token })).status).toBe(404);
    expect((await call('GET', `webnews/revision/${row.id}/9`, undefined, { token: editor.token })).status).toBe(404);
    const bad = await call('GET', `webnews/revision/${row.id}/abc`, undefined, { token: editor.token, language: 'tw' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(message('tw', 'invalidId', { value: 'abc' }));
    expect((await call('POST', `webnews/restorerevision/${row.id}/9`, undefined, { token: editor.token })).status).toBe(
      404,
    );
    // Accounts keep no revisions (their rows hold password hashes).
    expect((await call('GET', `account/revisions/${admin.id}`, undefined, { token: admin.token })).status).toBe(404);
  });
});

describe('trash', () => {
  test('delete keeps the row in the trash; restore brings it back at its place with its link and attachments', async () => {
    const type = await addRow('webbulletintype', { name: 'Type' }, { token: editor.token });
    const file = await uploadPng('notice.png');
    const rows = [];
    for (const name of ['A', 'B', 'C']) rows.push(await addRow('webbulletintype', { name }, { token: editor.token }));
    const english = await addRow('webbulletintype', { name: 'B (en)' }, { token: editor.token, language: 'en' });
    await call('PUT', 'webbulletintype/update', { id: rows[1].id, translationId: english.id }, { token: editor.token });
    await call(
      'PUT',
      'webbulletintype/update',
      { id: english.id, translationId: rows[1].id },
      { token: editor.token, language: 'en' },
    );
    const bulletin = await addRow(
      'webbulletin',
      { typeId: type.id, title: 'With file', files: [file] },
      { token: editor.token },
    );

    const deleted = await call('DELETE', `webbulletintype/delete/${rows[1].id}`, undefined, { token: editor.token });
    expect(deleted).toMatchObject({ status: 200, body: { id: rows[1].id } });
    expect((await call('GET', `webbulletintype/get/${rows[1].id}`, undefined, { token: editor.token })).status).toBe(
      404,
    );
    const names = async () =>
      (await call('POST', 'webbulletintype/getlist', { pageSize: 50 }, { token: editor.token })).body.data.map(
        (r: { name: string }) => r.name,
      );
    expect(await names()).toEqual(['Type', 'A', 'C']);
    // Visitors do not see it either.
    expect((await call('GET', `webbulletintype/get/${rows[1].id}`)).status).toBe(404);
    expect((await call('POST', 'webbulletintype/getlist', {})).body.data.map((r: { name: string }) => r.name)).toEqual([
      'Type',
      'A',
      'C',
    ]);

    const trash = await call('POST', 'webbulletintype/gettrash', { page: 1, pageSize: 10 }, { token: editor.token });
    expect(trash.status).toBe(200);
    expect(trash.body).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(trash.body.data[0]).toMatchObject({
      id: rows[1].id,
      name: 'B',
      deletedAt: expect.stringMatching(wireTime),
      deletedBy: editor.id,
      deletedByName: editor.username,
    });
    // The trash is per language, like lists.
    expect(
      (await call('POST', 'webbulletintype/gettrash', {}, { token: editor.token, language: 'en' })).body.total,
    ).toBe(0);

    const restored = await call('PUT', `webbulletintype/restore/${rows[1].id}`, undefined, { token: editor.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: rows[1].id, name: 'B', translationId: english.id, order: 3 });
    expect(await names()).toEqual(['Type', 'A', 'B', 'C']);
    expect(
      (await call('GET', `webbulletintype/get/${english.id}`, undefined, { token: editor.token, language: 'en' })).body
        .translationId,
    ).toBe(rows[1].id);
    expect((await call('POST', 'webbulletintype/gettrash', {}, { token: editor.token })).body.total).toBe(0);
    // Restoring is a revision of its own.
    expect(
      (await call('GET', `webbulletintype/revisions/${rows[1].id}`, undefined, { token: editor.token })).body.data[0]
        .revision,
    ).toBe(3);

    // A row with attachments comes back with them, the files never having left.
    await call('DELETE', `webbulletin/delete/${bulletin.id}`, undefined, { token: editor.token });
    expect(await findUpload(file)).toBeDefined();
    const back = await call('PUT', `webbulletin/restore/${bulletin.id}`, undefined, { token: editor.token });
    expect(back.body).toMatchObject({ id: bulletin.id, files: [file], typeId: type.id });
    expect(await uploadFolder.storage.get(file)).not.toBeNull();
  });

  test('a cleared translation link is set again; a counterpart gone meanwhile leaves none', async () => {
    const english = await addRow('webnews', { title: 'EN' }, { token: editor.token, language: 'en' });
    const chinese = await addRow('webnews', { title: '中文', translationId: english.id }, { token: editor.token });
    await call('DELETE', `webnews/delete/${chinese.id}`, undefined, { token: editor.token });
    const back = await call('PUT', `webnews/restore/${chinese.id}`, undefined, { token: editor.token });
    expect(back.body.translationId).toBe(english.id);
    expect(
      (await call('GET', `webnews/get/${english.id}`, undefined, { token: editor.token, language: 'en' })).body
        .translationId,
    ).toBe(chinese.id);

    await call('DELETE', `webnews/delete/${chinese.id}`, undefined, { token: editor.token });
    await call('DELETE', `webnews/delete/${english.id}`, undefined, { token: editor.token, language: 'en' });
    const alone = await call('PUT', `webnews/restore/${chinese.id}`, undefined, { token: editor.token });
    expect(alone.body.translationId).toBeNull();
  });

  test('a restore whose type was deleted meanwhile is refused with a 400', async () => {
    const type = await addRow('webbulletintype', { name: 'Gone' }, { token: editor.token });
    const bulletin = await addRow('webbulletin', { typeId: type.id, title: 'Orphan' }, { token: editor.token });
    await call('DELETE', `webbulletin/delete/${bulletin.id}`, undefined, { token: editor.token });
    expect((await call('DELETE', `webbulletintype/delete/${type.id}`, undefined, { token: editor.token })).status).toBe(
      200,
    );
    const refused = await call('PUT', `webbulletin/restore/${bulletin.id}`, undefined, { token: editor.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(String(type.id));
    expect((await call('POST', 'webbulletin/gettrash', {}, { token: editor.token })).body.total).toBe(1);
  });

  test('purge is for Admins and removes the row, its revisions and its unused uploads', async () => {
    const kept = await uploadPng('shared.png');
    const own = await uploadPng('own.png');
    await addRow('webnews', { title: 'Other', image: kept }, { token: editor.token });
    const row = await addRow('webnews', { title: 'Purged', image: own, files: [kept] }, { token: editor.token });
    await call('DELETE', `webnews/delete/${row.id}`, undefined, { token: editor.token });

    expect((await call('DELETE', `webnews/purge/${row.id}`)).status).toBe(401);
    expect((await call('DELETE', `webnews/purge/${row.id}`, undefined, { token: editor.token })).status).toBe(403);
    const purged = await call('DELETE', `webnews/purge/${row.id}`, undefined, { token: admin.token });
    expect(purged).toMatchObject({ status: 200, body: { id: row.id } });
    expect((await call('POST', 'webnews/gettrash', {}, { token: editor.token })).body.total).toBe(0);
    expect((await call('PUT', `webnews/restore/${row.id}`, undefined, { token: editor.token })).status).toBe(404);
    expect((await call('DELETE', `webnews/purge/${row.id}`, undefined, { token: admin.token })).status).toBe(404);
    expect(await findUpload(own)).toBeUndefined();
    expect(await uploadFolder.storage.get(own)).toBeNull();
    expect(await findUpload(kept)).toBeDefined();
    expect(await uploadFolder.storage.get(kept)).not.toBeNull();
  });

  test('rows kept in the trash longer than TRASH_DAYS are purged by the housekeeping', async () => {
    const file = await uploadPng('old.png');
    const old = await addRow('webnews', { title: 'Old', image: file }, { token: editor.token });
    const recent = await addRow('webnews', { title: 'Recent' }, { token: editor.token });
    await call('DELETE', `webnews/delete/${old.id}`, undefined, { token: editor.token });
    await call('DELETE', `webnews/delete/${recent.id}`, undefined, { token: editor.token });
    const db = await getDb();
    const { eq, and } = await import('drizzle-orm');
    await db
      .update(contentTrash)
      .set({ deletedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(and(eq(contentTrash.resource, 'webnews'), eq(contentTrash.rowId, old.id)));
    await withEnv('TRASH_DAYS', '7', async () => {
      expect((await runHousekeeping()).trashPurged).toBe(1);
    });
    const trash = await call('POST', 'webnews/gettrash', {}, { token: editor.token });
    expect(trash.body.data.map((r: { id: number }) => r.id)).toEqual([recent.id]);
    expect(await findUpload(file)).toBeUndefined();
    const log = await call('POST', 'audit/getlist', { action: 'purge', resource: 'webnews' }, { token: admin.token });
    expect(log.body.data[0]).toMatchObject({
      rowId: old.id,
      accountId: null,
      summary: expect.stringContaining('TRASH_DAYS'),
    });
  });

  test('the trash needs write access; unknown ids and garbled input are 4xx', async () => {
    expect((await call('POST', 'webnews/gettrash', {})).status).toBe(401);
    expect((await call('POST', 'account/gettrash', {}, { token: admin.token })).status).toBe(404);
    expect((await call('POST', 'webcontact/gettrash', {}, { token: admin.token })).status).toBe(404);
    expect((await call('PUT', 'webnews/restore/999999', undefined, { token: editor.token })).status).toBe(404);
    expect((await call('PUT', 'webnews/restore/x', undefined, { token: editor.token })).status).toBe(400);
    expect((await call('POST', 'webnews/gettrash', { page: 'x' }, { token: editor.token })).status).toBe(400);
  });
});

describe('audit log', () => {
  test('records sign-in, failed sign-in, add, update, delete, restore and sign-out', async () => {
    const db = await getDb();
    await db.delete(auditLog);
    const user = await signedIn(0);
    await call('POST', 'account/login', { username: user.username, password: 'wrong password' }, { ip: '10.7.7.7' });
    const row = await addRow('webnews', { title: 'Audited' }, { token: user.token });
    await call('PUT', 'webnews/update', { id: row.id, title: 'Audited 2' }, { token: user.token });
    await call('DELETE', `webnews/delete/${row.id}`, undefined, { token: user.token });
    await call('PUT', `webnews/restore/${row.id}`, undefined, { token: user.token });
    await call('POST', 'account/logout', undefined, { token: user.token });

    const log = await call('POST', 'audit/getlist', { pageSize: 50, accountId: user.id }, { token: admin.token });
    expect(log.status).toBe(200);
    const entries = [...log.body.data].reverse();
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'signIn',
      'signInFailed',
      'add',
      'update',
      'delete',
      'restore',
      'signOut',
    ]);
    expect(entries[1]).toMatchObject({
      accountName: user.username,
      clientAddress: '10.7.7.7',
      resource: 'account',
      rowId: user.id,
    });
    expect(entries[2]).toMatchObject({
      resource: 'webnews',
      rowId: row.id,
      lang: 'tw',
      summary: 'Audited',
      at: expect.stringMatching(wireTime),
      clientAddress: '10.0.0.1',
    });
    expect(entries[3].summary).toBe('Audited 2 (title)');

    const unknown = await call(
      'POST',
      'account/login',
      { username: 'nobody-here', password: 'whatever' },
      { ip: '10.7.7.8' },
    );
    expect(unknown.body.token).toBeNull();
    const failed = await call('POST', 'audit/getlist', { action: 'signInFailed' }, { token: admin.token });
    expect(failed.body.data[0]).toMatchObject({
      accountId: null,
      accountName: 'nobody-here',
      clientAddress: '10.7.7.8',
    });
  });

  test('records reorders, account changes, settings, uploads and writing batches', async () => {
    const db = await getDb();
    await db.delete(auditLog);
    const a = await addRow('webbulletintype', { name: 'first' }, { token: editor.token });
    await addRow('webbulletintype', { name: 'second' }, { token: editor.token });
    await call('PUT', `webbulletintype/changeorder/${a.id}/2`, undefined, { token: editor.token });
    const account = await addRow(
      'account',
      { username: 'audited-user', displayName: 'Audited', role: 0, password: 'audited-password' },
      { token: admin.token },
    );
    await call('PUT', 'account/update', { id: account.id, password: 'another-password' }, { token: admin.token });
    await call('POST', 'websetting/webinfo', { siteName: 'Audited site' }, { token: admin.token });
    await uploadPng('audited.png');
    const CRLF = '\r\n';
    const part = (line: string, body = '') =>
      `--b${CRLF}Content-Type: application/http${CRLF}${CRLF}${line} HTTP/1.1${CRLF}${body ? `Content-Type: application/json${CRLF}` : ''}${CRLF}${body}${CRLF}`;
    const raw = `${part('GET /api/webnews/getlist')}${part('POST /api/webnews/add', JSON.stringify({ title: 'from a batch' }))}--b--${CRLF}`;
    const batched = await call('POST', 'batch', undefined, {
      token: editor.token,
      raw,
      headers: { 'content-type': 'multipart/mixed; boundary=b' },
    });
    expect(batched.status).toBe(200);
    // A batch of reads alone is not worth a line.
    await call('POST', 'batch', undefined, {
      token: editor.token,
      raw: `${part('GET /api/webnews/getlist')}--b--${CRLF}`,
      headers: { 'content-type': 'multipart/mixed; boundary=b' },
    });

    const log = await call('POST', 'audit/getlist', { pageSize: 50 }, { token: admin.token });
    const lines = [...log.body.data]
      .reverse()
      .map((e: { action: string; resource: string | null; summary: string | null }) => [
        e.action,
        e.resource,
        e.summary,
      ]);
    expect(lines).toEqual([
      ['add', 'webbulletintype', 'first'],
      ['add', 'webbulletintype', 'second'],
      ['changeorder', 'webbulletintype', 'first (→ 2)'],
      ['add', 'account', 'audited-user'],
      ['update', 'account', 'audited-user (password)'],
      ['settings', 'websetting', 'siteName'],
      ['upload', 'upload', expect.stringMatching(/^audited\.png \(/)],
      ['add', 'webnews', 'from a batch'],
      ['batch', null, '2: POST webnews/add'],
    ]);
  });

  test('getlist pages and filters by action, resource, account and time', async () => {
    const db = await getDb();
    await db.delete(auditLog);
    await addRow('webnews', { title: 'n1' }, { token: editor.token });
    await addRow('webnews', { title: 'n2' }, { token: admin.token });
    await addRow('webbulletintype', { name: 't1' }, { token: editor.token });
    const page = await call('POST', 'audit/getlist', { page: 1, pageSize: 2, action: 'add' }, { token: admin.token });
    expect(page.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.body.data.map((e: { summary: string }) => e.summary)).toEqual(['t1', 'n2']);
    const news = await call(
      'POST',
      'audit/getlist',
      { resource: 'webnews', accountId: editor.id },
      { token: admin.token },
    );
    expect(news.body.data.map((e: { summary: string }) => e.summary)).toEqual(['n1']);
    const future = await call('POST', 'audit/getlist', { from: '2999-01-01' }, { token: admin.token });
    expect(future.body.total).toBe(0);
    const past = await call('POST', 'audit/getlist', { to: '2000-01-01T00:00:00' }, { token: admin.token });
    expect(past.body.total).toBe(0);
    const today = await call('POST', 'audit/getlist', { from: '2000-01-01', to: '2999-12-31' }, { token: admin.token });
    expect(today.body.total).toBe(3);
  });

  test('getlist is for Admins only, and refuses unknown filters with a 400 in the request language', async () => {
    expect((await call('POST', 'audit/getlist', {})).status).toBe(401);
    const forbidden = await call('POST', 'audit/getlist', {}, { token: editor.token });
    expect(forbidden.status).toBe(403);
    const action = await call('POST', 'audit/getlist', { action: 'explode' }, { token: admin.token, language: 'en' });
    expect(action.status).toBe(400);
    expect(action.body.message).toMatch(/explode/);
    expect((await call('POST', 'audit/getlist', { resource: 'nothing' }, { token: admin.token })).status).toBe(400);
    expect((await call('POST', 'audit/getlist', { from: 'yesterday' }, { token: admin.token })).status).toBe(400);
    expect(
      (await call('POST', 'audit/getlist', { from: '2025-02-01', to: '2025-01-01' }, { token: admin.token })).status,
    ).toBe(400);
    expect((await call('POST', 'audit/getlist', { accountId: -3 }, { token: admin.token })).status).toBe(400);
    expect((await call('POST', 'audit/getlist', { pageSize: 0 }, { token: admin.token })).status).toBe(400);
    // Append-only: there is no call that writes or deletes entries.
    expect((await call('POST', 'audit/add', {}, { token: admin.token })).status).toBe(404);
    expect((await call('DELETE', 'audit/delete/1', undefined, { token: admin.token })).status).toBe(404);
  });

  test('entries older than AUDIT_DAYS are pruned by the housekeeping', async () => {
    const db = await getDb();
    await db.delete(auditLog);
    await db.insert(auditLog).values([
      { action: 'add', at: new Date(Date.now() - 11 * 86_400_000), summary: 'old' },
      { action: 'add', at: new Date(Date.now() - 9 * 86_400_000), summary: 'young' },
    ]);
    await withEnv('AUDIT_DAYS', '10', async () => {
      expect((await runHousekeeping()).auditPruned).toBe(1);
    });
    const left = await call('POST', 'audit/getlist', {}, { token: admin.token });
    expect(left.body.data.map((e: { summary: string }) => e.summary)).toEqual(['young']);
  });
});

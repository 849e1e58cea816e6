/**
 * Publishing with approval (docs/back-office.md, docs/api.md): with the shared setting
 * `approvalRequired` on, a User's write to public content waits as a pending change and the live
 * row (what visitors read) stays as it was until an Admin approves; Admins publish at once; with the
 * setting off every write is direct, as before. Run on PGlite, and on PostgreSQL when DATABASE_URL
 * is set (the concurrent approvals then race on two connections).
 */
import { withPreview } from '../lib/cache/preview-scope';
import { visitor } from '../lib/content/model/actor';
import * as content from '../lib/content/operations/resource';
import news from '../lib/content/resources/webnews';
import { getDb } from '../lib/db';
import { auditLog, pendingChanges } from '../lib/db/schema';
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, message, wireDateTime } from './helpers/content';

withDatabase();

let admin: { token: string; id: number; username: string };
let secondAdmin: { token: string; id: number; username: string };
let editor: { token: string; id: number; username: string };

const setApproval = async (on: boolean) => {
  const saved = await call('POST', 'websetting/webinfo', { approvalRequired: on }, { token: admin.token });
  expect(saved.status).toBe(200);
  expect(saved.body.approvalRequired).toBe(on);
};

beforeAll(async () => {
  admin = await signedIn(1);
  secondAdmin = await signedIn(1);
  editor = await signedIn(0);
});

beforeEach(async () => {
  await clearContent();
  const db = await getDb();
  await db.delete(pendingChanges);
  await setApproval(true);
  await db.delete(auditLog);
});

const publicRead = async (id: number, language: 'tw' | 'en' = 'tw') =>
  call('GET', `webnews/get/${id}`, undefined, { language });
const staffRead = async (id: number) =>
  (await call('GET', `webnews/get/${id}`, undefined, { token: admin.token })).body;
const update = (body: Record<string, unknown>, token = editor.token, language: 'tw' | 'en' = 'tw') =>
  call('PUT', 'webnews/update', body, { token, language });
const pendingOf = (id: number, token = admin.token, language: 'tw' | 'en' = 'tw') =>
  call('POST', `webnews/pending/${id}`, undefined, { token, language });
const approve = (id: number, body: Record<string, unknown> = {}, token = admin.token) =>
  call('POST', `webnews/approve/${id}`, body, { token });
const reject = (id: number, body: Record<string, unknown>, token = admin.token, language: 'tw' | 'en' = 'tw') =>
  call('POST', `webnews/reject/${id}`, body, { token, language });
const auditActionsOf = async () => (await (await getDb()).select().from(auditLog)).map((line) => line.action).sort();

describe('a User write while approval is on', () => {
  test('an update is stored as a pending change: the live row and the public read stay as they were', async () => {
    const row = await addRow('webnews', { title: 'Old title', content: '<p>Old</p>' }, { token: admin.token });
    const saved = await update({ id: row.id, title: 'New title', version: row.version });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: row.id, title: 'Old title', version: row.version });
    expect(saved.body.pending).toEqual({ id: expect.any(Number), submittedAt: expect.stringMatching(wireDateTime) });
    expect((await publicRead(row.id)).body.title).toBe('Old title');
    const listed = await call('POST', 'webnews/getlist', {});
    expect(listed.body.data.map((item: { title: string }) => item.title)).toEqual(['Old title']);
    expect(await staffRead(row.id)).toMatchObject({
      title: 'Old title',
      version: row.version,
      pending: { id: saved.body.pending.id, kind: 'change', submittedAt: saved.body.pending.submittedAt },
    });
    expect(await auditActionsOf()).toEqual(['add', 'submit']);
  });

  test('a staff list read before shows the change once submitted, and no longer once it is decided', async () => {
    const row = await addRow('webnews', { title: 'Listed' }, { token: admin.token });
    const listedPending = async () => {
      const list = await call('POST', 'webnews/getlist', {}, { token: admin.token });
      return list.body.data.find((item: { id: number }) => item.id === row.id).pending;
    };
    expect(await listedPending()).toBeUndefined();
    const saved = await update({ id: row.id, title: 'Submitted', version: row.version });
    expect(await listedPending()).toEqual({ ...saved.body.pending, kind: 'change' });
    expect((await reject(row.id, { comment: 'Not yet' })).status).toBe(200);
    expect(await listedPending()).toBeUndefined();
    const again = await update({ id: row.id, title: 'Submitted again', version: row.version });
    expect(await listedPending()).toEqual({ ...again.body.pending, kind: 'change' });
    expect((await approve(row.id)).status).toBe(200);
    expect(await listedPending()).toBeUndefined();
  });

  test('a second edit of the same row updates its one pending change', async () => {
    const row = await addRow('webnews', { title: 'Old', summary: 'Old summary' }, { token: admin.token });
    const first = await update({ id: row.id, title: 'First' });
    const second = await update({ id: row.id, summary: 'Second summary' });
    expect(second.body.pending.id).toBe(first.body.pending.id);
    const pending = await pendingOf(row.id);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ id: first.body.pending.id, kind: 'change', status: 'pending' });
    expect(pending.body.diff).toEqual([
      { field: 'title', label: '標題', before: 'Old', after: 'First' },
      { field: 'summary', label: expect.any(String), before: 'Old summary', after: 'Second summary' },
    ]);
    expect(await (await getDb()).select().from(pendingChanges)).toHaveLength(1);
  });

  test('the version check applies: a stale version writes nothing', async () => {
    const row = await addRow('webnews', { title: 'Old' }, { token: admin.token });
    await update({ id: row.id, title: 'Admin' }, admin.token);
    const stale = await update({ id: row.id, title: 'Mine', version: row.version });
    expect(stale.status).toBe(400);
    expect(stale.body.conflict).toMatchObject({ version: row.version + 1, updatedByName: admin.username });
    expect((await pendingOf(row.id)).status).toBe(404);
  });

  test('a new row is stored hidden with its pending change; approval shows it', async () => {
    const added = await call('POST', 'webnews/add', { title: 'Fresh', isVisible: true }, { token: editor.token });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ title: 'Fresh', isVisible: false, pending: { id: expect.any(Number) } });
    expect((await publicRead(added.body.id)).status).toBe(404);
    const pending = await pendingOf(added.body.id);
    expect(pending.body).toMatchObject({ kind: 'new', submittedByName: editor.username });
    expect(pending.body.diff).toContainEqual({ field: 'title', label: '標題', before: null, after: 'Fresh' });
    const approved = await approve(added.body.id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ title: 'Fresh', isVisible: true });
    expect((await publicRead(added.body.id)).body.title).toBe('Fresh');
  });

  test('a delete is a pending deletion; approval moves the row to the trash', async () => {
    const row = await addRow('webnews', { title: 'Doomed' }, { token: admin.token });
    const removed = await call('DELETE', `webnews/delete/${row.id}`, undefined, { token: editor.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: row.id, pending: { id: expect.any(Number), submittedAt: expect.any(String) } });
    expect((await publicRead(row.id)).body.title).toBe('Doomed');
    expect((await pendingOf(row.id)).body).toMatchObject({ kind: 'delete', proposed: null });
    expect((await approve(row.id)).body).toEqual({ id: row.id, deleted: true });
    expect((await publicRead(row.id)).status).toBe(404);
    const trash = await call('POST', 'webnews/gettrash', {}, { token: admin.token });
    expect(trash.body.data.map((item: { id: number }) => item.id)).toEqual([row.id]);
  });

  test('writes that cannot wait are for Admins: a reorder, a bulk action, a restore from the trash', async () => {
    const row = await addRow('webbulletintype', { name: 'Type' }, { token: admin.token });
    const moved = await call('PUT', `webbulletintype/changeorder/${row.id}/1`, undefined, { token: editor.token });
    expect(moved.status).toBe(403);
    expect(moved.body.message).toBe(message('tw', 'approvalAdminOnly'));
    const bulk = await call(
      'POST',
      'webnews/bulk',
      { action: 'hide', ids: [1] },
      { token: editor.token, language: 'en' },
    );
    expect(bulk.status).toBe(403);
    expect(bulk.body.message).toBe(message('en', 'approvalAdminOnly'));
    const news = await addRow('webnews', { title: 'Trashed' }, { token: admin.token });
    await call('DELETE', `webnews/delete/${news.id}`, undefined, { token: admin.token });
    const restored = await call('PUT', `webnews/restore/${news.id}`, undefined, { token: editor.token });
    expect(restored.status).toBe(403);
    expect(
      (await call('PUT', `webbulletintype/changeorder/${row.id}/1`, undefined, { token: admin.token })).status,
    ).toBe(200);
    expect((await call('PUT', `webnews/restore/${news.id}`, undefined, { token: admin.token })).status).toBe(200);
  });
});

describe('preview', () => {
  test("a draft preview of the row shows its change awaiting approval; visitors' reads still show the live row", async () => {
    const row = await addRow('webnews', { title: 'Live title' }, { token: admin.token });
    const other = await addRow('webnews', { title: 'Other' }, { token: admin.token });
    await update({ id: row.id, title: 'Pending title' });
    await update({ id: other.id, title: 'Other pending' });
    const reader = visitor('tw');
    const titles = async () => (await content.list(reader, news)).rows.map((item) => item.title).sort();
    await withPreview({ resource: 'webnews', rowId: row.id, language: 'tw' }, async () => {
      expect((await content.get(reader, news, row.id)).title).toBe('Pending title');
      expect(await titles()).toEqual(['Other', 'Pending title']);
    });
    expect((await content.get(reader, news, row.id)).title).toBe('Live title');
    expect(await titles()).toEqual(['Live title', 'Other']);
  });
});

describe('direct writes', () => {
  test('an Admin publishes at once while approval is on', async () => {
    const row = await addRow('webnews', { title: 'Old' }, { token: admin.token });
    const saved = await update({ id: row.id, title: 'Admin' }, admin.token);
    expect(saved.body).toMatchObject({ title: 'Admin', version: row.version + 1 });
    expect(saved.body).not.toHaveProperty('pending');
    expect((await publicRead(row.id)).body.title).toBe('Admin');
  });

  test('with the setting off a User publishes at once, and answers carry no pending', async () => {
    await setApproval(false);
    const added = await call('POST', 'webnews/add', { title: 'Direct' }, { token: editor.token });
    expect(added.body).toMatchObject({ title: 'Direct', isVisible: true });
    expect(added.body).not.toHaveProperty('pending');
    const saved = await update({ id: added.body.id, title: 'Changed' });
    expect(saved.body).toMatchObject({ title: 'Changed', version: 2 });
    expect(saved.body).not.toHaveProperty('pending');
    expect((await publicRead(added.body.id)).body.title).toBe('Changed');
    const removed = await call('DELETE', `webnews/delete/${added.body.id}`, undefined, { token: editor.token });
    expect(removed.body).toEqual({ id: added.body.id });
    expect(await (await getDb()).select().from(pendingChanges)).toHaveLength(0);
  });

  test('the setting is read by staff only; visitors get the settings as before', async () => {
    const settings = await call('GET', 'websetting/webinfo', undefined, { token: editor.token });
    expect(settings.body.approvalRequired).toBe(true);
    const visitor = await call('GET', 'websetting/webinfo');
    expect(visitor.body).not.toHaveProperty('approvalRequired');
  });
});

describe('approve', () => {
  test('applies the change in one write: revision, audit line naming the approver, public read at once', async () => {
    const row = await addRow('webnews', { title: 'Old' }, { token: admin.token });
    await update({ id: row.id, title: 'Approved text' });
    const before = await call('GET', `webnews/revisions/${row.id}`, undefined, { token: admin.token });
    const approved = await approve(row.id, { comment: 'Fine' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ title: 'Approved text', version: row.version + 1 });
    expect((await publicRead(row.id)).body.title).toBe('Approved text');
    const after = await call('GET', `webnews/revisions/${row.id}`, undefined, { token: admin.token });
    expect(after.body.data).toHaveLength(before.body.data.length + 1);
    const lines = await (await getDb()).select().from(auditLog);
    expect(lines.find((line) => line.action === 'approve')).toMatchObject({
      accountName: admin.username,
      resource: 'webnews',
      rowId: row.id,
    });
    const decided = await pendingOf(row.id, editor.token);
    expect(decided.body).toMatchObject({ status: 'approved', comment: 'Fine', decidedByName: admin.username });
    expect(await staffRead(row.id)).not.toHaveProperty('pending');
    const again = await approve(row.id);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(message('tw', 'pendingDecided'));
    const never = await addRow('webnews', { title: 'Never' }, { token: admin.token });
    expect((await approve(never.id)).body.message).toBe(message('tw', 'pendingNone'));
  });

  test('two Admins approving at once apply the change exactly once', async () => {
    const row = await addRow('webnews', { title: 'Old' }, { token: admin.token });
    await update({ id: row.id, title: 'Once' });
    const results = await Promise.all([approve(row.id, {}, admin.token), approve(row.id, {}, secondAdmin.token)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
    const refused = results.find((result) => result.status === 400)!;
    expect(refused.body.message).toBe(message('tw', 'pendingDecided'));
    expect(await staffRead(row.id)).toMatchObject({ title: 'Once', version: row.version + 1 });
    expect((await auditActionsOf()).filter((action) => action === 'approve')).toHaveLength(1);
  });

  test('is for Admins only', async () => {
    const row = await addRow('webnews', { title: 'Old' }, { token: admin.token });
    await update({ id: row.id, title: 'Mine' });
    expect((await approve(row.id, {}, editor.token)).status).toBe(403);
    expect((await reject(row.id, { comment: 'x' }, editor.token)).status).toBe(403);
    expect((await call('POST', 'review/getlist', {}, { token: editor.token })).status).toBe(403);
    expect((await call('POST', `webnews/approve/${row.id}`, {})).status).toBe(401);
  });
});

describe('reject', () => {
  test('needs a comment, in the request language', async () => {
    const row = await addRow('webnews', { title: 'Old' }, { token: admin.token });
    await update({ id: row.id, title: 'Mine' });
    const missing = await reject(row.id, { comment: '  ' }, admin.token, 'en');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(message('en', 'rejectCommentMissing'));
    expect((await reject(row.id, {})).body.message).toBe(message('tw', 'rejectCommentMissing'));
  });

  test('discards the change, keeps it in the history and shows the comment to its author', async () => {
    const row = await addRow('webnews', { title: 'Old' }, { token: admin.token });
    await update({ id: row.id, title: 'Rejected' });
    const rejected = await reject(row.id, { comment: 'Check the dates' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', comment: 'Check the dates' });
    expect(await staffRead(row.id)).toMatchObject({ title: 'Old', version: row.version });
    const seen = await pendingOf(row.id, editor.token);
    expect(seen.body).toMatchObject({ status: 'rejected', comment: 'Check the dates', decidedByName: admin.username });
    const next = await update({ id: row.id, title: 'Second try' });
    const latest = await pendingOf(row.id, editor.token);
    expect(latest.body).toMatchObject({ id: next.body.pending.id, status: 'pending' });
    expect(latest.body.history).toEqual([expect.objectContaining({ status: 'rejected', comment: 'Check the dates' })]);
    expect((await auditActionsOf()).filter((action) => action === 'reject')).toHaveLength(1);
    const mine = await call('POST', 'review/mine', {}, { token: editor.token });
    expect(mine.body.data.map((entry: { status: string }) => entry.status)).toEqual(['pending', 'rejected']);
  });
});

describe('review/getlist', () => {
  test('lists the open changes across resources, newest first, paged, in the caller language', async () => {
    const news = await addRow('webnews', { title: 'News' }, { token: admin.token });
    const type = await addRow('webbulletintype', { name: 'Type' }, { token: admin.token });
    const english = await addRow('webnews', { title: 'English' }, { token: admin.token, language: 'en' });
    await update({ id: news.id, title: 'News 2' });
    await call('PUT', 'webbulletintype/update', { id: type.id, name: 'Type 2' }, { token: editor.token });
    await update({ id: english.id, title: 'English 2' }, editor.token, 'en');
    const page = await call('POST', 'review/getlist', { page: 1, pageSize: 1 }, { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.body.data).toEqual([
      expect.objectContaining({
        resource: 'webbulletintype',
        rowId: type.id,
        title: 'Type 2',
        kind: 'change',
        submittedByName: editor.username,
        submittedAt: expect.stringMatching(wireDateTime),
      }),
    ]);
    const second = await call('POST', 'review/getlist', { page: 2, pageSize: 1 }, { token: admin.token });
    expect(second.body.data[0]).toMatchObject({ resource: 'webnews', rowId: news.id });
    const en = await call('POST', 'review/getlist', {}, { token: admin.token, language: 'en' });
    expect(en.body.data.map((entry: { rowId: number }) => entry.rowId)).toEqual([english.id]);
    const page6 = await call(
      'POST',
      'webeditor/add/6',
      { title: 'Privacy', content: '<p>x</p>' },
      { token: admin.token },
    );
    await call('PUT', 'webeditor/update/6', { id: page6.body.id, title: 'Privacy 2' }, { token: editor.token });
    const sectioned = await call('POST', 'review/getlist', { pageSize: 1 }, { token: admin.token });
    expect(sectioned.body.data[0]).toMatchObject({ resource: 'webeditor', rowId: page6.body.id, section: 6 });
  });
});

/**
 * Bulk actions: hide, show or delete several rows in one call, each row checked as if alone, all
 * stored or none.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, message } from './helpers/content';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(0)).token;
});
beforeEach(clearContent);

const addNews = (count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => addRow('webnews', { title: `news ${i}`, isVisible: true }, { token })),
  );
const visibleIds = async () =>
  (await call('POST', 'webnews/getlist', {}, {})).body.data.map((row: { id: number }) => row.id).sort();

test('hide and show several rows; each keeps a revision and the audit log has one line', async () => {
  const rows = await addNews(4);
  const ids = rows.slice(0, 3).map((row) => row.id);
  const hidden = await call('POST', 'webnews/bulk', { action: 'hide', ids }, { token });
  expect(hidden.status).toBe(200);
  expect(hidden.body).toEqual({ done: 3 });
  expect(await visibleIds()).toEqual([rows[3].id]);
  const revisions = await call('GET', `webnews/revisions/${ids[0]}`, undefined, { token });
  expect(revisions.body.data).toHaveLength(2);
  const shown = await call('POST', 'webnews/bulk', { action: 'show', ids: [ids[0], ids[0]] }, { token });
  expect(shown.body).toEqual({ done: 1 });
  expect(await visibleIds()).toEqual([ids[0], rows[3].id].sort());
  const admin = await signedIn(1);
  const audit = await call('POST', 'audit/getlist', { action: 'bulk', resource: 'webnews' }, { token: admin.token });
  expect(audit.body.data.map((entry: { summary: string }) => entry.summary)).toEqual([
    expect.stringMatching(/^show 1: news/),
    expect.stringMatching(/^hide 3: news/),
  ]);
});

test('delete moves every row to the trash', async () => {
  const rows = await addNews(3);
  const deleted = await call('POST', 'webnews/bulk', { action: 'delete', ids: rows.map((row) => row.id) }, { token });
  expect(deleted.body).toEqual({ done: 3 });
  expect(await visibleIds()).toEqual([]);
  const trash = await call('POST', 'webnews/gettrash', {}, { token });
  expect(trash.body.total).toBe(3);
});

test('one row that fails stops them all: nothing is written', async () => {
  const rows = await addNews(2);
  const missing = await call('POST', 'webnews/bulk', { action: 'hide', ids: [rows[0].id, 999999] }, { token });
  expect(missing.status).toBe(404);
  expect(await visibleIds()).toEqual(rows.map((row) => row.id).sort());

  const type = await addRow('webbulletintype', { name: '公告類別' }, { token });
  const spare = await addRow('webbulletintype', { name: '空類別' }, { token });
  await addRow('webbulletin', { title: '公告', typeId: type.id }, { token });
  const inUse = await call('POST', 'webbulletintype/bulk', { action: 'delete', ids: [spare.id, type.id] }, { token });
  expect(inUse.status).toBe(400);
  expect(inUse.body.message).toBe(message('tw', 'inUse', { count: 1, resource: '公告' }));
  expect((await call('POST', 'webbulletintype/getlist', {}, { token })).body.total).toBe(2);
});

test.each([
  ['an unknown action', { action: 'publish', ids: [1] }, 'invalidBulkAction', { value: 'publish' }],
  ['no action', { ids: [1] }, 'invalidBulkAction', { value: '' }],
  ['no ids', { action: 'hide' }, 'invalidBulkIds', { max: 500 }],
  ['empty ids', { action: 'hide', ids: [] }, 'invalidBulkIds', { max: 500 }],
  ['ids not a list', { action: 'hide', ids: 'all' }, 'invalidBulkIds', { max: 500 }],
  [
    'too many ids',
    { action: 'hide', ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    'invalidBulkIds',
    { max: 500 },
  ],
])('a bulk request with %s is a 400 in the request language', async (_name, body, key, values) => {
  for (const language of ['tw', 'en'] as const) {
    const result = await call('POST', 'webnews/bulk', body, { token, language });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message(language, key, values));
  }
});

test('a resource without a visibility switch has no bulk hide; visitors may not bulk anything', async () => {
  const account = await call(
    'POST',
    'account/bulk',
    { action: 'hide', ids: [1] },
    { token: (await signedIn(1)).token },
  );
  expect([400, 404]).toContain(account.status);
  const rows = await addNews(1);
  const anonymous = await call('POST', 'webnews/bulk', { action: 'delete', ids: [rows[0].id] }, {});
  expect(anonymous.status).toBe(401);
  expect(await visibleIds()).toEqual([rows[0].id]);
});

describe('duplicate', () => {
  test('adds a hidden copy with the title marked, in the request language, without the translation link', async () => {
    const en = await addRow(
      'webnews',
      { title: 'Original', isVisible: true, content: '<p>Body</p>' },
      { token, language: 'en' },
    );
    const tw = await addRow(
      'webnews',
      { title: '原文', isVisible: true, content: '<p>內文</p>', translationId: en.id },
      { token },
    );
    const copy = await call('POST', `webnews/duplicate/${tw.id}`, undefined, { token });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({
      title: message('tw', 'copyOf', { title: '原文' }),
      content: '<p>內文</p>',
      isVisible: false,
      translationId: null,
    });
    expect(copy.body.id).not.toBe(tw.id);
    // The original keeps its pair.
    expect((await call('GET', `webnews/get/${en.id}`, undefined, { token, language: 'en' })).body.translationId).toBe(
      tw.id,
    );
    const english = await call('POST', `webnews/duplicate/${en.id}`, undefined, { token, language: 'en' });
    expect(english.body.title).toBe('Copy of Original');
  });

  test('an unknown row is a 404; visitors may not duplicate', async () => {
    expect((await call('POST', 'webnews/duplicate/999999', undefined, { token })).status).toBe(404);
    const row = await addRow('webnews', { title: 'x' }, { token });
    expect((await call('POST', `webnews/duplicate/${row.id}`, undefined, {})).status).toBe(401);
  });
});

/**
 * Row versions (docs/api.md, Versions and stale saves): every row a signed-in account reads carries
 * `version`, every write raises it by one, and an update, delete or changeorder that names another
 * version than the stored one writes nothing and answers 400 with who saved last and when. Run on
 * PGlite, and on PostgreSQL when DATABASE_URL is set (the concurrent saves then race on two
 * connections).
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, message, wireDateTime } from './helpers/content';

withDatabase();

let admin: { token: string; id: number; username: string };
let editor: { token: string; id: number; username: string };

beforeAll(async () => {
  admin = await signedIn(1);
  editor = await signedIn(0);
});

beforeEach(clearContent);

const read = async (id: number, token = admin.token, language: 'tw' | 'en' = 'tw') =>
  (await call('GET', `webnews/get/${id}`, undefined, { token, language })).body;

const update = (body: Record<string, unknown>, token = admin.token, language: 'tw' | 'en' = 'tw') =>
  call('PUT', 'webnews/update', body, { token, language });

/** HH:mm of a wire date-time, as the stale-save message names a save of today. */
const clock = (wire: string) => wire.slice(11, 16);

describe('reads carry the version', () => {
  test('get and getlist rows of a signed-in account carry an integer version; visitors get none', async () => {
    const added = await addRow('webnews', { title: 'Versioned' }, { token: admin.token });
    expect(added.version).toBe(1);
    expect((await read(added.id)).version).toBe(1);
    const listed = await call('POST', 'webnews/getlist', {}, { token: admin.token });
    expect(listed.body.data[0]).toMatchObject({ id: added.id, version: 1 });
    expect((await call('GET', `webnews/get/${added.id}`)).body).not.toHaveProperty('version');
  });
});

describe('update', () => {
  test('without a version the write goes through and raises the version by one', async () => {
    const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
    const first = await update({ id: added.id, title: 'B' });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    expect((await update({ id: added.id, title: 'C' })).body.version).toBe(3);
  });

  test('with the current version the write goes through', async () => {
    const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
    const saved = await update({ id: added.id, title: 'B', version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'B', version: 2 });
    expect((await update({ id: added.id, title: 'C', version: '2' })).body.version).toBe(3);
  });

  test('a stale version writes nothing and names who saved last and when, in both languages', async () => {
    const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
    const theirs = await update({ id: added.id, title: 'Theirs', version: 1 }, editor.token);
    expect(theirs.status).toBe(200);
    const mine = await update({ id: added.id, title: 'Mine', version: 1 });
    expect(mine.status).toBe(400);
    expect(mine.body).toEqual({
      message: message('tw', 'staleVersion', { time: clock(theirs.body.updatedAt), name: editor.username }),
      conflict: { version: 2, updatedAt: theirs.body.updatedAt, updatedByName: editor.username },
    });
    expect(mine.body.conflict.updatedAt).toMatch(wireDateTime);
    expect(await read(added.id)).toMatchObject({ title: 'Theirs', version: 2 });
    const row = await addRow('webnews', { title: 'E' }, { token: admin.token, language: 'en' });
    const saved = await update({ id: row.id, title: 'Theirs' }, editor.token, 'en');
    const english = await update({ id: row.id, title: 'Mine', version: 1 }, admin.token, 'en');
    expect(english.body.message).toBe(
      message('en', 'staleVersion', { time: clock(saved.body.updatedAt), name: editor.username }),
    );
  });

  test('a malformed version is a 400 naming it', async () => {
    const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
    for (const version of ['abc', 0, -1, 1.5]) {
      const result = await update({ id: added.id, title: 'B', version });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(message('tw', 'invalidVersion', { value: String(version) }));
    }
    expect((await read(added.id)).version).toBe(1);
  });

  test('two concurrent saves of the same version: exactly one is stored', async () => {
    const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
    const results = await Promise.all([
      update({ id: added.id, title: 'First', version: 1 }),
      update({ id: added.id, title: 'Second', version: 1 }, editor.token),
      update({ id: added.id, title: 'Third', version: 1 }),
    ]);
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
    const winner = results.find((result) => result.status === 200)!;
    const stored = await read(added.id);
    expect(stored).toMatchObject({ title: winner.body.title, version: 2 });
    for (const loser of results.filter((result) => result.status === 400)) expect(loser.body.conflict.version).toBe(2);
    // One revision for the add, one for the one save that was stored.
    expect(
      (await call('GET', `webnews/revisions/${added.id}`, undefined, { token: admin.token })).body.data,
    ).toHaveLength(2);
  });

  test('the section-path variant checks the version too', async () => {
    const row = (await call('POST', 'webqa/add/0', { question: 'Q', answer: '<p>A</p>' }, { token: admin.token })).body;
    const first = await call(
      'PUT',
      'webqa/update/0',
      { id: row.id, question: 'Q2', version: 1 },
      { token: admin.token },
    );
    expect(first.status).toBe(200);
    const stale = await call(
      'PUT',
      'webqa/update/0',
      { id: row.id, question: 'Q3', version: 1 },
      { token: admin.token },
    );
    expect(stale.status).toBe(400);
    expect(stale.body.conflict.version).toBe(2);
  });
});

describe('delete and changeorder take ?version=', () => {
  test('delete with a stale version keeps the row; with the current one removes it', async () => {
    const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
    await update({ id: added.id, title: 'B' });
    const stale = await call('DELETE', `webnews/delete/${added.id}?version=1`, undefined, { token: admin.token });
    expect(stale.status).toBe(400);
    expect(stale.body.conflict).toMatchObject({ version: 2, updatedByName: admin.username });
    expect((await read(added.id)).title).toBe('B');
    const current = await call('DELETE', `webnews/delete/${added.id}?version=2`, undefined, { token: admin.token });
    expect(current.status).toBe(200);
    expect((await call('GET', `webnews/get/${added.id}`, undefined, { token: admin.token })).status).toBe(404);
  });

  test('changeorder with a stale version moves nothing; with the current one moves and raises it', async () => {
    const a = await addRow('webbulletintype', { name: 'a' }, { token: admin.token });
    const b = await addRow('webbulletintype', { name: 'b' }, { token: admin.token });
    await call('PUT', 'webbulletintype/update', { id: b.id, name: 'b2' }, { token: admin.token });
    const stale = await call('PUT', `webbulletintype/changeorder/${b.id}/1?version=1`, undefined, {
      token: admin.token,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.conflict.version).toBe(2);
    const get = async (id: number) =>
      (await call('GET', `webbulletintype/get/${id}`, undefined, { token: admin.token })).body;
    expect((await get(b.id)).order).toBe(2);
    const moved = await call('PUT', `webbulletintype/changeorder/${b.id}/1?version=2`, undefined, {
      token: admin.token,
    });
    expect(moved.status).toBe(200);
    expect(await get(b.id)).toMatchObject({ order: 1, version: 3 });
    // A sibling that only shifted keeps its version: no form edits a position.
    expect(await get(a.id)).toMatchObject({ order: 2, version: 1 });
    const bad = await call('PUT', `webbulletintype/changeorder/${b.id}/1?version=x`, undefined, { token: admin.token });
    expect(bad.body.message).toBe(message('tw', 'invalidVersion', { value: 'x' }));
  });
});

describe('every write raises the version', () => {
  test('bulk, restoring a revision and restoring from the trash', async () => {
    const added = await addRow('webnews', { title: 'A' }, { token: admin.token });
    expect(
      (await call('POST', 'webnews/bulk', { action: 'hide', ids: [added.id] }, { token: admin.token })).status,
    ).toBe(200);
    expect((await read(added.id)).version).toBe(2);
    expect(
      (await call('POST', `webnews/restorerevision/${added.id}/1`, undefined, { token: admin.token })).body.version,
    ).toBe(3);
    await call('DELETE', `webnews/delete/${added.id}`, undefined, { token: admin.token });
    expect((await call('PUT', `webnews/restore/${added.id}`, undefined, { token: admin.token })).body.version).toBe(4);
  });

  test("pairing a counterpart raises the counterpart's version; a duplicate leaves its source as it was", async () => {
    const tw = await addRow('webnews', { title: '中文' }, { token: admin.token });
    const en = await addRow(
      'webnews',
      { title: 'English', translationId: tw.id },
      { token: admin.token, language: 'en' },
    );
    expect((await read(tw.id)).version).toBe(2);
    // Saving again with the same link leaves the counterpart alone.
    await call(
      'PUT',
      'webnews/update',
      { id: en.id, title: 'English 2', translationId: tw.id },
      { token: admin.token, language: 'en' },
    );
    expect((await read(tw.id)).version).toBe(2);
    const copy = await call('POST', `webnews/duplicate/${tw.id}`, undefined, { token: admin.token });
    expect(copy.body.version).toBe(1);
    expect((await read(tw.id)).version).toBe(2);
  });
});

describe('a stale save names the write that raised the version', () => {
  test('a move by another account', async () => {
    await addRow('webbulletintype', { name: 'a' }, { token: admin.token });
    const b = await addRow('webbulletintype', { name: 'b' }, { token: admin.token });
    const moved = await call('PUT', `webbulletintype/changeorder/${b.id}/1`, undefined, { token: editor.token });
    expect(moved.status).toBe(200);
    const stale = await call(
      'PUT',
      'webbulletintype/update',
      { id: b.id, name: 'b2', version: 1 },
      { token: admin.token },
    );
    expect(stale.body.conflict).toMatchObject({ version: 2, updatedByName: editor.username });
  });

  test("pairing by another account, on the counterpart's stale save", async () => {
    const tw = await addRow('webnews', { title: '中文' }, { token: admin.token });
    await addRow('webnews', { title: 'English', translationId: tw.id }, { token: editor.token, language: 'en' });
    const stale = await update({ id: tw.id, title: '改過', version: 1 });
    expect(stale.status).toBe(400);
    expect(stale.body.conflict).toMatchObject({ version: 2, updatedByName: editor.username });
    expect(stale.body.message).toBe(
      message('tw', 'staleVersion', { time: clock(stale.body.conflict.updatedAt), name: editor.username }),
    );
  });
});

test('the OpenAPI document names the version: a row property, and the query of delete and changeorder', async () => {
  const { body } = await call('GET', 'openapi.json');
  expect(body.components.schemas.webnews.properties.version).toMatchObject({ type: 'integer', minimum: 1 });
  const versionParameter = expect.arrayContaining([expect.objectContaining({ name: 'version', in: 'query' })]);
  expect(body.paths['/api/webnews/delete/{id}'].delete.parameters).toEqual(versionParameter);
  expect(body.paths['/api/webbulletintype/changeorder/{id}/{position}'].put.parameters).toEqual(versionParameter);
});

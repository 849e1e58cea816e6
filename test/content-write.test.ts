/**
 * get, add, update and delete of the generic content API (docs/api.md): what each returns,
 * partial updates, type references, and who may write.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, message } from './helpers/content';
import { waitFor } from './helpers/wait-for';

withDatabase();

let admin: string;
let user: string;
let userId: number;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  const signedInUser = await signedIn(0);
  user = signedInUser.token;
  userId = signedInUser.id;
});

beforeEach(clearContent);

describe('get/{id}', () => {
  test('returns the row', async () => {
    const added = await addRow('webnews', { title: 'Found', summary: 'S' }, { token: admin });
    const result = await call('GET', `webnews/get/${added.id}`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: added.id, title: 'Found', summary: 'S', lang: 'tw' });
  });

  test('an unknown id is a 404 with a message', async () => {
    await addRow('webnews', { title: 'x' }, { token: admin });
    for (const token of [undefined, admin]) {
      const result = await call('GET', 'webnews/get/999999', undefined, { token });
      expect(result.status).toBe(404);
      expect(result.body).toEqual({ message: message('tw', 'notFound') });
    }
    const en = await call('GET', 'webnews/get/999999', undefined, { language: 'en' });
    expect(en.body.message).toBe(message('en', 'notFound'));
  });

  test.each([['abc'], ['-1'], ['1.5'], ['0'], ['99999999999999999999'], ['1e3'], [' 1']])(
    'a malformed id %p is a 400 naming it',
    async (id) => {
      const result = await call('GET', `webnews/get/${encodeURIComponent(id)}`, undefined, { token: admin });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(message('tw', 'invalidId', { value: id }));
    },
  );

  test('a deleted row is gone', async () => {
    const added = await addRow('webnews', { title: 'bye' }, { token: admin });
    await call('DELETE', `webnews/delete/${added.id}`, undefined, { token: admin });
    expect((await call('GET', `webnews/get/${added.id}`, undefined, { token: admin })).status).toBe(404);
  });
});

describe('add', () => {
  test('returns the created row with its id, language, defaults and author', async () => {
    const result = await call('POST', 'webnews/add', { title: 'New', summary: 'Sum' }, { token: admin });
    expect(result.status).toBe(200);
    const row = result.body;
    expect(row.id).toEqual(expect.any(Number));
    expect(row).toMatchObject({
      title: 'New',
      summary: 'Sum',
      content: null,
      image: null,
      files: [],
      isPinned: false,
      isVisible: true,
      unpublishAt: null,
      lang: 'tw',
    });
    expect(row.publishAt).toEqual(expect.any(String));
    expect(row.updatedBy).toEqual(expect.any(Number));
    const stored = await call('GET', `webnews/get/${row.id}`, undefined, { token: admin });
    expect(stored.body).toEqual(row);
  });

  test('ignores keys the client may not write (id, lang, order, timestamps, author)', async () => {
    const result = await call(
      'POST',
      'webbulletintype/add',
      { id: 424242, name: 'T', lang: 'en', order: 77, createdAt: '2000-01-01T00:00:00', updatedBy: 999, extra: 'x' },
      { token: admin },
    );
    expect(result.status).toBe(200);
    expect(result.body.id).not.toBe(424242);
    expect(result.body.lang).toBe('tw');
    expect(result.body.order).toBe(1);
    expect(result.body.createdAt).not.toBe('2000-01-01T00:00:00');
    expect(result.body.updatedBy).not.toBe(999);
    expect(result.body).not.toHaveProperty('extra');
  });

  test('a User (role 0) may write content, and is recorded as the author', async () => {
    const added = await call('POST', 'webnews/add', { title: 'by user' }, { token: user });
    expect(added.status).toBe(200);
    expect(added.body.updatedBy).toBe(userId);
    const updated = await call(
      'PUT',
      'webnews/update',
      { id: added.body.id, title: 'edited by user' },
      { token: user },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe('edited by user');
    const type = await call('POST', 'webbulletintype/add', { name: 'a' }, { token: user });
    await call('POST', 'webbulletintype/add', { name: 'b' }, { token: user });
    const moved = await call('PUT', `webbulletintype/changeorder/${type.body.id}/2`, undefined, { token: user });
    expect(moved.status).toBe(200);
    const removed = await call('DELETE', `webnews/delete/${added.body.id}`, undefined, { token: user });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: added.body.id });
  });
});

describe('update', () => {
  test('is partial: fields absent from the body keep their values', async () => {
    const added = await addRow(
      'webnews',
      { title: 'Before', summary: 'keep me', content: '<p>keep</p>', isPinned: true, publishAt: '2024-05-06T07:08:09' },
      { token: admin },
    );
    const result = await call('PUT', 'webnews/update', { id: added.id, title: 'After' }, { token: admin });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id: added.id,
      title: 'After',
      summary: 'keep me',
      content: '<p>keep</p>',
      isPinned: true,
      publishAt: '2024-05-06T07:08:09',
      createdAt: added.createdAt,
    });
    const stored = await call('GET', `webnews/get/${added.id}`, undefined, { token: admin });
    expect(stored.body).toEqual(result.body);
  });

  test('a field sent blank is cleared', async () => {
    const added = await addRow('webnews', { title: 'T', summary: 'gone soon' }, { token: admin });
    const result = await call('PUT', 'webnews/update', { id: added.id, summary: '' }, { token: admin });
    expect(result.status).toBe(200);
    expect(result.body.summary).toBeNull();
  });

  test('a whole row sent back (with read-only keys) updates cleanly', async () => {
    const added = await addRow('webbulletintype', { name: 'first' }, { token: admin });
    await addRow('webbulletintype', { name: 'second' }, { token: admin });
    const row = (await call('GET', `webbulletintype/get/${added.id}`, undefined, { token: admin })).body;
    const result = await call(
      'PUT',
      'webbulletintype/update',
      { ...row, name: 'renamed', order: 2, lang: 'en' },
      { token: admin },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: added.id, name: 'renamed', order: 1, lang: 'tw' });
  });

  test('needs the id', async () => {
    const result = await call('PUT', 'webnews/update', { title: 'no id' }, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'missingUpdateId'));
    const en = await call('PUT', 'webnews/update', { title: 'no id' }, { token: admin, language: 'en' });
    expect(en.body.message).toBe(message('en', 'missingUpdateId'));
  });

  test.each([['abc'], [-1], [1.5], [0], [1e20], [{ id: 1 }]])('a malformed id %p is a 400', async (id) => {
    const result = await call('PUT', 'webnews/update', { id, title: 'x' }, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/^編號「.*」必須是正整數。$/);
  });

  test('an unknown id is a 404', async () => {
    const result = await call('PUT', 'webnews/update', { id: 987654, title: 'x' }, { token: admin });
    expect(result.status).toBe(404);
  });

  test('the id may be a digit string', async () => {
    const added = await addRow('webnews', { title: 'T' }, { token: admin });
    const result = await call('PUT', 'webnews/update', { id: String(added.id), title: 'U' }, { token: admin });
    expect(result.status).toBe(200);
    expect(result.body.title).toBe('U');
  });

  test('moves updatedAt forward and records the editor', async () => {
    const added = await addRow('webnews', { title: 'T' }, { token: admin });
    // updatedAt is kept to the second: the update is made in a later one.
    const addedAt = Date.now();
    await waitFor(() => Math.floor(Date.now() / 1000) > Math.floor(addedAt / 1000), { what: 'the next second' });
    const result = await call('PUT', 'webnews/update', { id: added.id, title: 'U' }, { token: user });
    expect(result.body.updatedAt > added.updatedAt).toBe(true);
    expect(result.body.updatedBy).toBe(userId);
  });

  test('clearing publishAt publishes now (as on add), never a 500', async () => {
    const future = await addRow('webnews', { title: 'T', publishAt: '2999-01-01T00:00:00' }, { token: admin });
    for (const publishAt of [null, '']) {
      const result = await call('PUT', 'webnews/update', { id: future.id, publishAt }, { token: admin });
      expect(result.status).toBe(200);
      expect(result.body.publishAt < '2999-01-01T00:00:00').toBe(true);
      expect((await call('GET', `webnews/get/${future.id}`)).status).toBe(200);
    }
  });
});

describe('delete', () => {
  test('returns {id} and removes only that row', async () => {
    const a = await addRow('webnews', { title: 'a' }, { token: admin });
    const b = await addRow('webnews', { title: 'b' }, { token: admin });
    const result = await call('DELETE', `webnews/delete/${a.id}`, undefined, { token: admin });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ id: a.id });
    const remaining = await call('POST', 'webnews/getlist', {});
    expect(remaining.body.data.map((r: any) => r.id)).toEqual([b.id]);
  });

  test('an unknown id is a 404, a malformed one a 400', async () => {
    expect((await call('DELETE', 'webnews/delete/555555', undefined, { token: admin })).status).toBe(404);
    const bad = await call('DELETE', 'webnews/delete/abc', undefined, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(message('tw', 'invalidId', { value: 'abc' }));
  });

  test('deleting twice: the second is a 404', async () => {
    const a = await addRow('webnews', { title: 'a' }, { token: admin });
    expect((await call('DELETE', `webnews/delete/${a.id}`, undefined, { token: admin })).status).toBe(200);
    expect((await call('DELETE', `webnews/delete/${a.id}`, undefined, { token: admin })).status).toBe(404);
  });

  test('a bulletin type still used by bulletins is not deleted: 400 naming the count', async () => {
    const used = await addRow('webbulletintype', { name: 'used' }, { token: admin });
    const other = await addRow('webbulletintype', { name: 'other' }, { token: admin });
    await addRow('webbulletin', { typeId: used.id, title: 'one' }, { token: admin });
    await addRow('webbulletin', { typeId: used.id, title: 'two' }, { token: admin });
    await addRow('webbulletin', { typeId: other.id, title: 'three' }, { token: admin });

    const result = await call('DELETE', `webbulletintype/delete/${used.id}`, undefined, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'inUse', { count: 2, resource: '公告' }));
    expect(result.body.message).toContain('2 筆');

    // Nothing was deleted: the type, its bulletins and the other type's order are as before.
    expect((await call('GET', `webbulletintype/get/${used.id}`, undefined, { token: admin })).body).toMatchObject({
      name: 'used',
      order: 1,
    });
    const stillThere = await call('POST', `webbulletin/getlist/${used.id}`, {}, { token: admin });
    expect(stillThere.body.total).toBe(2);
    expect((await call('GET', `webbulletintype/get/${other.id}`, undefined, { token: admin })).body.order).toBe(2);
  });

  test('the in-use message is worded in the request language', async () => {
    const used = await addRow('webbulletintype', { name: 'used' }, { token: admin, language: 'en' });
    await addRow('webbulletin', { typeId: used.id, title: 'one' }, { token: admin, language: 'en' });
    const result = await call('DELETE', `webbulletintype/delete/${used.id}`, undefined, {
      token: admin,
      language: 'en',
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('en', 'inUse', { count: 1, resource: 'Bulletins' }));
  });

  test('a type whose bulletins were all deleted can be deleted', async () => {
    const type = await addRow('webbulletintype', { name: 't' }, { token: admin });
    const bulletin = await addRow('webbulletin', { typeId: type.id, title: 'b' }, { token: admin });
    expect((await call('DELETE', `webbulletintype/delete/${type.id}`, undefined, { token: admin })).status).toBe(400);
    await call('DELETE', `webbulletin/delete/${bulletin.id}`, undefined, { token: admin });
    const result = await call('DELETE', `webbulletintype/delete/${type.id}`, undefined, { token: admin });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ id: type.id });
  });
});

describe('bulletin type references', () => {
  test('a bulletin with a type that does not exist is a 400 naming the field', async () => {
    const result = await call('POST', 'webbulletin/add', { typeId: 999999, title: 'orphan' }, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'unknownReference', { field: '類別', value: 999999 }));
    expect(result.body.errors).toEqual([{ field: 'typeId', message: result.body.message }]);
    expect((await call('POST', 'webbulletin/getlist', {}, { token: admin })).body.total).toBe(0);
  });

  test("a bulletin with the other language's type is a 400", async () => {
    const english = await addRow('webbulletintype', { name: 'English type' }, { token: admin, language: 'en' });
    const result = await call(
      'POST',
      'webbulletin/add',
      { typeId: english.id, title: '中文公告' },
      { token: admin, language: 'tw' },
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'unknownReference', { field: '類別', value: english.id }));
    const inEnglish = await call(
      'POST',
      'webbulletin/add',
      { typeId: english.id, title: 'English bulletin' },
      { token: admin, language: 'en' },
    );
    expect(inEnglish.status).toBe(200);
  });

  test('an update may not move a bulletin to a missing or other-language type', async () => {
    const type = await addRow('webbulletintype', { name: 't' }, { token: admin });
    const english = await addRow('webbulletintype', { name: 'e' }, { token: admin, language: 'en' });
    const bulletin = await addRow('webbulletin', { typeId: type.id, title: 'b' }, { token: admin });
    for (const typeId of [english.id, 888888]) {
      const result = await call('PUT', 'webbulletin/update', { id: bulletin.id, typeId }, { token: admin });
      expect(result.status).toBe(400);
      expect(result.body.errors[0].field).toBe('typeId');
    }
    const second = await addRow('webbulletintype', { name: 't2' }, { token: admin });
    const moved = await call('PUT', 'webbulletin/update', { id: bulletin.id, typeId: second.id }, { token: admin });
    expect(moved.status).toBe(200);
    expect(moved.body.typeId).toBe(second.id);
  });

  test('a bulletin needs a type', async () => {
    const result = await call('POST', 'webbulletin/add', { title: 'no type' }, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.errors).toContainEqual({
      field: 'typeId',
      message: message('tw', 'required', { field: '類別' }),
    });
  });
});

describe('who may write', () => {
  test.each([
    ['POST', 'webnews/add', { title: 'x' }],
    ['PUT', 'webnews/update', { id: 1, title: 'x' }],
    ['DELETE', 'webnews/delete/1', undefined],
    ['PUT', 'webbulletintype/changeorder/1/1', undefined],
    ['POST', 'webbulletintype/add', { name: 'x' }],
    ['POST', 'webbulletin/add', { typeId: 1, title: 'x' }],
  ])('anonymous %s %s is a 401', async (method, path, body) => {
    const result = await call(method, path, body);
    expect(result.status).toBe(401);
    expect(result.body.message).toBe(message('tw', 'unauthorized'));
  });

  test('an anonymous write changes nothing', async () => {
    const added = await addRow('webnews', { title: 'safe' }, { token: admin });
    await call('PUT', 'webnews/update', { id: added.id, title: 'hacked' });
    await call('DELETE', `webnews/delete/${added.id}`);
    await call('POST', 'webnews/add', { title: 'spam' });
    const list = await call('POST', 'webnews/getlist', {});
    expect(list.body.data.map((r: any) => r.title)).toEqual(['safe']);
  });

  test('an invalid token is a 401 even on public reads', async () => {
    const added = await addRow('webnews', { title: 'public' }, { token: admin });
    for (const [method, path, body] of [
      ['POST', 'webnews/getlist', {}],
      ['GET', `webnews/get/${added.id}`, undefined],
      ['POST', 'webnews/add', { title: 'x' }],
    ] as const) {
      const result = await call(method, path, body, { token: 'not-a-real-token' });
      expect(result.status).toBe(401);
      expect(result.body.message).toBe(message('tw', 'sessionExpired'));
    }
    const en = await call('POST', 'webnews/getlist', {}, { token: 'nope', language: 'en' });
    expect(en.body.message).toBe(message('en', 'sessionExpired'));
  });

  test('a signed-out token is a 401 on public reads too', async () => {
    const session = await signedIn(0);
    expect((await call('POST', 'webnews/getlist', {}, { token: session.token })).status).toBe(200);
    expect((await call('POST', 'account/logout', undefined, { token: session.token })).status).toBe(200);
    const result = await call('POST', 'webnews/getlist', {}, { token: session.token });
    expect(result.status).toBe(401);
  });
});

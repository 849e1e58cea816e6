/**
 * What a reader sees: each language's rows only, and for anonymous readers only
 * visible rows inside their publication window, without back-office columns.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, fromNow, message, taipei } from './helpers/content';

withDatabase();

let admin: string;
let user: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
});

beforeEach(clearContent);

const ids = (body: any): number[] => body.data.map((row: any) => row.id);

describe('language separation', () => {
  test('rows added in English never appear in Chinese lists or gets, and the reverse', async () => {
    const zh = await addRow('webnews', { title: '中文消息' }, { token: admin, language: 'tw' });
    const en = await addRow('webnews', { title: 'English news' }, { token: admin, language: 'en' });
    expect(zh.lang).toBe('tw');
    expect(en.lang).toBe('en');

    for (const token of [undefined, admin]) {
      const twList = await call('POST', 'webnews/getlist', {}, { token, language: 'tw' });
      expect(ids(twList.body)).toEqual([zh.id]);
      expect(twList.body.total).toBe(1);
      const enList = await call('POST', 'webnews/getlist', {}, { token, language: 'en' });
      expect(ids(enList.body)).toEqual([en.id]);

      expect((await call('GET', `webnews/get/${en.id}`, undefined, { token, language: 'tw' })).status).toBe(404);
      expect((await call('GET', `webnews/get/${zh.id}`, undefined, { token, language: 'en' })).status).toBe(404);
      expect((await call('GET', `webnews/get/${zh.id}`, undefined, { token, language: 'tw' })).status).toBe(200);
      expect((await call('GET', `webnews/get/${en.id}`, undefined, { token, language: 'en' })).status).toBe(200);
    }
  });

  test('an empty or unknown Web-Language header means Chinese', async () => {
    const zh = await addRow('webnews', { title: '中文' }, { token: admin, language: 'tw' });
    await addRow('webnews', { title: 'English' }, { token: admin, language: 'en' });
    for (const header of ['', 'fr']) {
      const result = await call('POST', 'webnews/getlist', {}, { headers: { 'web-language': header } });
      expect(ids(result.body)).toEqual([zh.id]);
    }
    const added = await addRow('webnews', { title: '無標頭' }, { token: admin, headers: { 'web-language': '' } });
    expect(added.lang).toBe('tw');
  });

  test('keyword search stays inside the language', async () => {
    await addRow('webnews', { title: 'Trust 中文' }, { token: admin, language: 'tw' });
    const en = await addRow('webnews', { title: 'Trust English' }, { token: admin, language: 'en' });
    const result = await call('POST', 'webnews/getlist', { keyword: 'trust' }, { language: 'en' });
    expect(ids(result.body)).toEqual([en.id]);
  });

  test("rows of the other language cannot be updated or deleted through this language's API", async () => {
    const en = await addRow('webnews', { title: 'English' }, { token: admin, language: 'en' });
    const update = await call('PUT', 'webnews/update', { id: en.id, title: '改' }, { token: admin, language: 'tw' });
    expect(update.status).toBe(404);
    const remove = await call('DELETE', `webnews/delete/${en.id}`, undefined, { token: admin, language: 'tw' });
    expect(remove.status).toBe(404);
    const stored = await call('GET', `webnews/get/${en.id}`, undefined, { token: admin, language: 'en' });
    expect(stored.body.title).toBe('English');
  });

  test('bulletins filtered by type stay inside the language', async () => {
    const twType = await addRow('webbulletintype', { name: '類別' }, { token: admin, language: 'tw' });
    await addRow('webbulletintype', { name: 'Type' }, { token: admin, language: 'en' });
    const zh = await addRow('webbulletin', { typeId: twType.id, title: '公告' }, { token: admin, language: 'tw' });
    expect(ids((await call('POST', `webbulletin/getlist/${twType.id}`, {}, { language: 'tw' })).body)).toEqual([zh.id]);
    // The Chinese type does not exist among English rows: naming it there is a 400, not an empty list.
    expect((await call('POST', `webbulletin/getlist/${twType.id}`, {}, { language: 'en' })).status).toBe(400);
    expect((await call('POST', 'webbulletin/getlist/0', {}, { language: 'en' })).body.total).toBe(0);
  });

  test('an update cannot move a row to the other language', async () => {
    const zh = await addRow('webnews', { title: '中文' }, { token: admin, language: 'tw' });
    const result = await call(
      'PUT',
      'webnews/update',
      { id: zh.id, lang: 'en', title: '仍是中文' },
      { token: admin, language: 'tw' },
    );
    expect(result.status).toBe(200);
    expect(result.body.lang).toBe('tw');
    expect((await call('GET', `webnews/get/${zh.id}`, undefined, { language: 'en' })).status).toBe(404);
  });
});

describe('publication window and visibility', () => {
  async function fourNews() {
    const live = await addRow('webnews', { title: 'live', publishAt: taipei(fromNow(-48)) }, { token: admin });
    const draft = await addRow(
      'webnews',
      { title: 'draft', isVisible: false, publishAt: taipei(fromNow(-48)) },
      { token: admin },
    );
    const future = await addRow('webnews', { title: 'future', publishAt: taipei(fromNow(48)) }, { token: admin });
    const expired = await addRow(
      'webnews',
      { title: 'expired', publishAt: taipei(fromNow(-96)), unpublishAt: taipei(fromNow(-24)) },
      { token: admin },
    );
    return { live, draft, future, expired };
  }

  test('anonymous lists show only visible rows inside their window', async () => {
    const { live } = await fourNews();
    const result = await call('POST', 'webnews/getlist', { page: 1, pageSize: 10 });
    expect(result.status).toBe(200);
    expect(ids(result.body)).toEqual([live.id]);
    expect(result.body.total).toBe(1);
  });

  test('anonymous gets of a draft, a future and an expired row are 404s', async () => {
    const { live, draft, future, expired } = await fourNews();
    expect((await call('GET', `webnews/get/${live.id}`)).status).toBe(200);
    for (const row of [draft, future, expired]) {
      const result = await call('GET', `webnews/get/${row.id}`);
      expect(result.status).toBe(404);
      expect(result.body.message).toBe(message('tw', 'notFound'));
    }
  });

  test('a signed-in reader (Admin or User) sees every row', async () => {
    const rows = await fourNews();
    for (const token of [admin, user]) {
      const result = await call('POST', 'webnews/getlist', { sort: 'title', direction: 'asc' }, { token });
      expect(result.body.data.map((row: any) => row.title)).toEqual(['draft', 'expired', 'future', 'live']);
      for (const row of Object.values(rows)) {
        expect((await call('GET', `webnews/get/${row.id}`, undefined, { token })).status).toBe(200);
      }
    }
  });

  test('an open window (unpublishAt in the future) is public', async () => {
    const open = await addRow(
      'webnews',
      { title: 'open', publishAt: taipei(fromNow(-1)), unpublishAt: taipei(fromNow(24)) },
      { token: admin },
    );
    expect((await call('GET', `webnews/get/${open.id}`)).status).toBe(200);
  });

  test('hiding and showing a row takes effect for anonymous readers', async () => {
    const row = await addRow('webnews', { title: 'toggle', publishAt: taipei(fromNow(-1)) }, { token: admin });
    await call('PUT', 'webnews/update', { id: row.id, isVisible: false }, { token: admin });
    expect((await call('GET', `webnews/get/${row.id}`)).status).toBe(404);
    expect((await call('POST', 'webnews/getlist', {})).body.total).toBe(0);
    await call('PUT', 'webnews/update', { id: row.id, isVisible: true }, { token: admin });
    expect((await call('GET', `webnews/get/${row.id}`)).status).toBe(200);
  });

  test('paging of anonymous lists counts public rows only', async () => {
    await fourNews();
    for (let i = 0; i < 3; i++)
      await addRow('webnews', { title: `live ${i}`, publishAt: taipei(fromNow(-1)) }, { token: admin });
    const result = await call('POST', 'webnews/getlist', { page: 9, pageSize: 2 });
    expect(result.body).toMatchObject({ total: 4, page: 2 });
    expect(result.body.data).toHaveLength(2);
  });

  test('hidden bulletin types and future bulletins are hidden from anonymous readers', async () => {
    const hiddenType = await addRow('webbulletintype', { name: 'hidden', isVisible: false }, { token: admin });
    const future = await addRow(
      'webbulletin',
      { typeId: hiddenType.id, title: 'later', publishAt: taipei(fromNow(5)) },
      { token: admin },
    );
    expect((await call('GET', `webbulletintype/get/${hiddenType.id}`)).status).toBe(404);
    expect((await call('POST', 'webbulletintype/getlist', {})).body.total).toBe(0);
    expect((await call('GET', `webbulletin/get/${future.id}`)).status).toBe(404);
    expect((await call('GET', `webbulletin/get/${future.id}`, undefined, { token: admin })).status).toBe(200);
  });

  test('unpublishAt at or before publishAt is a 400, on add and on update', async () => {
    for (const unpublishAt of ['2024-01-01T00:00:00', '2023-12-31T23:59:59']) {
      const result = await call(
        'POST',
        'webnews/add',
        { title: 'x', publishAt: '2024-01-01T00:00:00', unpublishAt },
        { token: admin },
      );
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(message('tw', 'windowOrder'));
    }
    const en = await call(
      'POST',
      'webnews/add',
      { title: 'x', publishAt: '2024-01-01T00:00:00', unpublishAt: '2023-01-01T00:00:00' },
      { token: admin, language: 'en' },
    );
    expect(en.body.message).toBe(message('en', 'windowOrder'));
    expect((await call('POST', 'webnews/getlist', {}, { token: admin })).body.total).toBe(0);

    const row = await addRow(
      'webnews',
      { title: 'ok', publishAt: '2024-01-01T00:00:00', unpublishAt: '2024-02-01T00:00:00' },
      { token: admin },
    );
    // Only one end sent: checked against the stored other end.
    const later = await call(
      'PUT',
      'webnews/update',
      { id: row.id, publishAt: '2024-03-01T00:00:00' },
      { token: admin },
    );
    expect(later.status).toBe(400);
    const earlier = await call(
      'PUT',
      'webnews/update',
      { id: row.id, unpublishAt: '2023-06-01T00:00:00' },
      { token: admin },
    );
    expect(earlier.status).toBe(400);
    const stored = await call('GET', `webnews/get/${row.id}`, undefined, { token: admin });
    expect(stored.body).toMatchObject({ publishAt: '2024-01-01T00:00:00', unpublishAt: '2024-02-01T00:00:00' });
  });

  test('an unpublishAt in the past with no publishAt (publish now) is a 400', async () => {
    const result = await call(
      'POST',
      'webnews/add',
      { title: 'x', unpublishAt: '2020-01-01T00:00:00' },
      { token: admin },
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'windowOrder'));
  });
});

describe('public fields', () => {
  test('anonymous responses omit updatedBy and isVisible; signed-in ones include them', async () => {
    const row = await addRow('webnews', { title: 'fields' }, { token: admin });
    const anonymousGet = await call('GET', `webnews/get/${row.id}`);
    expect(anonymousGet.status).toBe(200);
    expect(anonymousGet.body).not.toHaveProperty('updatedBy');
    expect(anonymousGet.body).not.toHaveProperty('isVisible');
    expect(anonymousGet.body).toMatchObject({ id: row.id, title: 'fields' });
    const anonymousList = await call('POST', 'webnews/getlist', {});
    expect(anonymousList.body.data[0]).not.toHaveProperty('updatedBy');
    expect(anonymousList.body.data[0]).not.toHaveProperty('isVisible');

    for (const token of [admin, user]) {
      const get = await call('GET', `webnews/get/${row.id}`, undefined, { token });
      expect(get.body).toHaveProperty('updatedBy', row.updatedBy);
      expect(get.body).toHaveProperty('isVisible', true);
      const list = await call('POST', 'webnews/getlist', {}, { token });
      expect(list.body.data[0]).toHaveProperty('updatedBy');
      expect(list.body.data[0]).toHaveProperty('isVisible');
    }
  });

  test('ordered and parent-scoped resources omit them anonymously too', async () => {
    const type = await addRow('webbulletintype', { name: 't' }, { token: admin });
    const bulletin = await addRow('webbulletin', { typeId: type.id, title: 'b' }, { token: admin });
    for (const path of [`webbulletintype/get/${type.id}`, `webbulletin/get/${bulletin.id}`]) {
      const result = await call('GET', path);
      expect(result.status).toBe(200);
      expect(result.body).not.toHaveProperty('updatedBy');
      expect(result.body).not.toHaveProperty('isVisible');
    }
    expect((await call('GET', `webbulletintype/get/${type.id}`)).body.order).toBe(1);
  });
});

/**
 * The media library: uploads listed with where they are used (rows, trash, revisions), the type,
 * unused and keyword filters, alternative text, delete only when unused, access, and the
 * housekeeping that removes old uploads nothing uses while keeping used and new ones.
 */
import { eq } from 'drizzle-orm';
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent } from './helpers/content';
import { runHousekeeping } from '../lib/content/jobs/housekeeping';
import { getDb } from '../lib/db';
import { contentRevisions, contentTrash, uploads } from '../lib/db/schema';
import { findUpload } from '../lib/uploads';
import { PNG, withUploadFolder } from './helpers/uploads';

withDatabase();
const uploadFolder = withUploadFolder();

let admin: { token: string };
let editor: { token: string };

beforeAll(async () => {
  admin = await signedIn(1);
  editor = await signedIn(0);
});

beforeEach(async () => {
  await clearContent();
  const db = await getDb();
  await db.delete(contentTrash);
  await db.delete(contentRevisions);
  await db.delete(uploads);
});

async function upload(name: string, bytes: Buffer = PNG, type = 'image/png'): Promise<string> {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const result = await call('POST', 'upload', undefined, { token: editor.token, raw: data });
  expect(result.status).toBe(200);
  return result.body.id;
}

const list = (body: Record<string, unknown> = {}, token = editor.token, language?: 'tw' | 'en') =>
  call('POST', 'media/getlist', body, { token, ...(language ? { language } : {}) });

describe('media library', () => {
  test('lists uploads newest first with where each is used: image, files, rich text, trash', async () => {
    const cover = await upload('cover.png');
    const attachment = await upload('notes.txt', Buffer.from('plain notes'), 'text/plain');
    const inline = await upload('inline.png');
    const trashed = await upload('trashed.png');
    const unused = await upload('unused.png');
    const news = await addRow(
      'webnews',
      {
        title: 'Cover news',
        image: cover,
        files: [attachment],
        content: `<p><img src="/uploads/${inline}/inline.png" alt=""></p>`,
      },
      { token: editor.token },
    );
    const gone = await addRow('webnews', { title: 'Gone news', image: trashed }, { token: editor.token });
    await call('DELETE', `webnews/delete/${gone.id}`, undefined, { token: editor.token });

    const result = await list();
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ total: 5, page: 1, pageSize: 10 });
    const byId = new Map(result.body.data.map((item: { id: string }) => [item.id, item]));
    expect(byId.get(cover)).toMatchObject({
      name: 'cover.png',
      type: 'image/png',
      size: PNG.length,
      url: `/uploads/${cover}/cover.png`,
      altTw: '',
      altEn: '',
    });
    expect((byId.get(cover) as { usedBy: unknown[] }).usedBy).toEqual([
      { resource: 'webnews', rowId: news.id, lang: 'tw', title: 'Cover news', state: 'row' },
    ]);
    expect(byId.get(attachment)).toMatchObject({
      type: 'text/plain',
      usedBy: [{ resource: 'webnews', rowId: news.id, state: 'row' }],
    });
    expect(byId.get(inline)).toMatchObject({ usedBy: [{ resource: 'webnews', rowId: news.id, state: 'row' }] });
    expect(byId.get(trashed)).toMatchObject({
      usedBy: [{ resource: 'webnews', rowId: gone.id, title: 'Gone news', state: 'trash' }],
    });
    expect(byId.get(unused)).toMatchObject({ usedBy: [] });
    expect(result.body.data[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const free = await list({ unused: true });
    expect(free.body.data.map((item: { id: string }) => item.id)).toEqual([unused]);
    const files = await list({ type: 'file' });
    expect(files.body.data.map((item: { id: string }) => item.id)).toEqual([attachment]);
    expect((await list({ type: 'image', pageSize: 2 })).body).toMatchObject({ total: 4, pageSize: 2, data: [{}, {}] });
    expect((await list({ keyword: 'COVER' })).body.data.map((item: { id: string }) => item.id)).toEqual([cover]);
  });

  test('an image replaced in a row stays used by the revision that had it', async () => {
    const first = await upload('first.png');
    const second = await upload('second.png');
    const row = await addRow('webnews', { title: 'Replaced', image: first }, { token: editor.token });
    await call('PUT', 'webnews/update', { id: row.id, image: second }, { token: editor.token });
    const result = await list();
    const byId = new Map(result.body.data.map((item: { id: string; usedBy: unknown[] }) => [item.id, item.usedBy]));
    expect(byId.get(first)).toEqual([
      { resource: 'webnews', rowId: row.id, lang: 'tw', title: 'Replaced', state: 'revision' },
    ]);
    expect(byId.get(second)).toMatchObject([{ state: 'row' }]);
    expect((await list({ unused: true })).body.total).toBe(0);
  });

  test('alternative text in both languages is set, trimmed, audited; only for images', async () => {
    const image = await upload('photo.png');
    const text = await upload('readme.txt', Buffer.from('hello'), 'text/plain');
    const updated = await call(
      'PUT',
      `media/update/${image}`,
      { altTw: '  會員大會 合照 ', altEn: 'General meeting photo' },
      { token: editor.token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: image, altTw: '會員大會 合照', altEn: 'General meeting photo' });
    const partial = await call('PUT', `media/update/${image}`, { altEn: 'Group photo' }, { token: editor.token });
    expect(partial.body).toMatchObject({ altTw: '會員大會 合照', altEn: 'Group photo' });
    expect((await findUpload(image))?.altEn).toBe('Group photo');
    const refused = await call('PUT', `media/update/${text}`, { altEn: 'x' }, { token: editor.token, language: 'en' });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Only images have alternative text.' } });
    expect(
      (await call('PUT', `media/update/${image}`, { altEn: 'x'.repeat(501) }, { token: editor.token })).status,
    ).toBe(400);
    expect((await call('PUT', `media/update/${image}`, { altEn: 5 }, { token: editor.token })).status).toBe(400);
    expect(
      (await call('PUT', 'media/update/00000000-0000-4000-8000-000000000000', { altEn: 'x' }, { token: editor.token }))
        .status,
    ).toBe(404);
    expect((await call('PUT', 'media/update/nope', { altEn: 'x' }, { token: editor.token })).status).toBe(404);
    const log = await call('POST', 'audit/getlist', { action: 'update', resource: 'upload' }, { token: admin.token });
    expect(log.body.data[0].summary).toContain('Group photo');
  });

  test("delete is refused with 409 in the request's language while used, allowed when unused", async () => {
    const used = await upload('used.png');
    const free = await upload('free.png');
    await addRow('webnews', { title: 'Uses it', image: used }, { token: editor.token });
    const en = await call('DELETE', `media/delete/${used}`, undefined, { token: editor.token, language: 'en' });
    expect(en).toMatchObject({ status: 400, body: { message: expect.stringContaining('still used in 1 place') } });
    const tw = await call('DELETE', `media/delete/${used}`, undefined, { token: editor.token, language: 'tw' });
    expect(tw).toMatchObject({ status: 400, body: { message: expect.stringContaining('使用中') } });
    expect(await findUpload(used)).toBeDefined();

    const removed = await call('DELETE', `media/delete/${free}`, undefined, { token: editor.token });
    expect(removed).toMatchObject({ status: 200, body: { id: free } });
    expect(await findUpload(free)).toBeUndefined();
    expect(await uploadFolder.storage.get(free)).toBeNull();
    expect((await call('DELETE', `media/delete/${free}`, undefined, { token: editor.token })).status).toBe(404);
    const log = await call('POST', 'audit/getlist', { action: 'delete', resource: 'upload' }, { token: admin.token });
    expect(log.body.data[0].summary).toContain('free.png');
  });

  test('signed out is 401, both roles may use the library, bad filters are 400', async () => {
    const image = await upload('a.png');
    expect((await call('POST', 'media/getlist', {})).status).toBe(401);
    expect((await call('PUT', `media/update/${image}`, { altEn: 'x' })).status).toBe(401);
    expect((await call('DELETE', `media/delete/${image}`)).status).toBe(401);
    expect((await list({}, admin.token)).status).toBe(200);
    expect((await list({}, editor.token)).status).toBe(200);
    expect((await call('PUT', `media/update/${image}`, { altEn: 'x' }, { token: admin.token })).status).toBe(200);
    const badType = await list({ type: 'video' }, editor.token, 'en');
    expect(badType).toMatchObject({ status: 400, body: { message: 'The type "video" must be "image" or "file".' } });
    expect((await list({ unused: 'yes' })).status).toBe(400);
    expect((await list({ page: 0 })).status).toBe(400);
  });
});

describe('housekeeping of unused uploads', () => {
  test('removes uploads older than a day that nothing names; keeps used, trashed and new ones', async () => {
    const oldUnused = await upload('old-unused.png');
    const oldUsed = await upload('old-used.png');
    const oldTrashed = await upload('old-trashed.png');
    const fresh = await upload('fresh.png');
    await addRow('webnews', { title: 'Live', files: [oldUsed] }, { token: editor.token });
    const gone = await addRow('webnews', { title: 'Trashed', image: oldTrashed }, { token: editor.token });
    await call('DELETE', `webnews/delete/${gone.id}`, undefined, { token: editor.token });
    const db = await getDb();
    for (const id of [oldUnused, oldUsed, oldTrashed])
      await db
        .update(uploads)
        .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
        .where(eq(uploads.id, id));

    expect((await runHousekeeping()).uploadsRemoved).toBe(1);
    expect(await findUpload(oldUnused)).toBeUndefined();
    expect(await uploadFolder.storage.get(oldUnused)).toBeNull();
    for (const id of [oldUsed, oldTrashed, fresh]) expect(await findUpload(id)).toBeDefined();
    const log = await call('POST', 'audit/getlist', { action: 'purge', resource: 'upload' }, { token: admin.token });
    expect(log.body.data[0].summary).toContain('old-unused.png');
    expect((await runHousekeeping()).uploadsRemoved).toBe(0);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { message } from './helpers/content';
import { folderStorage, setUploadStorage, type UploadStorage } from '../lib/uploads/storage';

withDatabase();

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let folder: string;
let storage: UploadStorage;
let token: string;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gonghui-upload-test-'));
  storage = folderStorage(folder);
  setUploadStorage(storage);
  token = (await signedIn(0)).token;
});

afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

function form(bytes: Uint8Array | string, name: string, type = 'application/octet-stream', field = 'file'): FormData {
  const data = new FormData();
  data.append(field, new Blob([bytes as BlobPart], { type }), name);
  return data;
}

const upload = (
  data: FormData | string,
  options: { token?: string | null; language?: 'tw' | 'en'; headers?: Record<string, string>; xsrf?: false } = {},
) =>
  call('POST', 'upload', undefined, {
    token: options.token === undefined ? token : options.token,
    raw: data,
    language: options.language ?? 'en',
    headers: options.headers,
    xsrf: options.xsrf,
  });

describe('POST /api/upload', () => {
  test('stores a PNG and answers {id, url, name, size, type}', async () => {
    const result = await upload(form(PNG, 'pixel.png', 'image/png'));
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(['id', 'name', 'size', 'type', 'url']);
    expect(result.body.id).toMatch(UUID);
    expect(result.body).toMatchObject({
      name: 'pixel.png',
      size: PNG.length,
      type: 'image/png',
      url: `/uploads/${result.body.id}/pixel.png`,
    });
    // The bytes are in the storage folder, unchanged.
    const stored = await storage.get(result.body.id);
    expect(Buffer.from(stored!).equals(PNG)).toBe(true);
  });

  test('the type comes from the bytes, not from the name or the declared type', async () => {
    const png = await upload(form(PNG, 'photo.jpg', 'text/html'));
    expect(png.status).toBe(200);
    expect(png.body.type).toBe('image/png');
    const pdf = await upload(form(PDF, '報告 2024.pdf', 'image/png'));
    expect(pdf.status).toBe(200);
    expect(pdf.body).toMatchObject({ type: 'application/pdf', name: '報告 2024.pdf', size: PDF.length });
    expect(pdf.body.url).toBe(`/uploads/${pdf.body.id}/${encodeURIComponent('報告 2024.pdf')}`);
  });

  test('plain text and CSV are accepted under their own extensions', async () => {
    const csv = await upload(form('year,count\n2024,12\n', 'data.csv', 'text/csv'));
    expect(csv.status).toBe(200);
    expect(csv.body.type).toBe('text/csv');
  });

  test('a file over 20 MB is a 413', async () => {
    const big = new Uint8Array(25 * 1024 * 1024);
    big.set(PNG);
    const result = await upload(form(big, 'huge.png', 'image/png'));
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ message: 'Files may be at most 20 MB.' });
    // A declared length over the limit is refused before the body is read.
    const declared = await upload(form(PNG, 'small.png'), { headers: { 'content-length': String(30 * 1024 * 1024) } });
    expect(declared.status).toBe(413);
  });

  test('a file of exactly 20 MB is accepted', async () => {
    const bytes = new Uint8Array(20 * 1024 * 1024);
    bytes.set(PDF);
    const result = await upload(form(bytes, 'limit.pdf'));
    expect(result.status).toBe(200);
    expect(result.body.size).toBe(20 * 1024 * 1024);
  });

  const refused: [string, Uint8Array | string, string][] = [
    ['an executable renamed to .pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'invoice.pdf'],
    ['an executable named .txt', 'MZ this program cannot be run in DOS mode', 'readme.txt'],
    ['an ELF binary', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]), 'tool.png'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg'],
    ['an SVG named .txt', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.txt'],
    ['an HTML page', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'page.html'],
    ['an HTML page named .csv', '<html><body onload="alert(1)">x</body></html>', 'page.csv'],
    ['a script', 'alert(document.cookie)', 'app.js'],
    ['unknown binary', Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]), 'blob.bin'],
  ];

  test.each(refused)('%s is a 400', async (_, bytes, name) => {
    const result = await upload(form(bytes, name));
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/^This file type is not accepted/);
  });

  test('a file name that could break a path is a 400', async () => {
    for (const name of ['../../etc/pixel.png', 'dir\\pixel.png']) {
      const result = await upload(form(PNG, name, 'image/png'));
      expect([name, result.status]).toEqual([name, 400]);
      expect(result.body.message).toMatch(/^The file name must be/);
    }
  });

  test('the refusal is worded in the request language', async () => {
    const result = await upload(form('<svg/>', 'a.svg'), { language: 'tw' });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/^不接受此檔案類型/);
  });

  test('an empty file is a 400', async () => {
    const result = await upload(form(new Uint8Array(0), 'empty.pdf'));
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: 'The file is empty.' });
  });

  test('no file field, a text field, or a body that is not multipart is a 400', async () => {
    const missing = await upload(form(PNG, 'pixel.png', 'image/png', 'other'));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Upload the file in the multipart/form-data field named file.' });
    const text = new FormData();
    text.append('file', 'just text');
    expect((await upload(text)).status).toBe(400);
    const json = await call('POST', 'upload', { file: 'x' }, { token });
    expect(json.status).toBe(400);
    const broken = await upload('--x\r\nnot really multipart', {
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(broken.status).toBe(400);
  });

  test('anonymous is 401, an expired token too; XSRF is checked', async () => {
    const anonymous = await upload(form(PNG, 'pixel.png'), { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Please sign in first.' });
    expect((await upload(form(PNG, 'pixel.png'), { token: 'bogus' })).status).toBe(401);
    expect((await upload(form(PNG, 'pixel.png'), { xsrf: false })).status).toBe(403);
  });

  test('nothing is stored for a refused file', async () => {
    const count = async () =>
      (await fs.readdir(folder, { recursive: true })).filter((f) => UUID.test(path.basename(f))).length;
    const before = await count();
    await upload(form('<svg/>', 'a.svg'));
    await upload(form(new Uint8Array(0), 'e.png'));
    await upload(form(PNG, 'p.png'), { token: null });
    expect(await count()).toBe(before);
    await upload(form(PNG, 'p.png'));
    expect(await count()).toBe(before + 1);
  });
});

describe('GET and PUT /api/upload/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = (await upload(form(PDF, 'minutes.pdf'))).body.id;
  });

  test('GET gives the details', async () => {
    const result = await call('GET', `upload/${id}`, undefined, { token });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      id,
      name: 'minutes.pdf',
      size: PDF.length,
      type: 'application/pdf',
      url: `/uploads/${id}/minutes.pdf`,
      altTw: '',
      altEn: '',
    });
  });

  test('GET of an unknown or malformed id is a 404', async () => {
    expect((await call('GET', 'upload/00000000-0000-4000-8000-000000000000', undefined, { token })).status).toBe(404);
    expect((await call('GET', 'upload/not-an-id', undefined, { token })).status).toBe(404);
  });

  test('GET with an expired session is a 401 before the id is looked at', async () => {
    for (const path of [`upload/${id}`, 'upload/not-an-id']) {
      const result = await call('GET', path, undefined, { token: 'stale' });
      expect([result.status, result.body.message]).toEqual([401, message('tw', 'sessionExpired')]);
    }
  });

  test('PUT {fileName} renames the display name', async () => {
    const result = await call('PUT', `upload/${id}`, { fileName: '  會議紀錄 (final).pdf ' }, { token });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      id,
      name: '會議紀錄 (final).pdf',
      size: PDF.length,
      type: 'application/pdf',
      url: `/uploads/${id}/${encodeURIComponent('會議紀錄 (final).pdf')}`,
    });
    expect((await call('GET', `upload/${id}`, undefined, { token })).body.name).toBe('會議紀錄 (final).pdf');
    // The bytes and the type are untouched: renaming to .html does not make it HTML.
    const renamed = await call('PUT', `upload/${id}`, { fileName: 'page.html' }, { token });
    expect(renamed.body.type).toBe('application/pdf');
  });

  test.each([
    ['a slash', 'a/b.pdf'],
    ['a backslash', 'a\\b.pdf'],
    ['a control character', 'a\u0007b.pdf'],
    ['a line break', 'a\r\nSet-Cookie: x.pdf'],
    ['nothing', ''],
    ['only spaces', '   '],
    ['dot-dot', '..'],
    ['256 characters', `${'a'.repeat(252)}.pdf`],
    ['not text', 42],
  ])('a name with %s is a 400', async (_, fileName) => {
    const result = await call('PUT', `upload/${id}`, { fileName }, { token, language: 'en' });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/^The file name must be/);
  });

  test('a 255-character name is fine', async () => {
    const fileName = `${'a'.repeat(251)}.pdf`;
    const result = await call('PUT', `upload/${id}`, { fileName }, { token });
    expect(result.status).toBe(200);
    expect(result.body.name).toBe(fileName);
  });

  test('renaming an unknown id is a 404; anonymous is a 401', async () => {
    expect(
      (await call('PUT', 'upload/00000000-0000-4000-8000-000000000000', { fileName: 'x.pdf' }, { token })).status,
    ).toBe(404);
    expect((await call('PUT', 'upload/nope', { fileName: 'x.pdf' }, { token })).status).toBe(404);
    expect((await call('PUT', `upload/${id}`, { fileName: 'x.pdf' })).status).toBe(401);
  });
});

describe('upload ids in content rows', () => {
  test('webnews files and image accept upload ids and refuse unknown ones', async () => {
    const pdf = (await upload(form(PDF, 'attachment.pdf'))).body;
    const png = (await upload(form(PNG, 'cover.png'))).body;

    const added = await call('POST', 'webnews/add', { title: 'With files', files: [pdf.id], image: png.id }, { token });
    expect(added.status).toBe(200);
    expect(added.body.files).toEqual([pdf.id]);
    expect(added.body.image).toBe(png.id);

    const unknown = '11111111-2222-4333-8444-555555555555';
    const missing = await call(
      'POST',
      'webnews/add',
      { title: 'Missing file', files: [pdf.id, unknown] },
      { token, language: 'en' },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(unknown);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'files' })]);

    const missingImage = await call('PUT', 'webnews/update', { id: added.body.id, image: unknown }, { token });
    expect(missingImage.status).toBe(400);

    const notIds = await call('POST', 'webnews/add', { title: 'Bad files', files: ['../../etc/passwd'] }, { token });
    expect(notIds.status).toBe(400);
    const notArray = await call('POST', 'webnews/add', { title: 'Bad files', files: pdf.id }, { token });
    expect(notArray.status).toBe(400);

    const updated = await call('PUT', 'webnews/update', { id: added.body.id, files: [] }, { token });
    expect(updated.status).toBe(200);
    expect(updated.body.files).toEqual([]);
  });
});

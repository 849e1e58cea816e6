/**
 * Request validation of the generic content API (docs/api.md): field types, required and
 * length rules, body errors, per-field messages in the request's language, rich-text sanitising and
 * the `YYYY-MM-DDTHH:mm:ss` date wire form in Asia/Taipei. Bad input is a 4xx, never a 500.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, fromNow, message, taipei, wireDateTime } from './helpers/content';

withDatabase();

let admin: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
});

beforeEach(clearContent);

const addNews = (body: unknown, language: 'tw' | 'en' = 'tw') =>
  call('POST', 'webnews/add', body, { token: admin, language });
const newsCount = async () => (await call('POST', 'webnews/getlist', {}, { token: admin })).body.total;

describe('field types', () => {
  test('a number for the title is a 400 naming the field', async () => {
    const result = await addNews({ title: 123 });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'notText', { field: '標題' }));
    expect(result.body.errors).toEqual([{ field: 'title', message: message('tw', 'notText', { field: '標題' }) }]);
  });

  test('a string for isPinned is a 400', async () => {
    const result = await addNews({ title: 'ok', isPinned: 'yes' });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([
      { field: 'isPinned', message: message('tw', 'notBoolean', { field: '置頂' }) },
    ]);
  });

  test('"true" and "false" strings are read as booleans (form values)', async () => {
    const result = await addNews({ title: 'ok', isPinned: 'true', isVisible: 'false' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ isPinned: true, isVisible: false });
  });

  test("'abc' for typeId is a 400", async () => {
    const result = await call('POST', 'webbulletin/add', { title: 'ok', typeId: 'abc' }, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([{ field: 'typeId', message: message('tw', 'notInteger', { field: '類別' }) }]);
  });

  test.each([[1.5], [0], [-3], [true], [[1]], [{ id: 1 }], [99999999999]])('typeId %p is a 400', async (typeId) => {
    const result = await call('POST', 'webbulletin/add', { title: 'ok', typeId }, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.errors.map((e: any) => e.field)).toEqual(['typeId']);
  });

  test('a typeId sent as a digit string is accepted', async () => {
    const type = await addRow('webbulletintype', { name: 't' }, { token: admin });
    const result = await call('POST', 'webbulletin/add', { title: 'ok', typeId: String(type.id) }, { token: admin });
    expect(result.status).toBe(200);
    expect(result.body.typeId).toBe(type.id);
  });

  test('files must be an array of upload ids that exist', async () => {
    const notArray = await addNews({ title: 'ok', files: 'a.pdf' });
    expect(notArray.status).toBe(400);
    expect(notArray.body.errors).toEqual([
      { field: 'files', message: message('tw', 'notUploadList', { field: '附件' }) },
    ]);
    const notIds = await addNews({ title: 'ok', files: ['../../etc/passwd'] });
    expect(notIds.status).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    const unknown = await addNews({ title: 'ok', files: [missing] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(message('tw', 'unknownUpload', { field: '附件', value: missing }));
    const image = await addNews({ title: 'ok', image: missing });
    expect(image.status).toBe(400);
    expect(image.body.errors[0].field).toBe('image');
    expect(await newsCount()).toBe(0);
  });

  test('translationId must be a positive whole number', async () => {
    for (const translationId of ['abc', 0, -1, 2.5]) {
      const result = await addNews({ title: 'ok', translationId });
      expect(result.status).toBe(400);
      expect(result.body.errors[0].field).toBe('translationId');
    }
  });

  test('every wrong value in every field is a 400 or accepted, never a 500', async () => {
    const values: unknown[] = [
      123,
      -1,
      1.5,
      1e308,
      true,
      false,
      'text',
      '',
      '   ',
      [],
      [1],
      ['x'],
      {},
      { a: 1 },
      null,
      'x'.repeat(5000),
      '2024-01-01',
      'a\u0000b',
    ];
    const fields = [
      'title',
      'summary',
      'content',
      'image',
      'files',
      'isPinned',
      'isVisible',
      'publishAt',
      'unpublishAt',
      'translationId',
    ];
    const statuses = new Set<number>();
    const failures: string[] = [];
    const check = (what: string, key: string, value: unknown, result: { status: number; body: any }) => {
      statuses.add(result.status);
      const ok = result.status === 200 || (result.status === 400 && typeof result.body.message === 'string');
      if (!ok) failures.push(`${what} ${key}=${JSON.stringify(value)?.slice(0, 30)}: ${result.status}`);
    };
    for (const key of fields) {
      for (const value of values) check('add', key, value, await addNews({ title: 'ok', [key]: value }));
    }
    const target = await addRow('webnews', { title: 'target' }, { token: admin });
    for (const key of fields) {
      for (const value of values) {
        check(
          'update',
          key,
          value,
          await call('PUT', 'webnews/update', { id: target.id, [key]: value }, { token: admin }),
        );
      }
    }
    expect(failures).toEqual([]);
    expect(statuses).toEqual(new Set([200, 400]));
  });
});

describe('required fields and lengths', () => {
  test('a missing title is a 400 and nothing is stored', async () => {
    const result = await addNews({ summary: 'no title' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'required', { field: '標題' }));
    expect(result.body.errors).toEqual([{ field: 'title', message: message('tw', 'required', { field: '標題' }) }]);
    expect(await newsCount()).toBe(0);
  });

  test('a blank or null title is missing too', async () => {
    for (const title of ['', '   ', null]) {
      const result = await addNews({ title });
      expect(result.status).toBe(400);
      expect(result.body.errors[0]).toEqual({ field: 'title', message: message('tw', 'required', { field: '標題' }) });
    }
  });

  test('an update may not blank a required field', async () => {
    const row = await addRow('webnews', { title: 'keep' }, { token: admin });
    const result = await call('PUT', 'webnews/update', { id: row.id, title: '' }, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.errors[0].field).toBe('title');
    expect((await call('GET', `webnews/get/${row.id}`, undefined, { token: admin })).body.title).toBe('keep');
  });

  test('an empty body on add lists every required field', async () => {
    const result = await call('POST', 'webbulletin/add', {}, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.errors.map((e: any) => e.field).sort()).toEqual(['title', 'typeId']);
  });

  test('a title over 200 characters is a 400; 200 characters, Chinese included, is fine', async () => {
    const tooLong = await addNews({ title: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(message('tw', 'tooLong', { field: '標題', max: 200 }));
    const chinese = await addNews({ title: '字'.repeat(200) });
    expect(chinese.status).toBe(200);
    expect(chinese.body.title).toHaveLength(200);
    expect((await addNews({ title: '字'.repeat(201) })).status).toBe(400);
  });

  test('text is trimmed before its length is checked', async () => {
    const result = await addNews({ title: `  ${'x'.repeat(200)}  ` });
    expect(result.status).toBe(200);
    expect(result.body.title).toBe('x'.repeat(200));
  });

  test('a summary over its 1000-character limit is a 400', async () => {
    const result = await addNews({ title: 'ok', summary: 's'.repeat(1001) });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([
      { field: 'summary', message: message('tw', 'tooLong', { field: '摘要', max: 1000 }) },
    ]);
  });

  test('rich text over its limit is a 400', async () => {
    const result = await addNews({ title: 'ok', content: `<p>${'c'.repeat(600_000)}</p>` });
    expect(result.status).toBe(400);
    expect(result.body.errors[0].field).toBe('content');
  });

  test('a 3 MB body is a 413 with a message', async () => {
    const result = await addNews({ title: 'ok', content: `<p>${'c'.repeat(3 * 1024 * 1024)}</p>` });
    expect(result.status).toBe(413);
    expect(result.body.message).toBe(message('tw', 'bodyTooLarge', { limit: '2 MB' }));
    const en = await addNews({ title: 'ok', content: 'c'.repeat(3 * 1024 * 1024) }, 'en');
    expect(en.status).toBe(413);
    expect(en.body.message).toBe(message('en', 'bodyTooLarge', { limit: '2 MB' }));
    expect(await newsCount()).toBe(0);
  });

  test('a NUL character in text is not a 500', async () => {
    const result = await addNews({ title: 'a\u0000b', content: '<p>c\u0000d</p>' });
    expect(result.status).toBeLessThan(500);
    if (result.status === 200) expect(result.body.title).not.toContain('\u0000');
  });
});

describe('the body itself', () => {
  test('malformed JSON is a 400 in the request language', async () => {
    const tw = await call('POST', 'webnews/add', undefined, {
      token: admin,
      raw: '{"title": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(tw.status).toBe(400);
    expect(tw.body).toEqual({ message: message('tw', 'badJson') });
    expect(tw.body.message).toBe('請求內容不是有效的 JSON。');
    const en = await call('POST', 'webnews/add', undefined, { token: admin, language: 'en', raw: "{title: 'x'}" });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ message: message('en', 'badJson') });
    expect(en.body.message).toBe('The request body is not valid JSON.');
  });

  test('a JSON array body is a 400', async () => {
    const result = await call('POST', 'webnews/add', [{ title: 'x' }], { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'bodyNotObject'));
    const en = await call('PUT', 'webnews/update', [1], { token: admin, language: 'en' });
    expect(en.body.message).toBe(message('en', 'bodyNotObject'));
  });

  test.each([['"text"'], ['42'], ['null'], ['true']])('a JSON %s body is a 400', async (raw) => {
    for (const path of ['webnews/add', 'webnews/getlist']) {
      const result = await call('POST', path, undefined, { token: admin, raw });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(message('tw', 'bodyNotObject'));
    }
  });

  test('a malformed getlist body is a 400 too', async () => {
    const result = await call('POST', 'webnews/getlist', undefined, { raw: '{page:1' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'badJson'));
  });
});

describe('per-field messages', () => {
  test('every problem is listed with its field, worded in the request language', async () => {
    const body = { title: 42, isPinned: 'maybe', publishAt: 'soon', summary: 's'.repeat(1001) };
    const tw = await addNews(body, 'tw');
    expect(tw.status).toBe(400);
    expect(tw.body.errors).toEqual([
      { field: 'publishAt', message: message('tw', 'notDateTime', { field: '上架時間' }) },
      { field: 'title', message: message('tw', 'notText', { field: '標題' }) },
      { field: 'summary', message: message('tw', 'tooLong', { field: '摘要', max: 1000 }) },
      { field: 'isPinned', message: message('tw', 'notBoolean', { field: '置頂' }) },
    ]);
    expect(tw.body.message).toBe(tw.body.errors[0].message);

    const en = await addNews(body, 'en');
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual([
      { field: 'publishAt', message: message('en', 'notDateTime', { field: 'Publish at' }) },
      { field: 'title', message: 'Title must be text.' },
      { field: 'summary', message: 'Summary must be at most 1000 characters.' },
      { field: 'isPinned', message: message('en', 'notBoolean', { field: 'Pinned' }) },
    ]);
  });
});

describe('rich text is sanitised on every write', () => {
  const dirty = [
    '<h1>Heading</h1>',
    '<p>Hello <strong>world</strong> <em>and</em> <a href="https://example.com/page">a link</a></p>',
    '<script>alert("x")</script>',
    '<img src="https://example.com/a.png" alt="pic" onerror="alert(1)">',
    '<a href="javascript:alert(1)">bad link</a>',
    '<a href="JaVaScRiPt:alert(2)">bad link 2</a>',
    '<a href="&#106;avascript:alert(3)">bad link 3</a>',
    '<a href="https://example.org" target="_blank">new tab</a>',
    '<a href="https://example.net" target="_blank" rel="opener">opener</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<p onclick="steal()" style="color:red">styled</p>',
    '<ul><li>one</li></ul><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>',
  ].join('');

  function expectClean(html: string) {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert("x")');
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toContain('&#106;avascript');
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toContain('style=');
    expect(html).not.toContain('opener"');
    // Safe markup stays.
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain(
      '<p>Hello <strong>world</strong> <em>and</em> <a href="https://example.com/page">a link</a></p>',
    );
    expect(html).toContain('<img src="https://example.com/a.png" alt="pic" />');
    expect(html).toContain('bad link</a>');
    expect(html).toContain('<ul><li>one</li></ul>');
    expect(html).toContain('<td colspan="2">cell</td>');
    expect(html).toContain('<p>styled</p>');
    // Links that open a new tab cannot reach back to the opener.
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">new tab</a>');
    expect(html).toContain('<a href="https://example.net" target="_blank" rel="noopener noreferrer">opener</a>');
  }

  test('on add: the response and the stored row are clean', async () => {
    const result = await addNews({ title: 'rich', content: dirty });
    expect(result.status).toBe(200);
    expectClean(result.body.content);
    const stored = await call('GET', `webnews/get/${result.body.id}`);
    expect(stored.body.content).toBe(result.body.content);
  });

  test('on update', async () => {
    const row = await addRow('webnews', { title: 'rich', content: '<p>clean</p>' }, { token: admin });
    const result = await call('PUT', 'webnews/update', { id: row.id, content: dirty }, { token: admin });
    expect(result.status).toBe(200);
    expectClean(result.body.content);
    expectClean((await call('GET', `webnews/get/${row.id}`)).body.content);
  });

  test('bulletin content too', async () => {
    const type = await addRow('webbulletintype', { name: 't' }, { token: admin });
    const result = await call(
      'POST',
      'webbulletin/add',
      { typeId: type.id, title: 'b', content: dirty },
      { token: admin },
    );
    expect(result.status).toBe(200);
    expectClean(result.body.content);
  });

  test('removed script text cannot be found by keyword', async () => {
    await addNews({ title: 'x', content: '<p>visible</p><script>secretword()</script>' });
    expect((await call('POST', 'webnews/getlist', { keyword: 'secretword' })).body.total).toBe(0);
    expect((await call('POST', 'webnews/getlist', { keyword: 'visible' })).body.total).toBe(1);
  });

  test('a non-_blank target is dropped', async () => {
    const result = await addNews({ title: 'x', content: '<a href="https://example.com" target="_top">x</a>' });
    expect(result.body.content).toBe('<a href="https://example.com">x</a>');
  });
});

describe('dates on the wire', () => {
  test("'YYYY-MM-DDTHH:mm:ss' round-trips unchanged in Asia/Taipei", async () => {
    const added = await addNews({ title: 'd', publishAt: '2024-01-02T03:04:05', unpublishAt: '2024-12-31T23:59:59' });
    expect(added.status).toBe(200);
    expect(added.body.publishAt).toBe('2024-01-02T03:04:05');
    expect(added.body.unpublishAt).toBe('2024-12-31T23:59:59');
    const got = await call('GET', `webnews/get/${added.body.id}`, undefined, { token: admin });
    expect(got.body.publishAt).toBe('2024-01-02T03:04:05');
    const listed = await call('POST', 'webnews/getlist', {}, { token: admin });
    expect(listed.body.data[0].publishAt).toBe('2024-01-02T03:04:05');
    const updated = await call('PUT', 'webnews/update', { ...got.body, title: 'd2' }, { token: admin });
    expect(updated.body).toMatchObject({ publishAt: '2024-01-02T03:04:05', unpublishAt: '2024-12-31T23:59:59' });
  });

  test('times just after midnight keep their Taipei date', async () => {
    const added = await addNews({ title: 'd', publishAt: '2024-01-01T00:30:00' });
    expect(added.body.publishAt).toBe('2024-01-01T00:30:00');
    const leap = await addNews({ title: 'leap', publishAt: '2024-02-29T12:00:00' });
    expect(leap.status).toBe(200);
    expect(leap.body.publishAt).toBe('2024-02-29T12:00:00');
  });

  test('text with its own zone is converted to Taipei time', async () => {
    const utc = await addNews({ title: 'z', publishAt: '2024-01-01T19:04:05Z' });
    expect(utc.body.publishAt).toBe('2024-01-02T03:04:05');
    const offset = await addNews({ title: 'o', publishAt: '2024-01-02T03:04:05+08:00' });
    expect(offset.body.publishAt).toBe('2024-01-02T03:04:05');
  });

  test('a date alone means midnight', async () => {
    const result = await addNews({ title: 'd', publishAt: '2024-06-01' });
    expect(result.body.publishAt).toBe('2024-06-01T00:00:00');
  });

  test('the wire time is Taipei time: a time a minute ago is public now, one in 30 minutes is not', async () => {
    const past = await addNews({ title: 'past', publishAt: taipei(fromNow(-1 / 60)) });
    const soon = await addNews({ title: 'soon', publishAt: taipei(fromNow(0.5)) });
    expect((await call('GET', `webnews/get/${past.body.id}`)).status).toBe(200);
    expect((await call('GET', `webnews/get/${soon.body.id}`)).status).toBe(404);
  });

  test('every date-time in a response is in the wire form', async () => {
    const row = await addRow('webnews', { title: 'd', unpublishAt: '2999-01-01T00:00:00' }, { token: admin });
    for (const key of ['publishAt', 'unpublishAt', 'createdAt', 'updatedAt']) expect(row[key]).toMatch(wireDateTime);
    const type = await addRow('webbulletintype', { name: 't' }, { token: admin });
    for (const key of ['createdAt', 'updatedAt']) expect(type[key]).toMatch(wireDateTime);
  });

  test.each([
    ['2024-02-31T00:00:00'],
    ['2023-02-29T12:00:00'],
    ['2024-04-31T08:00:00'],
    ['2024-13-01T00:00:00'],
    ['2024-00-10T00:00:00'],
    ['2024-01-01T24:00:00'],
    ['2024-01-01T12:60:00'],
    ['2024-01-01T12:00:60'],
    ['2024/01/02 03:04:05'],
    ['02-01-2024'],
    ['yesterday'],
    ['2024-02-30T10:00:00+08:00'],
    ['2024-02-31T10:00:00Z'],
  ])('an invalid date-time %p is a 400', async (publishAt) => {
    const result = await addNews({ title: 'd', publishAt });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([
      { field: 'publishAt', message: message('tw', 'notDateTime', { field: '上架時間' }) },
    ]);
  });

  test('a number for a date-time is a 400', async () => {
    const result = await addNews({ title: 'd', publishAt: Date.now() });
    expect(result.status).toBe(400);
    expect(result.body.errors[0].field).toBe('publishAt');
  });

  test('an invalid date on update is a 400 and keeps the stored date', async () => {
    const row = await addRow(
      'webnews',
      { title: 'd', publishAt: '2024-01-02T03:04:05' },
      { token: admin, language: 'en' },
    );
    const result = await call(
      'PUT',
      'webnews/update',
      { id: row.id, publishAt: '2024-02-31T00:00:00' },
      { token: admin, language: 'en' },
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('en', 'notDateTime', { field: 'Publish at' }));
    const stored = await call('GET', `webnews/get/${row.id}`, undefined, { token: admin, language: 'en' });
    expect(stored.body.publishAt).toBe('2024-01-02T03:04:05');
  });

  test('a two-digit year is never silently moved to the 1900s', async () => {
    const result = await addNews({ title: 'd', publishAt: '0050-06-01T00:00:00' });
    if (result.status === 200) expect(result.body.publishAt).toBe('0050-06-01T00:00:00');
    else expect(result.status).toBe(400);
  });
});

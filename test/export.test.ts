import ExcelJS from 'exceljs';
import { dispatch } from '../lib/api/dispatch';
import { formFields } from '../lib/admin-form/fields';
import { allResources, findResource } from '../lib/content/model/registry';
import { sheetColumns } from '../lib/content/model/sheet-columns';
import { openDataSheet } from '../lib/content/operations/export';
import { PEER_ADDRESS_HEADER } from '../lib/http/client-address';
import { pageKeys } from '../lib/public/cache-headers';
import { OPEN_DATA_LICENCE_URL, openDataFile } from '../lib/public/open-data';
import { csvLine, type Cell } from '../lib/sheets/cells';
import { signedIn, XSRF } from './helpers/api';
import { addRow, fromNow, message } from './helpers/content';
import { withDatabase } from './helpers/database';

/**
 * `POST /api/{resource}/export` and `audit/export` (docs/api.md, Export): the columns of every
 * resource of the registry, the list's filters, keyword and sort applied over all pages, who may
 * export, and the open datasets' visibility.
 */
withDatabase();

let admin: string;
let user: string;
beforeAll(async () => {
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
});

async function exportCall(
  path: string,
  body: Record<string, unknown>,
  token: string | null,
  language: 'tw' | 'en' = 'tw',
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const headers: Record<string, string> = {
    'web-language': language,
    [PEER_ADDRESS_HEADER]: '10.0.0.9',
    cookie: `XSRF-TOKEN=${XSRF}`,
    'x-xsrf-token': XSRF,
    'content-type': 'application/json',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await dispatch(
    new Request(`http://localhost/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
  );
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A CSV export's records, after its byte-order mark (the tests' rows hold no quoted line breaks). */
const csvRecords = (bytes: Buffer) => bytes.subarray(3).toString('utf8').split('\r\n').slice(0, -1);

describe.each(allResources().map((definition) => [definition.name, definition] as const))(
  '%s export columns',
  (name, definition) => {
    test('one column for every field its form shows when editing (the id first, passwords never)', () => {
      const shown = formFields(definition, { mode: 'update' })
        .filter(({ field }) => field.kind !== 'password')
        .map(({ key }) => key);
      expect(sheetColumns(definition).map((column) => column.key)).toEqual(['id', ...shown]);
    });

    test.each(['tw', 'en'] as const)('the CSV header is their labels in %s', async (language) => {
      const result = await exportCall(`${name}/export`, { format: 'csv' }, admin, language);
      expect(result.status).toBe(200);
      expect(result.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csvRecords(result.bytes)[0] + '\r\n').toBe(
        csvLine(sheetColumns(definition).map((column) => column.field.label[language])),
      );
    });
  },
);

describe('the rows a list request selects', () => {
  const news = findResource('webnews')!;
  let ids: number[];
  beforeAll(async () => {
    const add = (title: string, extra: Record<string, unknown> = {}) =>
      addRow('webnews', { title, publishAt: '2024-03-04T05:06:07', ...extra }, { token: admin });
    ids = [
      (await add('匯出 alpha', { content: '<p>粗體 <strong>內容</strong></p>', isPinned: true })).id,
      (await add('匯出 beta', { isVisible: false })).id,
      (await add('=HYPERLINK("http://evil") 匯出')).id,
      (await add('other news')).id,
    ];
  });

  test('keyword, status and sort over every page; labels, dates and plain text as people read them', async () => {
    const result = await exportCall(
      'webnews/export',
      { format: 'csv', keyword: '匯出', sort: 'id', direction: 'asc', page: 2, pageSize: 1 },
      admin,
    );
    const records = csvRecords(result.bytes).slice(1);
    expect(records.map((record) => Number(record.split(',')[0]))).toEqual(ids.slice(0, 3));
    expect(records[0]).toContain(',匯出 alpha,,粗體 內容,,,是,2024-03-04 05:06,,是,');
    expect(records[1]).toContain(',否,');
    expect(records[2]).toContain(`"'=HYPERLINK(""http://evil"") 匯出"`);
    const hidden = await exportCall('webnews/export', { format: 'csv', keyword: '匯出', status: 'hidden' }, admin);
    expect(
      csvRecords(hidden.bytes)
        .slice(1)
        .map((record) => Number(record.split(',')[0])),
    ).toEqual([ids[1]]);
  });

  test("a filtered export holds exactly the filtered rows (a path filter, the list screen's getlist/{id})", async () => {
    const type = await addRow('webbulletintype', { name: '匯出類別' }, { token: admin });
    const other = await addRow('webbulletintype', { name: '其他類別' }, { token: admin });
    const bulletin = (typeId: number, title: string) =>
      addRow('webbulletin', { typeId, title, publishAt: '2024-03-04T05:06:07' }, { token: admin });
    const wanted = [(await bulletin(type.id, '甲')).id, (await bulletin(type.id, '乙')).id];
    await bulletin(other.id, '丙');
    const result = await exportCall(`webbulletin/export/${type.id}`, { format: 'csv', sort: 'id' }, admin);
    const records = csvRecords(result.bytes).slice(1);
    expect(records.map((record) => Number(record.split(',')[0]))).toEqual(wanted);
    // The reference is shown by its label.
    expect(records.every((record) => record.includes('匯出類別'))).toBe(true);
  });

  test('XLSX: the same rows, dates as date cells, a file name in the language with RFC 5987', async () => {
    const result = await exportCall('webnews/export', { format: 'xlsx', keyword: 'alpha' }, admin, 'en');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-disposition')).toMatch(
      /^attachment; filename="webnews-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''News-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    // Rows are of one language: the English list has none of these.
    const english = new ExcelJS.Workbook();
    await english.xlsx.load(result.bytes as unknown as ArrayBuffer);
    expect(english.worksheets[0].rowCount).toBe(1);
    const chinese = await exportCall('webnews/export', { format: 'xlsx', keyword: 'alpha' }, admin, 'tw');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(chinese.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).values).toEqual([undefined, ...sheetColumns(news).map((column) => column.field.label.tw)]);
    expect(sheet.getCell('A2').value).toBe(ids[0]);
    const publishAt = sheetColumns(news).findIndex((column) => column.key === 'publishAt') + 1;
    expect(sheet.getRow(2).getCell(publishAt).value).toEqual(new Date(Date.UTC(2024, 2, 4, 5, 6)));
  });

  test('a Chinese file name is percent-encoded UTF-8', async () => {
    const result = await exportCall('webnews/export', { format: 'csv' }, admin, 'tw');
    expect(result.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('最新消息')}-`);
  });

  test("bad input is a 400 in the request's language, before any file", async () => {
    const format = await exportCall('webnews/export', { format: 'pdf' }, admin, 'en');
    expect(format.status).toBe(400);
    expect(JSON.parse(format.bytes.toString()).message).toBe(message('en', 'exportFormat'));
    const sort = await exportCall('webnews/export', { format: 'csv', sort: 'nope' }, admin, 'tw');
    expect(sort.status).toBe(400);
  });
});

describe('who may export', () => {
  test('visitors never (401); staff what they may read', async () => {
    expect((await exportCall('webnews/export', { format: 'csv' }, null)).status).toBe(401);
    expect((await exportCall('webnews/export', { format: 'csv' }, user)).status).toBe(200);
  });
  test('the contact inbox and the audit log: Admins only', async () => {
    for (const path of ['webcontact/export', 'audit/export']) {
      expect((await exportCall(path, { format: 'csv' }, user)).status).toBe(403);
      expect((await exportCall(path, { format: 'csv' }, null)).status).toBe(401);
      expect((await exportCall(path, { format: 'xlsx' }, admin)).status).toBe(200);
    }
  });
  test('access is checked before the body: 401, then 403, then the format in the request language', async () => {
    for (const path of ['webnews/export', 'webcontact/export', 'audit/export']) {
      const anonymous = await exportCall(path, {}, null, 'en');
      expect([anonymous.status, JSON.parse(anonymous.bytes.toString()).message]).toEqual([
        401,
        message('en', 'unauthorized'),
      ]);
      if (path !== 'webnews/export') expect((await exportCall(path, { format: 'pdf' }, user)).status).toBe(403);
      for (const language of ['tw', 'en'] as const) {
        const bad = await exportCall(path, { format: 'pdf' }, admin, language);
        expect([bad.status, JSON.parse(bad.bytes.toString()).message]).toEqual([
          400,
          message(language, 'exportFormat'),
        ]);
      }
    }
  });
  test('the audit log export holds its entries with their labels', async () => {
    const result = await exportCall('audit/export', { format: 'csv', action: 'add' }, admin, 'en');
    const records = csvRecords(result.bytes);
    expect(records[0]).toBe('Time,Account,Address,Action,Content,Item id,Language,Summary');
    expect(records.length).toBeGreaterThan(1);
    expect(records.slice(1).every((record) => record.split(',')[3] === 'Add')).toBe(true);
  });
});

describe('open datasets', () => {
  test('only what visitors may see: shown rows inside their window, public fields', async () => {
    const visible = await addRow(
      'webnews',
      { title: '開放 visible', publishAt: '2024-01-01T00:00:00' },
      { token: admin },
    );
    const hidden = await addRow(
      'webnews',
      { title: '開放 hidden', publishAt: '2024-01-01T00:00:00', isVisible: false },
      { token: admin },
    );
    const scheduled = await addRow(
      'webnews',
      { title: '開放 scheduled', publishAt: fromNow(48).toISOString().slice(0, 19) },
      { token: admin },
    );
    const sheet = openDataSheet(findResource('webnews')!, 'tw');
    const rows: Cell[][] = [];
    for await (const row of sheet.rows) rows.push(row);
    const shown = rows.map((row) => row[0]);
    expect(shown).toContain(visible.id);
    expect(shown).not.toContain(hidden.id);
    expect(shown).not.toContain(scheduled.id);
    expect(sheet.keys).not.toContain('isVisible');
    expect(sheet.keys).not.toContain('translationId');
  });
  test('a resource the registry does not mark as open data is not one', () => {
    expect(() => openDataSheet(findResource('webcontact')!, 'tw')).toThrow();
  });
});

describe('the audit log and the cache tier', () => {
  test('every export is recorded with what selected its rows', async () => {
    await exportCall('webnews/export', { format: 'csv', keyword: '稽核', status: 'live' }, admin);
    const log = await dispatch(
      new Request('http://localhost/api/audit/getlist', {
        method: 'POST',
        headers: {
          'web-language': 'tw',
          authorization: `Bearer ${admin}`,
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ action: 'export', resource: 'webnews' }),
      }),
    );
    const entries = (await log.json()).data;
    expect(entries[0].summary).toBe('keyword "稽核", status live');
  });

  test('open-data files are public pages for the cache tier: purged by any content write', () => {
    for (const path of ['/tw/open-data', '/en/open-data/webnews.csv', '/tw/open-data/webrule.json'])
      expect(pageKeys(path)?.keys).toEqual(expect.arrayContaining(['site', 'content']));
  });

  test('an open-data file that names no open dataset is a 404; JSON holds the fields and rows', async () => {
    expect(openDataFile('tw', 'webcontact.csv').status).toBe(404);
    expect(openDataFile('tw', 'webnews.xml').status).toBe(404);
    const json = await openDataFile('tw', 'webnews.json').json();
    expect(json.dataset).toBe('webnews');
    expect(json.licence).toBe(OPEN_DATA_LICENCE_URL);
    expect(json.fields[0]).toEqual({ key: 'id', label: '編號' });
    expect(json.rows.length).toBeGreaterThan(0);
    expect(Object.keys(json.rows[0])).toEqual(json.fields.map((f: { key: string }) => f.key));
  });
});

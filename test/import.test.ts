import ExcelJS from 'exceljs';
import { importable } from '../lib/content/model/define';
import { allResources } from '../lib/content/model/registry';
import { importColumns } from '../lib/content/operations/import';
import { MAX_IMPORT_BYTES } from '../lib/api/handlers/import';
import { call, signedIn } from './helpers/api';
import { addRow, message } from './helpers/content';
import { withDatabase } from './helpers/database';

/**
 * `POST /api/{resource}/import` (docs/api.md, Import): columns matched by label or mapping, a dry
 * run that reports every problem by row and column and writes nothing, an all-or-nothing write with
 * revisions and one audit line, and clear refusals of files that are not sheets.
 */
withDatabase();

let admin: string;
let user: string;
beforeAll(async () => {
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
});

type Language = 'tw' | 'en';

function importCall(
  resource: string,
  file: Uint8Array | string,
  fields: Record<string, string> = {},
  {
    token = admin,
    language = 'tw',
    name = 'members.csv',
  }: { token?: string | null; language?: Language; name?: string } = {},
) {
  const data = new FormData();
  data.append('file', new Blob([typeof file === 'string' ? Buffer.from(file) : Buffer.from(file)]), name);
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return call('POST', `${resource}/import`, undefined, { token, language, raw: data });
}

const csv = (rows: string[][]) => `\uFEFF${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;

async function memberNames(): Promise<string[]> {
  const list = await call('POST', 'webmemberdept/getlist', { pageSize: 100 }, { token: admin });
  return list.body.data.map((row: { name: string }) => row.name);
}

describe.each(
  allResources()
    .filter(importable)
    .map((definition) => [definition.name, definition] as const),
)('%s import columns', (name, definition) => {
  test.each(['tw', 'en'] as const)('every column has its own label in %s, so a header names one field', (language) => {
    const labels = importColumns(definition).map((column) => column.field.label[language].toLowerCase());
    expect(new Set(labels).size).toBe(labels.length);
  });
});

test('accounts and the contact inbox have no import (passwords, records kept for good)', async () => {
  for (const resource of ['account', 'webcontact']) {
    const result = await importCall(resource, csv([['name'], ['x']]));
    expect(result.status).toBe(404);
  }
});

describe('members from a spreadsheet', () => {
  const header = ['機構名稱', '類別', '電話', '入會日期', 'Website'];

  test('a dry run lists every problem by line and column in the request language, and writes nothing', async () => {
    const before = await memberNames();
    const file = csv([
      header,
      ['第一銀行', '銀行', '02-1234', '2020/5/1', 'https://first.example'],
      ['', '銀行', '02-5678', '2021-01-01', ''],
      ['台灣證券', '不存在的類別', '', '2022-13-40', 'not a url'],
    ]);
    for (const language of ['tw', 'en'] as const) {
      const result = await importCall('webmemberdept', file, { dryRun: 'true' }, { language });
      expect(result.status).toBe(200);
      expect(result.body.added).toBe(1);
      expect(result.body.updated).toBe(0);
      const label = (tw: string, en: string) => (language === 'tw' ? tw : en);
      expect(result.body.errors).toEqual([
        {
          row: 3,
          column: '機構名稱',
          message: message(language, 'required', { field: label('機構名稱', 'Name') }),
        },
        {
          row: 4,
          column: '類別',
          message: message(language, 'notChoice', { field: label('類別', 'Category'), value: '不存在的類別' }),
        },
        {
          row: 4,
          column: '入會日期',
          message: message(language, 'notDate', { field: label('入會日期', 'Member since'), value: '2022-13-40' }),
        },
        {
          row: 4,
          column: 'Website',
          message: message(language, 'notUrl', { field: label('網站', 'Website'), value: 'not a url' }),
        },
      ]);
      expect(result.body.rows).toEqual([{ row: 2, action: 'add', title: '第一銀行' }]);
      expect(result.body.mapping).toEqual({
        機構名稱: 'name',
        類別: 'category',
        電話: 'phone',
        入會日期: 'joinedOn',
        Website: 'website',
      });
    }
    expect(await memberNames()).toEqual(before);
  });

  test('a real run of a file with problems is refused whole (400 with the problems), nothing written', async () => {
    const before = await memberNames();
    const result = await importCall(
      'webmemberdept',
      csv([header, ['全有全無銀行', '銀行', '', '', ''], ['', '銀行', '', '', '']]),
      { dryRun: 'false' },
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'importHasErrors', { count: 1 }));
    expect(result.body.errors).toHaveLength(1);
    expect(await memberNames()).toEqual(before);
  });

  test('a clean file is written in one go: rows added, each with its revision, one audit line', async () => {
    const result = await importCall(
      'webmemberdept',
      csv([header, ['匯入銀行甲', '銀行', '02-1111', '2020/5/1', ''], ['匯入證券乙', 'Securities firms', '', '', '']]),
      { dryRun: 'false' },
      { name: '會員.csv' },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ added: 2, updated: 0, errors: [] });
    const list = await call('POST', 'webmemberdept/getlist', { keyword: '匯入', pageSize: 10 }, { token: admin });
    const rows = list.body.data as { id: number; name: string; category: number; joinedOn: string | null }[];
    const first = rows.find((row) => row.name === '匯入銀行甲')!;
    expect(first.category).toBe(1);
    expect(first.joinedOn).toBe('2020-05-01');
    expect(rows.find((row) => row.name === '匯入證券乙')!.category).toBe(3);
    const revisions = await call('GET', `webmemberdept/revisions/${first.id}`, undefined, { token: admin });
    expect(revisions.body.data).toHaveLength(1);
    const audit = await call('POST', 'audit/getlist', { action: 'import' }, { token: admin });
    expect(audit.body.data[0]).toMatchObject({
      action: 'import',
      resource: 'webmemberdept',
      summary: '會員.csv: +2, ~0',
    });
  });

  test('a line with a known name or id updates that row; the same row twice is a problem', async () => {
    const existing = await addRow('webmemberdept', { name: '既有銀行', category: 1, phone: '1' }, { token: admin });
    const byKey = await importCall(
      'webmemberdept',
      csv([
        ['名稱', 'phone'],
        ['既有銀行', '02-9999'],
      ]),
      {
        mapping: JSON.stringify({ 名稱: 'name' }),
        dryRun: 'false',
      },
    );
    expect(byKey.status).toBe(200);
    expect(byKey.body).toMatchObject({ added: 0, updated: 1, rows: [{ row: 2, action: 'update', id: existing.id }] });
    const after = await call('GET', `webmemberdept/get/${existing.id}`, undefined, { token: admin });
    expect(after.body.phone).toBe('02-9999');
    expect(after.body.category).toBe(1);

    const twice = await importCall(
      'webmemberdept',
      csv([
        ['ID', 'Name'],
        [String(existing.id), '改名銀行'],
        ['', '既有銀行'],
        ['999999', 'x'],
      ]),
    );
    expect(twice.body.errors).toEqual([
      { row: 3, column: 'Name', message: message('tw', 'importDuplicateRow', { row: 2 }) },
      { row: 4, column: 'ID', message: message('tw', 'importUnknownId', { value: '999999' }) },
    ]);
  });
});

describe('cells', () => {
  test('formulas are kept as text, never evaluated; an export apostrophe is taken off', async () => {
    const result = await importCall(
      'webmemberdept',
      csv([
        ['機構名稱', '地址', '類別'],
        ['公式銀行', '=1+1', '銀行'],
        ['\'=HYPERLINK("http://evil")', '@SUM(A1)', '銀行'],
      ]),
      { dryRun: 'false' },
    );
    expect(result.body.errors).toEqual([]);
    expect(result.status).toBe(200);
    const list = await call('POST', 'webmemberdept/getlist', { pageSize: 100 }, { token: admin });
    const rows = list.body.data as { name: string; address: string }[];
    expect(rows.find((row) => row.name === '公式銀行')!.address).toBe('=1+1');
    expect(rows.find((row) => row.name === '=HYPERLINK("http://evil")')!.address).toBe('@SUM(A1)');
  });

  test('an XLSX file: dates, formulas as their text, rich text, references and choices by label', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('News');
    sheet.addRow(['標題', '內容', '上架時間', '置頂', '對應語言版本']);
    const counterpart = await addRow('webnews', { title: 'English counterpart' }, { token: admin, language: 'en' });
    sheet.addRow([
      { richText: [{ text: '試算表' }, { text: '消息', font: { bold: true } }] },
      '第一段\n第二段 <script>',
      new Date(Date.UTC(2025, 2, 4, 5, 6)),
      '是',
      'English counterpart',
    ]);
    sheet.addRow([{ formula: 'A2&"!"', result: '試算表消息!' }, '', '', 'No', '']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const result = await importCall('webnews', bytes, { dryRun: 'false' }, { name: 'news.xlsx' });
    expect(result.status).toBe(200);
    expect(result.body.added).toBe(2);
    const list = await call('POST', 'webnews/getlist', { keyword: '試算表', pageSize: 10 }, { token: admin });
    const row = list.body.data.find((r: { title: string }) => r.title === '試算表消息');
    expect(row).toMatchObject({ publishAt: '2025-03-04T05:06:00', isPinned: true, translationId: counterpart.id });
    expect(row.content).toBe('<p>第一段</p><p>第二段 &lt;script&gt;</p>');
    const formula = await call('POST', 'webnews/getlist', { keyword: 'A2&', pageSize: 10 }, { token: admin });
    expect(formula.body.data[0]).toMatchObject({ title: '=A2&"!"', isPinned: false });
  });

  test('a reference no row has as its name is a problem of that cell', async () => {
    const result = await importCall(
      'webnews',
      csv([
        ['Title', 'Translation'],
        ['a', 'No such news'],
      ]),
      {},
      { language: 'en' },
    );
    expect(result.body.errors).toEqual([
      {
        row: 2,
        column: 'Translation',
        message: message('en', 'importUnknownReference', { field: 'Translation', value: 'No such news' }),
      },
    ]);
  });

  test('a Big5 CSV, as Excel on a Traditional Chinese Windows saves it, reads as Chinese', async () => {
    // 「機構名稱,地址,類別 / 大五碼銀行,臺北市,銀行」 encoded in Big5.
    const bytes = Buffer.from(
      'bef7ba63a657bad92ca661a77d2cc3fea74f0d0aa46aa4adbd58bbc8a6e62cbb4fa55fa5ab2cbbc8a6e60d0a',
      'hex',
    );
    const result = await importCall('webmemberdept', bytes);
    expect(result.status).toBe(200);
    expect(result.body.mapping).toEqual({ 機構名稱: 'name', 地址: 'address', 類別: 'category' });
    expect(result.body.rows).toEqual([{ row: 2, action: 'add', title: '大五碼銀行' }]);
  });
});

describe('files and requests that are refused with a message, never a 500', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const cases: [string, () => ReturnType<typeof importCall>, number, string, Record<string, string | number>?][] = [
    ['an image', () => importCall('webmemberdept', png, {}, { name: 'x.csv' }), 400, 'importType'],
    ['an empty file', () => importCall('webmemberdept', ''), 400, 'importEmpty'],
    ['a header only', () => importCall('webmemberdept', csv([['機構名稱']])), 400, 'importEmpty'],
    [
      'no file field',
      () => call('POST', 'webmemberdept/import', undefined, { token: admin, raw: new FormData() }),
      400,
      'importFileMissing',
    ],
    [
      'a JSON body',
      () => call('POST', 'webmemberdept/import', { file: 'x' }, { token: admin }),
      400,
      'importFileMissing',
    ],
    [
      'a mapping that is not JSON',
      () => importCall('webmemberdept', csv([['a'], ['b']]), { mapping: '{' }),
      400,
      'importMappingInvalid',
    ],
    [
      'a mapping that is a list',
      () => importCall('webmemberdept', csv([['a'], ['b']]), { mapping: '[]' }),
      400,
      'importMappingInvalid',
    ],
    [
      'a mapping to an unknown field',
      () => importCall('webmemberdept', csv([['a'], ['b']]), { mapping: '{"a":"nope"}' }),
      400,
      'importUnknownField',
      { field: 'nope' },
    ],
    [
      'two columns into one field',
      () =>
        importCall(
          'webmemberdept',
          csv([
            ['Name', '機構名稱'],
            ['a', 'b'],
          ]),
        ),
      400,
      'importDuplicateField',
      { field: '機構名稱' },
    ],
    [
      'no column that matches',
      () =>
        importCall(
          'webmemberdept',
          csv([
            ['foo', 'bar'],
            ['a', 'b'],
          ]),
        ),
      400,
      'importNoColumns',
    ],
    [
      'dryRun neither true nor false',
      () => importCall('webmemberdept', csv([['Name'], ['a']]), { dryRun: 'maybe' }),
      400,
      'importDryRunInvalid',
    ],
    [
      'a file over the limit',
      () => importCall('webmemberdept', Buffer.alloc(MAX_IMPORT_BYTES + 1, 0x61)),
      413,
      'importTooLarge',
      { limit: '10 MB' },
    ],
    ['a visitor', () => importCall('webmemberdept', csv([['Name'], ['a']]), {}, { token: null }), 401, 'unauthorized'],
  ];
  test.each(cases)('%s', async (_, send, status, key, values = {}) => {
    const result = await send();
    expect(result.status).toBe(status);
    expect(result.body.message).toBe(message('tw', key, values));
  });

  test('a workbook whose header row has merged cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(['機構名稱', '', '電話']);
    sheet.addRow(['甲', '乙', '1']);
    sheet.mergeCells('A1:B1');
    const result = await importCall(
      'webmemberdept',
      new Uint8Array(await workbook.xlsx.writeBuffer()),
      {},
      { name: 'x.xlsx' },
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'importMergedHeader'));
  });

  test('a User may import content staff write', async () => {
    const result = await importCall(
      'webmemberdept',
      csv([
        ['Name', 'Category'],
        ['使用者匯入', '銀行'],
      ]),
      { dryRun: 'false' },
      { token: user },
    );
    expect(result.status).toBe(200);
    expect(result.body.added).toBe(1);
  });
});

import ExcelJS from 'exceljs';
import { csvField, csvLine, neutralizeFormula, sheetDateValue, type Cell, type Sheet } from '../lib/sheets/cells';
import { csvStream, xlsxStream } from '../lib/sheets/write';
import { wallMinutes } from '../lib/content/operations/export';
import { toWireDateTime } from '../lib/content/model/wire-dates';
import { richTextToPlain, storedRichTextToPlain } from '../lib/security/sanitize';
import { waitFor } from './helpers/wait-for';

/** The spreadsheet writers alone: formula neutralising, CSV's bytes, XLSX's cells. */

async function* rowsOf(rows: Cell[][]): AsyncGenerator<Cell[]> {
  yield* rows;
}
const sheet = (rows: Cell[][]): Sheet => ({
  title: '最新消息',
  columns: ['編號', '標題', '上架時間'],
  rows: rowsOf(rows),
});
const bytesOf = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

describe('formula neutralising (OWASP CSV injection)', () => {
  test.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'])('%j becomes text', (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`);
  });
  test.each(['plain', '1+1', 'a=b', '', '中文'])('%j is kept as it is', (text) => {
    expect(neutralizeFormula(text)).toBe(text);
  });
  test('numbers stay numbers: only text is prefixed', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField('-5')).toBe("'-5");
  });
});

describe('CSV', () => {
  test('quotes commas, quotes and line breaks; doubles quotes; CRLF', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'plain', null, 3])).toBe(
      '"a,b","say ""hi""","two\nlines",plain,,3\r\n',
    );
  });
  test('a neutralised cell is quoted when it needs to be', () => {
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
  });
  test('dates as YYYY-MM-DD HH:mm, days as YYYY-MM-DD', () => {
    expect(csvField({ wall: '2026-01-02 03:04' })).toBe('2026-01-02 03:04');
    expect(csvField({ wall: '2026-01-02' })).toBe('2026-01-02');
  });
  test('UTF-8 with a byte-order mark, then the header and the rows', async () => {
    const bytes = await bytesOf(csvStream(sheet([[1, '公會', { wall: '2026-01-02 03:04' }]])));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('編號,標題,上架時間\r\n1,公會,2026-01-02 03:04\r\n');
  });
  test('a long sheet arrives whole, in chunks', async () => {
    const rows = Array.from({ length: 5000 }, (_, i): Cell[] => [i, `標題 ${i}`, null]);
    const text = (await bytesOf(csvStream(sheet(rows)))).toString('utf8');
    expect(text.split('\r\n')).toHaveLength(5002);
  });
});

describe('XLSX', () => {
  test('header, text (never a formula), numbers and date cells that read back', async () => {
    const bytes = await bytesOf(
      xlsxStream(
        sheet([
          [7, '=1+1', { wall: '2026-01-02 03:04' }],
          [8, '一般', { wall: '2026-05-06' }],
        ]),
      ),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const worksheet = workbook.worksheets[0];
    expect(worksheet.name).toBe('最新消息');
    expect(worksheet.getRow(1).values).toEqual([undefined, '編號', '標題', '上架時間']);
    expect(worksheet.getCell('A2').value).toBe(7);
    expect(worksheet.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(worksheet.getCell('B2').value).toBe('=1+1');
    expect(worksheet.getCell('C2').value).toEqual(sheetDateValue({ wall: '2026-01-02 03:04' }));
    expect(worksheet.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(worksheet.getCell('C3').numFmt).toBe('yyyy-mm-dd');
  });
});

describe('cell values', () => {
  test('stored rich text as plain text: tags as spaces, entities decoded', () => {
    expect(storedRichTextToPlain('<p>A &amp; B</p><p>&lt;C&gt; &#20013;&#x6587;&nbsp;x</p>')).toBe('A & B <C> 中文 x');
    const html = '<h2>標題</h2><ul><li>一</li><li>二 <a href="https://example.org">連結</a></li></ul>';
    expect(storedRichTextToPlain(html)).toBe(richTextToPlain(html.replace(/></g, '> <')));
  });
  test.each(['Asia/Taipei', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe'])(
    'wall-clock minutes in %s agree with the wire format, across offset changes',
    (zone) => {
      for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2025, 0, 1); at += 3_600_000 * 7 + 60_000 * 13) {
        const instant = new Date(at);
        expect(wallMinutes(instant, zone)).toBe(toWireDateTime(instant, zone).slice(0, 16).replace('T', ' '));
      }
    },
  );
  test('either side of a clock change, on the day it happens', () => {
    // New York springs forward at 07:00 UTC on 10 March 2024 and falls back at 06:00 UTC on 3 November.
    const cases: [string, string][] = [
      ['2024-03-10T06:59:00Z', '2024-03-10 01:59'],
      ['2024-03-10T07:01:00Z', '2024-03-10 03:01'],
      ['2024-11-03T05:30:00Z', '2024-11-03 01:30'],
      ['2024-11-03T06:30:00Z', '2024-11-03 01:30'],
      ['2024-11-03T23:59:00Z', '2024-11-03 18:59'],
    ];
    for (const [instant, wall] of cases) expect(wallMinutes(new Date(instant), 'America/New_York')).toBe(wall);
  });
});

describe('a download cancelled half-way', () => {
  test.each([
    ['CSV', csvStream],
    ['XLSX', xlsxStream],
  ])('%s stops reading rows', async (_name, write) => {
    let read = 0;
    let closed = false;
    async function* many(): AsyncGenerator<Cell[]> {
      try {
        for (; read < 200_000; read++) {
          if (read % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
          yield [read, `標題 ${read} `.repeat(20), null];
        }
      } finally {
        closed = true;
      }
    }
    const reader = write({ title: 't', columns: ['a', 'b', 'c'], rows: many() }).getReader();
    await reader.read();
    await reader.cancel();
    await waitFor(() => closed, { timeout: 1_000, what: 'the rows to be closed' });
    expect(closed).toBe(true);
    expect(read).toBeLessThan(200_000);
  });
});

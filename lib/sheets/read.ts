import 'server-only';
import ExcelJS from 'exceljs';

/**
 * A spreadsheet as read for an import: the header row's labels and every later row's cells, all as
 * text. Nothing in a file is ever evaluated: a formula cell is read as its formula's text, and a
 * date cell as the wall-clock text it shows (`YYYY-MM-DD HH:mm`, or `YYYY-MM-DD` at midnight).
 */
export interface SheetTable {
  header: string[];
  /** The rows below the header, each as long as the header; blank rows are left out. */
  rows: { line: number; cells: string[] }[];
}

/** Why a file could not be read as a sheet (each has a message, `api.import*`). */
type SheetReadFailure = 'importType' | 'importEmpty' | 'importMergedHeader' | 'importNoHeader' | 'importTooManyRows';

/** The most data rows one import takes: a whole member directory many times over. */
export const MAX_IMPORT_ROWS = 20_000;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, i) => bytes[i] === byte);

/**
 * Reads a CSV or XLSX file, told apart by its bytes, not its name: an XLSX file is a zip archive;
 * anything else must be text (UTF-8, with or without a BOM; UTF-16 as Excel's "Unicode text"; or
 * Big5, which Excel on a Traditional Chinese Windows writes as "CSV").
 */
export async function readSheet(bytes: Uint8Array): Promise<SheetTable | SheetReadFailure> {
  if (bytes.length === 0) return 'importEmpty';
  const grid = isZip(bytes) ? await xlsxGrid(bytes) : csvGrid(bytes);
  if (typeof grid === 'string') return grid;
  return toTable(grid);
}

function toTable(grid: { line: number; cells: string[] }[]): SheetTable | SheetReadFailure {
  const nonBlank = grid.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (!nonBlank.length) return 'importEmpty';
  const [first, ...rest] = nonBlank;
  const header = first.cells.map((cell) => cell.trim());
  if (!header.some(Boolean)) return 'importNoHeader';
  if (!rest.length) return 'importEmpty';
  if (rest.length > MAX_IMPORT_ROWS) return 'importTooManyRows';
  const width = header.length;
  return {
    header,
    rows: rest.map(({ line, cells }) => ({
      line,
      cells: Array.from({ length: width }, (_, i) => cells[i] ?? ''),
    })),
  };
}

/** Text from a file's bytes: the BOM tells UTF-16 and UTF-8; text that is not UTF-8 is read as Big5. */
function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      text = new TextDecoder('big5', { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
  // A NUL or other control bytes mean a binary file (an old .xls, an image), not text.
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) return null;
  return text.replace(/^\uFEFF/, '');
}

/** The separator of a text sheet: the one of comma, tab and semicolon its first line holds most of. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', '\t', ';'].map((sep) => [sep, firstLine.split(sep).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * RFC 4180 fields: quoted fields may hold separators, quotes (doubled) and line breaks; lines end
 * with CRLF or LF. Each row keeps the line number it starts on, for error messages.
 */
function csvGrid(bytes: Uint8Array): { line: number; cells: string[] }[] | SheetReadFailure {
  const text = decodeText(bytes);
  if (text === null) return 'importType';
  const separator = separatorOf(text);
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      cells.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      cells.push(field);
      rows.push({ line: rowLine, cells });
      cells = [];
      field = '';
      line++;
      rowLine = line;
    } else field += char;
  }
  if (field !== '' || cells.length) {
    cells.push(field);
    rows.push({ line: rowLine, cells });
  }
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as the wall-clock text it shows. Spreadsheets keep dates without a zone; exceljs
 * reads their digits as UTC (as lib/sheets/write.ts writes them), so the UTC fields are the digits.
 */
function dateText(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  return time === '00:00' ? day : `${day} ${time}`;
}

/** One XLSX cell's value as text; formulas as their text (never evaluated), rich text as its plain text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return String(value);
  if ('formula' in value && value.formula) return `=${value.formula}`;
  if ('sharedFormula' in value && value.sharedFormula) return `=${value.sharedFormula}`;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return '';
}

async function xlsxGrid(bytes: Uint8Array): Promise<{ line: number; cells: string[] }[] | SheetReadFailure> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    return 'importType';
  }
  const worksheet = workbook.worksheets[0];
  if (!worksheet) return 'importEmpty';
  if (worksheet.actualRowCount > MAX_IMPORT_ROWS + 1) return 'importTooManyRows';
  const rows: { line: number; cells: string[] }[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows.push({ line, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  // A header with merged cells has no one label per column: the columns cannot be matched.
  const headerLine = rows.find((row) => row.cells.some((cell) => cell.trim() !== ''))?.line;
  const merges: string[] = (worksheet.model as { merges?: string[] }).merges ?? [];
  if (headerLine !== undefined && merges.some((range) => mergeTouchesRow(range, headerLine)))
    return 'importMergedHeader';
  return rows;
}

/** Whether a merged range (`A1:C2`) covers any cell of a row. */
function mergeTouchesRow(range: string, line: number): boolean {
  const rowsOf = range.match(/\d+/g)?.map(Number) ?? [];
  if (rowsOf.length < 2) return false;
  return Math.min(rowsOf[0], rowsOf[1]) <= line && line <= Math.max(rowsOf[0], rowsOf[1]);
}

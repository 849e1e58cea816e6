/**
 * What a spreadsheet cell holds, independent of the file format: text, a number, a date or nothing.
 * A date is kept as the wall-clock text of the site's time zone (`YYYY-MM-DD HH:mm`, or
 * `YYYY-MM-DD` for a day), so every format writes the time the back office shows.
 */
export interface SheetDate {
  wall: string;
}
export type Cell = string | number | SheetDate | null;

export const isSheetDate = (cell: Cell): cell is SheetDate => typeof cell === 'object' && cell !== null;

/** A sheet: its title (the file and tab name), the column labels and the rows, read as they are written. */
export interface Sheet {
  title: string;
  columns: string[];
  rows: AsyncIterable<Cell[]>;
}

/**
 * Text a spreadsheet program would run as a formula (OWASP CSV injection): a leading `=`, `+`, `-`,
 * `@`, tab or carriage return. Such a cell is written with a leading apostrophe, which Excel,
 * LibreOffice and Google Sheets read as "this is text".
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = isSheetDate(cell) ? cell.wall : neutralizeFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, ended by CRLF as RFC 4180 and Excel expect. */
export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** The instant a spreadsheet stores for a wall-clock date: its digits read as UTC, so the cell shows them. */
export function sheetDateValue(date: SheetDate): Date {
  const [year, month, day, hour = 0, minute = 0] = date.wall.split(/[- :]/).map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute));
}

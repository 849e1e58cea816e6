import 'server-only';
import { EventEmitter, once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvLine, isSheetDate, sheetDateValue, type Cell, type Sheet } from './cells';

/** The spreadsheet formats an export is written in. */
export const SHEET_FORMATS = {
  csv: { type: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
} as const;
export type SheetFormat = keyof typeof SHEET_FORMATS;

export const isSheetFormat = (value: unknown): value is SheetFormat =>
  typeof value === 'string' && Object.hasOwn(SHEET_FORMATS, value);

/** About this much text is gathered before it is handed on, so a large export is not a million tiny writes. */
const CSV_CHUNK_CHARS = 64 * 1024;
/** The byte-order mark that makes Excel read a CSV file as UTF-8 (Chinese text stays legible). */
const BOM = '\uFEFF';

/**
 * A sheet as CSV: UTF-8 with a BOM, RFC 4180 quoting, CRLF. Rows are pulled only as fast as the
 * reader takes the bytes, so memory holds one chunk whatever the length of the list.
 */
export function csvStream(sheet: Sheet): ReadableStream<Uint8Array> {
  const rows = sheet.rows[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let head = BOM + csvLine(sheet.columns);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = head;
      head = '';
      while (chunk.length < CSV_CHUNK_CHARS) {
        const next = await rows.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += csvLine(next.value);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await rows.return?.();
    },
  });
}

/** How much written XML may wait for the compressor before more rows are made. */
const MAX_PENDING_BYTES = 1024 * 1024;

/** The bytes a Node stream holds, written but not yet read on: what it buffers either side. */
function heldBytes(stream: unknown): number {
  const state = stream as { _writableState?: { length?: number }; _readableState?: { length?: number } } | undefined;
  return (state?._writableState?.length ?? 0) + (state?._readableState?.length ?? 0);
}

/**
 * Waits while the compressor or the reader is behind. exceljs writes each worksheet's XML into the
 * zip (archiver) without waiting, so rows made faster than they are deflated would pile up in
 * memory: the worksheet's entry stream (the one place that backlog is visible) and our own output
 * are watched, and the rows wait, until one of them drains, while together they hold more than a
 * megabyte.
 */
async function zipCaughtUp(worksheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  const entry = (worksheet as unknown as { stream?: { pipes?: EventEmitter[] } }).stream?.pipes?.[0];
  while (!out.destroyed && heldBytes(entry) + heldBytes(out) > MAX_PENDING_BYTES) {
    const stop = new AbortController();
    const { signal } = stop;
    const drained = [out, ...(entry ? [entry] : [])].map((stream) => once(stream, 'drain', { signal }));
    // A drain missed between the check and the wait is caught by the next check, soon after.
    let timer: NodeJS.Timeout | undefined;
    const soon = new Promise((resolve) => (timer = setTimeout(resolve, 50)));
    await Promise.race([...drained, once(out, 'close', { signal }), soon]).catch(() => undefined);
    clearTimeout(timer);
    stop.abort();
    await Promise.allSettled(drained);
  }
}

/** Sheet names: at most 31 characters, none of `[]:*?/\`. */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

function xlsxValue(cell: Cell): ExcelJS.CellValue {
  // Text stays a text cell: a spreadsheet never runs a string cell as a formula.
  return isSheetDate(cell) ? sheetDateValue(cell) : cell;
}

/**
 * A sheet as XLSX, through exceljs's streaming writer: each row is committed (written and dropped)
 * as it is read, and the next rows wait while the reader has not taken what was written.
 * Dates are date cells, formatted as the back office writes them.
 */
export function xlsxStream(sheet: Sheet): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheetName(sheet.title));
  worksheet.columns = sheet.columns.map((header) => ({ header, width: Math.min(60, Math.max(10, header.length * 2)) }));
  worksheet.getRow(1).font = { bold: true };
  const write = async () => {
    let count = 0;
    for await (const cells of sheet.rows) {
      // The reader went away (a cancelled download): stop reading rows.
      if (out.destroyed) return;
      const row = worksheet.addRow(cells.map(xlsxValue));
      cells.forEach((cell, i) => {
        if (isSheetDate(cell)) row.getCell(i + 1).numFmt = cell.wall.length > 10 ? 'yyyy-mm-dd hh:mm' : 'yyyy-mm-dd';
      });
      row.commit();
      if (++count % 100 === 0) await zipCaughtUp(worksheet, out);
    }
    await worksheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

export const sheetStream = (sheet: Sheet, format: SheetFormat) =>
  format === 'csv' ? csvStream(sheet) : xlsxStream(sheet);

import 'server-only';
import { config } from '../../config';
import { translate } from '../../i18n/messages';
import type { WireLanguage } from '../../i18n/languages';
import { absoluteUrl } from '../../routing/site';
import { storedRichTextToPlain } from '../../security/sanitize';
import type { Cell, Sheet, SheetDate } from '../../sheets/cells';
import { isSheetFormat, type SheetFormat } from '../../sheets/write';
import { findUploads, uploadUrl } from '../../uploads';
import { readScopeOf, requireAccess, type Actor } from '../model/actor';
import { exportAccessOf, type ResourceDefinition } from '../model/define';
import { invalid, notFound } from '../model/errors';
import type { Field } from '../model/fields';
import { findResource } from '../model/registry';
import type { Row } from '../model/rows';
import { openDataColumns, sheetColumns, type SheetColumn } from '../model/sheet-columns';
import { toWireDateTime } from '../model/wire-dates';
import { publicSortOf } from '../storage/reads';
import { recordAudit } from '../storage/audit';
import { listAllRows } from '../storage/list-reads';
import { titlesByIds } from '../storage/row-reads';
import { latestChange } from '../storage/update-times';
import { listSelection, type ListScope } from './resource';

/**
 * Lists as spreadsheets (docs/api.md, Export): every row a list request selects, all its pages, with
 * the columns of sheet-columns.ts as people read them: choices and references by their labels,
 * rich text as plain text, uploads as their public addresses, dates in the site's time zone. Rows are
 * read a batch at a time and handed on as they are converted, so the writer (lib/sheets) can stream.
 */

/** A zone's offset from UTC (ms) through each UTC day, or null for a day on which it changes. */
const dayOffsets = new Map<string, number | null>();
const DAY = 86_400_000;

const offsetAt = (instant: number, timeZone: string) =>
  Date.parse(`${toWireDateTime(new Date(instant), timeZone)}Z`) - instant;

/**
 * An instant's wall-clock date and time in a time zone, to the minute (`YYYY-MM-DD HH:mm`). Asking
 * Intl for every date costs about 18 µs, seconds over 100,000 rows; the zone's offset is asked at
 * the start and end of the instant's day instead, once per day, and trusted when they agree (a zone
 * changes its offset at most once a day). Days on which it changes ask Intl for every instant.
 */
export function wallMinutes(instant: Date, timeZone: string): string {
  const at = instant.getTime();
  const day = Math.floor(at / DAY);
  const key = `${timeZone} ${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const start = offsetAt(day * DAY, timeZone);
    offset = start === offsetAt(day * DAY + DAY - 1000, timeZone) ? start : null;
    if (dayOffsets.size > 100_000) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  if (offset === null) return toWireDateTime(instant, timeZone).slice(0, 16).replace('T', ' ');
  return new Date(at + offset).toISOString().slice(0, 16).replace('T', ' ');
}

/** An instant as the site's wall-clock date and time. */
export const sheetInstant = (instant: Date): SheetDate => ({ wall: wallMinutes(instant, config().siteTimeZone) });

/** What one batch's cells need from elsewhere: reference titles per column, upload names. */
interface Lookups {
  titles: Map<string, Map<number, string>>;
  uploads: Map<string, string>;
}

const uploadIdsOf = (field: Field, value: unknown): string[] => {
  if (field.kind === 'image' && typeof value === 'string' && value) return [value];
  if (field.kind === 'files' && Array.isArray(value)) return value.map(String);
  return [];
};

async function lookupsFor(columns: SheetColumn[], rows: Row[]): Promise<Lookups> {
  const titles = new Map<string, Map<number, string>>();
  for (const { key, field } of columns) {
    if (field.kind !== 'reference') continue;
    const target = findResource(field.resource);
    const ids = rows.flatMap((row) => (typeof row[key] === 'number' ? [row[key]] : []));
    titles.set(key, target ? await titlesByIds(target, ids) : new Map());
  }
  const ids = [...new Set(columns.flatMap(({ key, field }) => rows.flatMap((row) => uploadIdsOf(field, row[key]))))];
  const found = await findUploads(ids);
  return { titles, uploads: new Map(found.map((upload) => [upload.id, upload.name])) };
}

function cellOf(column: SheetColumn, value: unknown, language: WireLanguage, lookups: Lookups): Cell {
  const { key, field } = column;
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'richtext':
      return storedRichTextToPlain(String(value));
    case 'integer':
      return Number(value);
    case 'boolean':
      return translate(language, value ? 'api.sheetYes' : 'api.sheetNo');
    case 'datetime':
      return value instanceof Date ? sheetInstant(value) : String(value);
    case 'date':
      return { wall: String(value).slice(0, 10) };
    case 'choice':
      return field.choices.find((choice) => choice.value === value)?.label[language] ?? String(value);
    case 'reference':
      return lookups.titles.get(key)?.get(Number(value)) ?? String(value);
    case 'image':
    case 'files': {
      const urls = uploadIdsOf(field, value).map((id) => {
        const name = lookups.uploads.get(id);
        return name === undefined ? id : absoluteUrl(config().siteUrl, uploadUrl(id, name));
      });
      return urls.length ? urls.join('\n') : null;
    }
    default:
      return String(value);
  }
}

/** Rows as cells, batch by batch, in the order they are read. */
export async function* sheetRows(
  batches: AsyncIterable<Row[]>,
  columns: SheetColumn[],
  language: WireLanguage,
): AsyncGenerator<Cell[]> {
  for await (const rows of batches) {
    const lookups = await lookupsFor(columns, rows);
    for (const row of rows) yield columns.map((column) => cellOf(column, row[column.key], language, lookups));
  }
}

/** A sheet and the file format it is to be written in. */
export type SheetFile = Sheet & { format: SheetFormat };

/**
 * An export request's `format`, apart from the rest of it. Read once access is checked, as every
 * call reads its input, so a visitor is told to sign in rather than what the body lacks.
 */
export function formatOf(body: Record<string, unknown>): { format: SheetFormat; request: Record<string, unknown> } {
  const { format, ...request } = body;
  if (!isSheetFormat(format)) throw invalid('exportFormat');
  return { format, request };
}

/** What selected an export's rows, for the audit log: `keyword "…", typeId 3, status hidden`. */
function selectionSummary(selection: Awaited<ReturnType<typeof listSelection>>, status: unknown): string {
  const parts = Object.entries(selection.filters).map(([key, value]) => `${key} ${String(value)}`);
  if (selection.keyword) parts.unshift(`keyword "${selection.keyword}"`);
  if (typeof status === 'string' && status) parts.push(`status ${status}`);
  return parts.join(', ');
}

/**
 * `export`: the rows getlist would list for this request, every page of them, for staff who may
 * read the resource (Admins only where `exportAccess` says so). The request is checked before
 * anything is written, so a refusal is a plain error answer.
 */
export async function exportList(
  actor: Actor,
  definition: ResourceDefinition,
  body: Record<string, unknown>,
  scope: ListScope = {},
): Promise<SheetFile> {
  requireAccess(actor, exportAccessOf(definition));
  const { format, request } = formatOf(body);
  const selection = await listSelection(actor, definition, request, scope);
  // Taking a whole list away is recorded, with what selected it.
  await recordAudit(actor, {
    action: 'export',
    resource: definition.name,
    summary: selectionSummary(selection, request.status),
  });
  const columns = sheetColumns(definition);
  return {
    format,
    title: definition.label[actor.language],
    columns: columns.map((column) => column.field.label[actor.language]),
    rows: sheetRows(listAllRows(definition, readScopeOf(actor), selection), columns, actor.language),
  };
}

/** An open dataset's description: its columns (key and label) and when its visible rows last changed. */
export async function openDataInfo(definition: ResourceDefinition, language: WireLanguage) {
  const columns = openDataColumns(definition).map(({ key, field }) => ({ key, label: field.label[language] }));
  return { columns, updatedAt: await latestChange(definition, { language, publicOnly: true }) };
}

/**
 * An open dataset: what visitors may see of the resource (the public pages' visibility: shown rows
 * inside their publication window, public fields only), in one language and the public list's order.
 */
export function openDataSheet(definition: ResourceDefinition, language: WireLanguage): Sheet & { keys: string[] } {
  if (!definition.openData) throw notFound();
  const columns = openDataColumns(definition);
  const rows = listAllRows(definition, { language, publicOnly: true }, { filters: {}, sort: publicSortOf(definition) });
  return {
    title: definition.label[language],
    keys: columns.map((column) => column.key),
    columns: columns.map((column) => column.field.label[language]),
    rows: sheetRows(rows, columns, language),
  };
}

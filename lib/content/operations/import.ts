import 'server-only';
import { translate } from '../../i18n/messages';
import { otherLanguage, wireLanguages } from '../../i18n/languages';
import { storedRichTextToPlain } from '../../security/sanitize';
import type { SheetTable } from '../../sheets/read';
import { uploadIdPattern } from '../../uploads/id';
import { readScopeOf, requireAccess, type Actor } from '../model/actor';
import { importable, traits, type ResourceDefinition } from '../model/define';
import { ContentError, invalid, messageIn, notFound } from '../model/errors';
import { findResource } from '../model/registry';
import type { Row } from '../model/rows';
import { sheetColumns, type SheetColumn } from '../model/sheet-columns';
import { recordAudit } from '../storage/audit';
import { listAllRows } from '../storage/list-reads';
import { idsByTitles } from '../storage/row-reads';
import { type BulkWrite, writeRows } from '../storage/row-writes';
import { refuseUnlessDirect } from './submission';
import { afterStoring, afterStoringNew, firstRevisions, prepareAdd, prepareUpdate, titleOf } from './resource';

/**
 * Spreadsheet import (docs/api.md, Import): a CSV or XLSX file's rows added to a resource or
 * updating its rows, checked as the form checks them. A dry run reports what each row would do and
 * every problem with its row and column; a real run writes nothing unless every row is valid, and
 * then writes all of them in one transaction, each with its revision, and one audit line.
 */

/** One problem of an import: the file's line, the column's header as the file names it, the message. */
interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** What one line of the file does: adds a row, or updates row `id`. */
interface ImportPlanRow {
  row: number;
  action: 'add' | 'update';
  id?: number;
  title: string;
}

interface ImportResult {
  added: number;
  updated: number;
  errors: ImportError[];
  /** Problems beyond the first MAX_IMPORT_ERRORS, counted but not listed. */
  moreErrors: number;
  rows: ImportPlanRow[];
  /** Each header of the file and the field it was read into (null: left out). */
  mapping: Record<string, string | null>;
  /** The fields a column may be mapped to, in the form's order. */
  fields: { key: string; label: string }[];
}

/** Enough problems to fix a file by; a file that is wrong throughout is reported by its count. */
const MAX_IMPORT_ERRORS = 500;

/** The columns an import reads: the export's, so an exported file imports again unchanged. */
export const importColumns = (definition: ResourceDefinition): SheetColumn[] => sheetColumns(definition);

const normalized = (text: string) => text.trim().toLowerCase();

/**
 * Which field each header is read into. `mapping` (header → field key, or null/'' to leave the
 * column out) overrides; other headers match a field's key or its label in either language.
 */
function resolveMapping(
  actor: Actor,
  columns: SheetColumn[],
  header: string[],
  mapping: Record<string, unknown> | undefined,
): (SheetColumn | undefined)[] {
  const byName = new Map<string, SheetColumn>();
  for (const column of columns) {
    byName.set(normalized(column.key), column);
    for (const language of wireLanguages) byName.set(normalized(column.field.label[language]), column);
  }
  for (const name of Object.keys(mapping ?? {}))
    if (!header.includes(name)) throw invalid('importUnknownColumn', { column: name.slice(0, 100) });
  const chosen = header.map((name) => {
    if (mapping && Object.hasOwn(mapping, name)) {
      const key = mapping[name];
      if (key === null || key === '') return undefined;
      const column = columns.find((candidate) => candidate.key === key);
      if (!column) throw invalid('importUnknownField', { field: String(key).slice(0, 100) });
      return column;
    }
    return name ? byName.get(normalized(name)) : undefined;
  });
  chosen.forEach((column, i) => {
    if (column && chosen.indexOf(column) !== i)
      throw invalid('importDuplicateField', { field: column.field.label[actor.language] });
  });
  if (!chosen.some(Boolean)) throw invalid('importNoColumns');
  return chosen;
}

/** The text a cell holds, without the apostrophe an export puts before text that looks like a formula. */
const cellText = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const yesWords = new Set(['true', '1', 'yes', 'y', '是', ...wireLanguages.map((l) => translate(l, 'api.sheetYes'))]);
const noWords = new Set(['false', '0', 'no', 'n', '否', ...wireLanguages.map((l) => translate(l, 'api.sheetNo'))]);

const datePattern = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const pad = (value: string | undefined) => (value ?? '0').padStart(2, '0');

/** A date as spreadsheets write it (`2026/5/1 9:30`, `2026-05-01`) in the API's wire form. */
function wireDate(text: string, kind: 'date' | 'datetime'): string {
  const match = datePattern.exec(text.trim());
  if (!match) return text;
  const [, year, month, day, hour, minute, second] = match;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  return kind === 'date' ? date : `${date}T${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Upload ids from a cell: ids, or the uploads' public addresses (`…/uploads/{id}/{name}`), one per line. */
function uploadIds(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((token) => (uploadIdPattern.test(token) ? token : (/\/uploads\/([0-9a-f-]{36})\//.exec(token)?.[1] ?? token)));
}

/** References read by name: per column, each title in lower case and the ids of the rows with it. */
type TitleIndex = Map<string, Map<string, number[]>>;

async function referenceTitles(
  actor: Actor,
  table: SheetTable,
  chosen: (SheetColumn | undefined)[],
): Promise<TitleIndex> {
  const index: TitleIndex = new Map();
  for (const [i, column] of chosen.entries()) {
    if (column?.field.kind !== 'reference') continue;
    const target = findResource(column.field.resource);
    if (!target) continue;
    const language = column.key === 'translationId' ? otherLanguage(actor.language) : actor.language;
    const titles = table.rows.map((row) => cellText(row.cells[i]).trim()).filter(Boolean);
    index.set(column.key, await idsByTitles(target, language, titles));
  }
  return index;
}

/**
 * A cell as the API's input for its field, or a problem (a reference no row or several rows have as
 * their name). Everything else is checked by the form's own validation afterwards.
 */
function cellInput(
  actor: Actor,
  column: SheetColumn,
  raw: string,
  titles: TitleIndex,
  existing: Row | undefined,
): { value: unknown } | { key: string; values: Record<string, string> } {
  const { key, field } = column;
  const text = cellText(raw);
  const trimmed = text.trim();
  if (!trimmed) return { value: null };
  switch (field.kind) {
    case 'richtext': {
      // Exports hold rich text as plain text: the same text again keeps the stored formatting.
      if (existing && storedRichTextToPlain(String(existing[key] ?? '')) === trimmed.replace(/\s+/g, ' '))
        return { value: existing[key] };
      return {
        value: text
          .split(/\r?\n/)
          .filter((line) => line.trim())
          .map((line) => `<p>${escapeHtml(line.trim())}</p>`)
          .join(''),
      };
    }
    case 'boolean': {
      const word = normalized(trimmed);
      return { value: yesWords.has(word) ? true : noWords.has(word) ? false : trimmed };
    }
    case 'date':
    case 'datetime':
      return { value: wireDate(trimmed, field.kind) };
    case 'choice': {
      const choice = field.choices.find(
        (c) => wireLanguages.some((l) => normalized(c.label[l]) === normalized(trimmed)) || String(c.value) === trimmed,
      );
      return { value: choice ? choice.value : trimmed };
    }
    case 'reference': {
      const ids = titles.get(key)?.get(normalized(trimmed)) ?? [];
      if (ids.length === 1) return { value: ids[0] };
      if (ids.length > 1) return { key: 'importAmbiguousReference', values: { value: trimmed.slice(0, 100) } };
      if (/^\d{1,9}$/.test(trimmed)) return { value: Number(trimmed) };
      return { key: 'importUnknownReference', values: { value: trimmed.slice(0, 100) } };
    }
    case 'image':
      return { value: uploadIds(trimmed)[0] };
    case 'files':
      return { value: uploadIds(trimmed) };
    default:
      return { value: text };
  }
}

/** The rows a file may update, by id and, where the resource declares one, by its import key. */
async function existingRows(actor: Actor, definition: ResourceDefinition) {
  const byId = new Map<number, Row>();
  const byKey = new Map<string, Row>();
  const key = definition.importKey;
  const rows = listAllRows(definition, readScopeOf(actor), {
    filters: {},
    sort: [{ field: 'id', direction: 'asc' }],
  });
  for await (const batch of rows) {
    for (const row of batch) {
      byId.set(Number(row.id), row);
      if (key && typeof row[key] === 'string' && !byKey.has(normalized(row[key]))) byKey.set(normalized(row[key]), row);
    }
  }
  return { byId, byKey };
}

interface ImportRequest {
  /** Header → field key (null or '' leaves the column out); headers it does not name match by label. */
  mapping?: Record<string, unknown>;
  dryRun: boolean;
  /** The file's name, for the audit log. */
  fileName: string;
}

/**
 * `import`: checks every line of the file as the form would and, unless it is a dry run, writes
 * them all in one transaction, or refuses the whole file with every problem listed.
 */
export async function importRows(
  actor: Actor,
  definition: ResourceDefinition,
  table: SheetTable,
  request: ImportRequest,
): Promise<ImportResult> {
  requireAccess(actor, traits(definition).write);
  if (!importable(definition)) throw notFound();
  // An import writes at once: where a User's writes wait for approval, only an Admin imports.
  await refuseUnlessDirect(actor, definition);
  const language = actor.language;
  const columns = importColumns(definition);
  const chosen = resolveMapping(actor, columns, table.header, request.mapping);
  const titles = await referenceTitles(actor, table, chosen);
  const { byId, byKey } = await existingRows(actor, definition);
  const idAt = chosen.findIndex((column) => column?.key === 'id');
  const keyAt = definition.importKey ? chosen.findIndex((column) => column?.key === definition.importKey) : -1;
  // A problem of a field the file has no column for (a required one) names the field's label.
  const headerOf = (field: string) => {
    const at = chosen.findIndex((column) => column?.key === field);
    if (at !== -1) return table.header[at];
    return columns.find((column) => column.key === field)?.field.label[language] ?? field;
  };

  const errors: ImportError[] = [];
  let errorCount = 0;
  const fail = (row: number, column: string, message: string) => {
    errorCount++;
    if (errors.length < MAX_IMPORT_ERRORS) errors.push({ row, column, message });
  };
  const plan: ImportPlanRow[] = [];
  const writes: BulkWrite[] = [];
  const claimed = new Map<number, number>();
  const uniqueSeen = new Map<string, Map<string, number>>();

  for (const { line, cells } of table.rows) {
    // Which row the line is: the one its id names, else the one with its key, else a new one.
    let existing: Row | undefined;
    const idText = idAt === -1 ? '' : cellText(cells[idAt]).trim();
    if (idText) {
      existing = /^\d{1,9}$/.test(idText) ? byId.get(Number(idText)) : undefined;
      if (!existing) {
        fail(line, table.header[idAt], messageIn(language, 'importUnknownId', { value: idText.slice(0, 20) }));
        continue;
      }
    } else if (keyAt !== -1 && cellText(cells[keyAt]).trim()) {
      existing = byKey.get(normalized(cellText(cells[keyAt])));
    }
    if (existing) {
      const first = claimed.get(Number(existing.id));
      if (first !== undefined) {
        fail(line, table.header[idText ? idAt : keyAt], messageIn(language, 'importDuplicateRow', { row: first }));
        continue;
      }
      claimed.set(Number(existing.id), line);
    }

    const input: Record<string, unknown> = {};
    let converted = true;
    chosen.forEach((column, i) => {
      if (!column || column.key === 'id') return;
      const result = cellInput(actor, column, cells[i], titles, existing);
      if ('value' in result) input[column.key] = result.value;
      else {
        converted = false;
        fail(
          line,
          table.header[i],
          messageIn(language, result.key, { ...result.values, field: column.field.label[language] }),
        );
      }
    });
    if (!converted) continue;

    for (const [key, f] of Object.entries(definition.fields)) {
      if (!f.unique || typeof input[key] !== 'string' || !input[key]) continue;
      const seen = uniqueSeen.get(key) ?? new Map<string, number>();
      uniqueSeen.set(key, seen);
      const value = normalized(input[key]);
      const before = seen.get(value);
      if (before !== undefined) {
        fail(line, headerOf(key), messageIn(language, 'importDuplicateRow', { row: before }));
        converted = false;
      } else seen.set(value, line);
    }
    if (!converted) continue;

    try {
      if (existing) {
        const { changes } = await prepareUpdate(actor, definition, { ...input, id: existing.id });
        writes.push({ existing, changes, afterStore: afterStoring(actor, definition, changes) });
        plan.push({
          row: line,
          action: 'update',
          id: Number(existing.id),
          title: titleOf(definition, { ...existing, ...changes }),
        });
      } else {
        const row = await prepareAdd(actor, definition, input);
        writes.push({ insert: row, afterStore: afterStoringNew(definition, row) });
        plan.push({ row: line, action: 'add', title: titleOf(definition, row) });
      }
    } catch (error) {
      if (!(error instanceof ContentError) || error.kind !== 'invalid') throw error;
      if (error.issues.length)
        for (const issue of error.issues)
          fail(line, headerOf(issue.field), messageIn(language, issue.key, issue.values));
      else fail(line, '', error.messageIn(language));
    }
  }

  // In the file's order: by line, then by column from left to right.
  const place = (error: ImportError) => error.row * (table.header.length + 1) + table.header.indexOf(error.column) + 1;
  errors.sort((a, b) => place(a) - place(b));
  const added = plan.filter((row) => row.action === 'add').length;
  const result: ImportResult = {
    added,
    updated: plan.length - added,
    errors,
    moreErrors: errorCount - errors.length,
    rows: plan,
    mapping: Object.fromEntries(table.header.map((name, i) => [name, chosen[i]?.key ?? null])),
    fields: columns.map(({ key, field }) => ({ key, label: field.label[language] })),
  };
  if (request.dryRun) return result;
  if (errorCount)
    throw new ContentError('invalid', 'importHasErrors', { count: errorCount }, [], undefined, { ...result });
  if (!writes.length) throw invalid('importEmpty');
  await writeRows(definition, writes, firstRevisions(actor, definition));
  await recordAudit(actor, {
    action: 'import',
    resource: definition.name,
    summary: `${request.fileName}: +${result.added}, ~${result.updated}`.slice(0, 200),
  });
  return result;
}

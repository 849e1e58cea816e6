import 'server-only';
import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { cachedRead } from '../../cache/public-reads';
import { previewGrant } from '../../cache/preview-scope';
import { getDb } from '../../db';
import { pendingChanges, uploads } from '../../db/schema';
import type { WireLanguage } from '../../i18n/languages';
import { traits, type ResourceDefinition } from '../model/define';
import { findResource } from '../model/registry';
import type { Row } from '../model/rows';
import { column, reviveRow, scopeConditions, tableOf, type ReadScope } from './content-tables';
import { rowAndCounterpart } from './counterparts';
import { knowWindow } from './window-changes';

/** One row of a resource, and the checks a write makes against the others (exists, duplicate, combination, in use). */

export async function getRow(definition: ResourceDefinition, scope: ReadScope, id: number): Promise<Row | undefined> {
  // A signed-in read of one row costs one primary-key query, as the generation check would.
  if (!scope.publicOnly || scope.now) return loadRow(definition, scope, id);
  await knowWindow(definition);
  const row = await cachedRead(definition.name, JSON.stringify({ get: scope.language, id }), () =>
    loadRow(definition, scope, id),
  );
  return row && (await withPreviewedChange(definition, [row]))[0];
}

/**
 * Rows by id in one query, as getRow reads each; those not found left out. Not kept in the read
 * cache: the one caller, the site search, keeps its answers, and sets of ids seldom repeat (kept,
 * a search on any page filled the cache with rows nobody asked for again).
 */
export async function getRows(definition: ResourceDefinition, scope: ReadScope, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const table = tableOf(definition);
  const rows = await db
    .select()
    .from(table)
    .where(and(inArray(column(table, 'id'), ids), ...scopeConditions(definition, scope)));
  return scope.publicOnly && !scope.now ? withPreviewedChange(definition, rows) : rows;
}

/**
 * Under a draft preview of one of these rows (lib/cache/preview-scope.ts), that row as its change
 * awaiting approval would leave it, so the reviewer and the author see what approval would publish.
 * Visitors' reads never come here with a grant, and a preview's reads are never cached.
 */
export async function withPreviewedChange(definition: ResourceDefinition, rows: Row[]): Promise<Row[]> {
  const grant = previewGrant();
  if (!grant || grant.resource !== definition.name) return rows;
  const index = rows.findIndex((row) => Number(row.id) === grant.rowId);
  if (index < 0) return rows;
  const db = await getDb();
  const [open] = await db
    .select({ kind: pendingChanges.kind, values: pendingChanges.values })
    .from(pendingChanges)
    .where(
      and(
        eq(pendingChanges.resource, definition.name),
        eq(pendingChanges.rowId, grant.rowId),
        eq(pendingChanges.status, 'pending'),
      ),
    )
    .limit(1);
  if (!open || open.kind === 'delete') return rows;
  const previewed = [...rows];
  previewed[index] = { ...rows[index], ...reviveRow(definition, open.values) };
  return previewed;
}

async function loadRow(definition: ResourceDefinition, scope: ReadScope, id: number): Promise<Row | undefined> {
  const db = await getDb();
  const table = tableOf(definition);
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(column(table, 'id'), id), ...scopeConditions(definition, scope)))
    .limit(1);
  return row;
}

/** Whether a row with this id exists in the language (used for reference checks). */
export async function rowExists(definition: ResourceDefinition, language: WireLanguage, id: number): Promise<boolean> {
  return (await getRow(definition, { language, publicOnly: false }, id)) !== undefined;
}

export async function countWhere(definition: ResourceDefinition, key: string, value: unknown): Promise<number> {
  const db = await getDb();
  const table = tableOf(definition);
  const [{ total }] = await db
    .select({ total: count() })
    .from(table)
    .where(eq(column(table, key), value));
  return total;
}

/** Whether a row other than `exceptId` meets `condition`. */
async function otherRowExists(definition: ResourceDefinition, condition: SQL, exceptId?: number): Promise<boolean> {
  const db = await getDb();
  const table = tableOf(definition);
  const [row] = await db
    .select({ id: column(table, 'id') })
    .from(table)
    .where(and(condition, exceptId ? ne(column(table, 'id'), exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** Another row with the same value, compared case-insensitively (unique fields). */
export const duplicateExists = (definition: ResourceDefinition, key: string, value: string, exceptId?: number) =>
  otherRowExists(definition, sql`lower(${column(tableOf(definition), key)}) = lower(${value})`, exceptId);

/**
 * Another row with the same values in all of `values`' columns (a resource's `uniqueTogether`). A
 * resource without languages that references a localized one names the same thing by a row or its
 * counterpart: either matches (one year's dues per institution, whichever language's row it names).
 */
export function combinationExists(definition: ResourceDefinition, values: Row, exceptId?: number) {
  const table = tableOf(definition);
  const conditions = Object.entries(values).map(([key, value]) => {
    const field = definition.fields[key];
    const target = field?.kind === 'reference' && !traits(definition).localized ? findResource(field.resource) : null;
    return target && traits(target).localized && typeof value === 'number'
      ? inArray(column(table, key), rowAndCounterpart(target, value))
      : eq(column(table, key), value);
  });
  return otherRowExists(definition, and(...conditions)!, exceptId);
}

/** The titles of these rows of a resource, by id (references shown by name in exports). */
export async function titlesByIds(definition: ResourceDefinition, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const db = await getDb();
  const table = tableOf(definition);
  const rows = await db
    .select({ id: column(table, 'id'), title: column(table, definition.titleField) })
    .from(table)
    .where(inArray(column(table, 'id'), wanted));
  return new Map(rows.map((row) => [Number(row.id), String(row.title ?? '')]));
}

/**
 * The ids of the rows whose title is one of `titles`, compared case-insensitively, by the title
 * in lower case (references read by name in an import). A title two rows share lists both ids.
 */
export async function idsByTitles(
  definition: ResourceDefinition,
  language: WireLanguage,
  titles: string[],
): Promise<Map<string, number[]>> {
  const wanted = [...new Set(titles.map((title) => title.toLowerCase()))];
  const found = new Map<string, number[]>();
  if (!wanted.length) return found;
  const db = await getDb();
  const table = tableOf(definition);
  const title = column(table, definition.titleField);
  const rows = await db
    .select({ id: column(table, 'id'), title })
    .from(table)
    .where(
      and(
        inArray(sql`lower(${title})`, wanted),
        traits(definition).localized ? eq(column(table, 'lang'), language) : undefined,
      ),
    );
  for (const row of rows) {
    const key = String(row.title ?? '').toLowerCase();
    found.set(key, [...(found.get(key) ?? []), Number(row.id)]);
  }
  return found;
}

export async function uploadsExist(ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const db = await getDb();
  const found = await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

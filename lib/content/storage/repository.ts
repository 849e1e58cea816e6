import 'server-only';
import { indexedKeywordCondition, indexRow, indexRows, relevanceScore, unindexRow } from './search-index';
import {
  and,
  asc,
  getTableColumns,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { cachedRead, invalidate, type ReadOptions } from '../../cache/public-reads';
import { storedGeneration } from '../../cache/generations';
import { readsAsMember } from '../../cache/member-scope';
import { previewGrant } from '../../cache/preview-scope';
import { noteWrite } from '../../db/maintenance';
import { getDb, type Database } from '../../db';
import { account, pendingChanges, uploads } from '../../db/schema';
import { resourceTable } from '../../db/tables';
import type { WireLanguage } from '../../i18n/languages';
import { EVERYONE } from '../model/audience';
import { readByVisitors, traits, type ResourceDefinition } from '../model/define';
import { ContentError, notFound } from '../model/errors';
import { findResource } from '../model/registry';
import { wireInstant } from '../model/wire';
import { toWireDateTime } from '../model/wire-dates';
import { config } from '../../config';
import type { SortKey } from '../model/face';
import { RELEVANCE } from '../model/list-request';
import type { Row } from '../model/rows';
import type { ContentTable } from '../model/table';

export type { Row };

/** What a read may see: one language, and for anonymous readers only public rows. */
export interface ReadScope {
  language: WireLanguage;
  publicOnly: boolean;
  now?: Date;
}

/**
 * Every write empties the resource's public cache (and the cache tier's pages of it) and counts toward PGlite's next
 * VACUUM.
 */
function afterWrite(resource: string, write: { id?: number; removed?: boolean } = {}): Promise<void> {
  noteWrite();
  return invalidateResource(resource, write);
}

/**
 * A write to `resource` (this process's or, heard by NOTIFY, another's): its cached reads dropped
 * (lib/cache/public-reads.ts `invalidate`), and the cache tier's pages of it purged unless its
 * definition keeps it from visitors (`readByVisitors`), when no page shows it.
 */
export function invalidateResource(resource: string, write: { id?: number; removed?: boolean } = {}): Promise<void> {
  const definition = findResource(resource);
  return invalidate(resource, { ...write, unseen: definition !== undefined && !readByVisitors(definition) });
}

type WrittenRow = { id?: number; removed?: boolean };

/**
 * A write's transaction, then the caches it touched emptied (`afterWrite`) once it committed. A
 * write refused or failed before its end (a stale version, the database away) committed nothing
 * and purges nothing, so visitors keep their cached pages; one that failed at COMMIT itself may
 * have committed, and purges as if it had.
 */
async function committedWrite<T>(
  definition: ResourceDefinition,
  written: WrittenRow,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  let reachedCommit = false;
  let result: T;
  try {
    result = await db.transaction(async (tx) => {
      const done = await work(tx);
      reachedCommit = true;
      return done;
    });
  } catch (error) {
    if (reachedCommit) await afterWrite(definition.name, written).catch(() => {});
    throw error;
  }
  await afterWrite(definition.name, written);
  return result;
}

export function tableOf(definition: ResourceDefinition): ContentTable {
  return resourceTable(definition);
}

export function column(table: ContentTable, key: string): PgColumn {
  const c = getTableColumns(table)[key];
  if (!c) throw new Error(`Unknown column ${key}`);
  return c;
}

/** The conditions every read of this resource carries: its language, and the public window. */
export function scopeConditions(definition: ResourceDefinition, scope: ReadScope): SQL[] {
  const table = tableOf(definition);
  const t = traits(definition);
  const now = scope.now ?? new Date();
  const conditions: SQL[] = [];
  if (t.localized) conditions.push(eq(column(table, 'lang'), scope.language));
  const published: SQL[] = [];
  if (scope.publicOnly && t.visibility) published.push(eq(column(table, 'isVisible'), true));
  // Rows for members only are public to a signed-in Member's page request alone (lib/cache/member-scope.ts).
  if (scope.publicOnly && t.audience && !readsAsMember()) published.push(eq(column(table, 'audience'), EVERYONE));
  if (scope.publicOnly && t.window) {
    published.push(lte(column(table, 'publishAt'), now));
    published.push(or(isNull(column(table, 'unpublishAt')), gt(column(table, 'unpublishAt'), now))!);
  }
  // A draft preview also sees its own row, hidden, scheduled or expired (lib/cache/preview-scope.ts).
  const preview = previewGrant();
  if (published.length && preview?.resource === definition.name && preview.language === scope.language) {
    conditions.push(or(and(...published), eq(column(table, 'id'), preview.rowId))!);
  } else conditions.push(...published);
  return conditions;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface ListQuery {
  filters: Record<string, unknown>;
  keyword?: string;
  sort: readonly SortKey[];
  page: number;
  pageSize: number;
  /** Further conditions (searches); `cacheKey` must then describe them for the public cache. */
  conditions?: SQL[];
  cacheKey?: string;
}

type ListResult = { rows: Row[]; total: number; page: number };

/** A longer list is not kept as ids (4 bytes each): its later pages use OFFSET, as first pages do. */
const MAX_LISTED_IDS = 250_000;

/**
 * A page of rows and the exact total of the list, through the read cache (lib/cache/public-reads.ts).
 * Anonymous reads are keyed by this process's generation and expire with the 30 s window TTL, so a
 * page and its total are kept together: they always come from one moment. Signed-in reads are keyed
 * by the generation the database stores, so they see every committed write at once; there the total
 * is kept apart from the pages, and paging through a list costs one indexed query, not a count.
 * Every page after the first comes from the list's whole ordered ids, read once per generation (one
 * scan, however costly its conditions): any page is then one primary-key read, where OFFSET would
 * walk, and for a search re-test, every row before it. First pages (the most read, and the only page
 * of the prev/next lookups) keep the count-and-LIMIT path, which never reads a whole long list.
 * Reads at a given time (`scope.now`) and searches without a cache key always reach the database.
 * `generation`: the resource's stored generation when the caller has read it already.
 */
export async function listRows(
  definition: ResourceDefinition,
  scope: ReadScope,
  query: ListQuery,
  generation?: number,
): Promise<ListResult> {
  const result = await listRowsAsStored(definition, scope, query, generation);
  if (!scope.publicOnly) return result;
  return { ...result, rows: await withPreviewedChange(definition, result.rows) };
}

async function listRowsAsStored(
  definition: ResourceDefinition,
  scope: ReadScope,
  query: ListQuery,
  generation?: number,
): Promise<ListResult> {
  const where = listConditions(definition, scope, query);
  const load = async () => loadPage(definition, where, query, await countRows(definition, where));
  if (scope.now || (query.conditions?.length && !query.cacheKey)) return load();
  const { conditions, page, pageSize, sort, ...selection } = query;
  const listKey = {
    list: scope.language,
    publicOnly: scope.publicOnly,
    ...selection,
    conditions: conditions?.length ? query.cacheKey : undefined,
  };
  // Signed-in: one generation lookup for every read below (the caller's, when it read it with
  // others), so they also come from one moment.
  const options = scope.publicOnly ? {} : { shared: generation ?? (await storedGeneration(definition.name)) };
  if (page > 1) {
    const deep = await deepPage(definition, where, query, JSON.stringify({ ...listKey, sort, ids: true }), options);
    if (deep) return deep;
  }
  const pageKey = JSON.stringify({ ...listKey, page, pageSize, sort });
  if (scope.publicOnly) return cachedRead(definition.name, pageKey, load);
  const total = await cachedRead(
    definition.name,
    JSON.stringify({ ...listKey, total: true }),
    () => countRows(definition, where),
    options,
  );
  return cachedRead(definition.name, pageKey, () => loadPage(definition, where, query, total), options);
}

async function deepPage(
  definition: ResourceDefinition,
  where: SQL | undefined,
  query: ListQuery,
  idsKey: string,
  options: ReadOptions,
): Promise<ListResult | null> {
  const ids = await cachedRead(definition.name, idsKey, () => loadIds(definition, where, query), {
    ...options,
    bytes: (list) => list?.byteLength ?? 0,
  });
  if (!ids) return null;
  const lastPage = Math.max(1, Math.ceil(ids.length / query.pageSize));
  const page = Math.min(query.page, lastPage);
  const pageIds = Array.from(ids.subarray((page - 1) * query.pageSize, page * query.pageSize));
  const rows = pageIds.length
    ? await cachedRead(
        definition.name,
        JSON.stringify({ list: idsKey, rows: pageIds }),
        () => loadRowsById(definition, where, pageIds),
        options,
      )
    : [];
  return { rows, total: ids.length, page };
}

/** The whole list's ids in page order, or null when it is too long to keep. */
async function loadIds(
  definition: ResourceDefinition,
  where: SQL | undefined,
  { sort, keyword }: Pick<ListQuery, 'sort' | 'keyword'>,
): Promise<Int32Array | null> {
  const db = await getDb();
  const table = tableOf(definition);
  const rows = await db
    .select({ id: column(table, 'id') })
    .from(table)
    .where(where)
    .orderBy(...orderOf(definition, table, sort, keyword))
    .limit(MAX_LISTED_IDS + 1);
  return rows.length > MAX_LISTED_IDS ? null : Int32Array.from(rows, (row) => Number(row.id));
}

/**
 * The rows with these ids, in the order given; the list's conditions still apply, so a row that left it is left out.
 */
async function loadRowsById(definition: ResourceDefinition, where: SQL | undefined, ids: number[]): Promise<Row[]> {
  const db = await getDb();
  const table = tableOf(definition);
  const rows: Row[] = await db
    .select()
    .from(table)
    .where(and(inArray(column(table, 'id'), ids), where));
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id): Row[] => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

function listConditions(definition: ResourceDefinition, scope: ReadScope, query: ListQuery): SQL | undefined {
  const table = tableOf(definition);
  const conditions = [...scopeConditions(definition, scope), ...(query.conditions ?? [])];
  for (const [key, value] of Object.entries(query.filters)) conditions.push(eq(column(table, key), value));
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    const searchable = Object.entries(definition.fields).filter(([, f]) => f.searchable && !f.virtual && !f.hidden);
    // The substring as typed, or every word of it as the site search reads it (variants, Simplified, word forms).
    if (searchable.length)
      conditions.push(
        or(
          ...searchable.map(([key]) => sql`${column(table, key)} ilike ${pattern}`),
          indexedKeywordCondition(definition, column(table, 'id'), query.keyword),
        )!,
      );
  }
  return and(...conditions);
}

/** How many rows an export reads at a time. */
const EXPORT_BATCH_ROWS = 500;

/**
 * Every row of a list (all its pages) in the list's order, a batch at a time, for exports: the
 * ordered ids are read once (4 bytes a row), then each batch by primary key, so memory holds one
 * batch whatever the list's length, and a row written meanwhile neither repeats nor shifts another.
 * Never cached: an export is read once.
 */
export async function* listAllRows(
  definition: ResourceDefinition,
  scope: ReadScope,
  query: Pick<ListQuery, 'filters' | 'keyword' | 'sort' | 'conditions'>,
): AsyncGenerator<Row[]> {
  const where = listConditions(definition, scope, { ...query, page: 1, pageSize: 1 });
  const db = await getDb();
  const table = tableOf(definition);
  const found = await db
    .select({ id: column(table, 'id') })
    .from(table)
    .where(where)
    .orderBy(...orderOf(definition, table, query.sort, query.keyword));
  const ids = Int32Array.from(found, (row) => Number(row.id));
  found.length = 0;
  for (let at = 0; at < ids.length; at += EXPORT_BATCH_ROWS) {
    const batch = await loadRowsById(definition, where, Array.from(ids.subarray(at, at + EXPORT_BATCH_ROWS)));
    if (batch.length) yield batch;
  }
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

async function countRows(definition: ResourceDefinition, where: SQL | undefined): Promise<number> {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(tableOf(definition)).where(where);
  return total;
}

/**
 * The sort keys, then the id in the last key's direction, so every row has one place. `relevance` is
 * the keyword's score (none without a keyword).
 */
function orderOf(definition: ResourceDefinition, table: ContentTable, sort: readonly SortKey[], keyword?: string) {
  const idDirection = sort[sort.length - 1]?.direction ?? 'desc';
  const id = column(table, 'id');
  const key = (field: string) =>
    field !== RELEVANCE
      ? column(table, field)
      : keyword
        ? relevanceScore(definition, id, column(table, definition.titleField), keyword)
        : undefined;
  return [
    ...sort.flatMap((s) => {
      const by = key(s.field);
      return by === undefined ? [] : [s.direction === 'asc' ? asc(by) : desc(by)];
    }),
    idDirection === 'asc' ? asc(column(table, 'id')) : desc(column(table, 'id')),
  ];
}

async function loadPage(
  definition: ResourceDefinition,
  where: SQL | undefined,
  query: ListQuery,
  total: number,
): Promise<ListResult> {
  const db = await getDb();
  const table = tableOf(definition);
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(query.page, lastPage);
  const orderBy = orderOf(definition, table, query.sort, query.keyword);
  // Deferred join: page through ids alone (the list index covers them), then read only the rows
  // of the page, so a deep page never sorts or carries whole rows.
  const pageIds = db
    .select({ id: column(table, 'id') })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((page - 1) * query.pageSize);
  const rows = await db
    .select()
    .from(table)
    .where(inArray(column(table, 'id'), pageIds))
    .orderBy(...orderBy);
  return { rows, total, page };
}

export async function getRow(definition: ResourceDefinition, scope: ReadScope, id: number): Promise<Row | undefined> {
  // A signed-in read of one row costs one primary-key query, as the generation check would.
  if (!scope.publicOnly || scope.now) return loadRow(definition, scope, id);
  const row = await cachedRead(definition.name, JSON.stringify({ get: scope.language, id }), () =>
    loadRow(definition, scope, id),
  );
  return row && (await withPreviewedChange(definition, [row]))[0];
}

const dateColumns = new Set(['createdAt', 'updatedAt', 'publishAt', 'unpublishAt']);

/** A stored snapshot (a revision, a trash entry, a pending change) back as a row: date-time columns as Date again. */
export function reviveRow(definition: ResourceDefinition, values: Record<string, unknown>): Row {
  const row: Row = { ...values };
  for (const [key, value] of Object.entries(row)) {
    const isDateTime = dateColumns.has(key) || definition.fields[key]?.kind === 'datetime';
    if (isDateTime && typeof value === 'string') row[key] = new Date(value);
  }
  return row;
}

/**
 * Under a draft preview of one of these rows (lib/cache/preview-scope.ts), that row as its change
 * awaiting approval would leave it, so the reviewer and the author see what approval would publish.
 * Visitors' reads never come here with a grant, and a preview's reads are never cached.
 */
async function withPreviewedChange(definition: ResourceDefinition, rows: Row[]): Promise<Row[]> {
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
 * Row `id` of a localized resource and its counterpart in the other language: one thing (a member
 * institution) that a row of a resource without languages may name by either.
 */
export function rowAndCounterpart(target: ResourceDefinition, id: number): SQL {
  const table = tableOf(target);
  const [idColumn, translation] = [column(table, 'id'), column(table, 'translationId')];
  return sql`(select ${idColumn} from ${table} where ${idColumn} = ${id}
    union select ${translation} from ${table} where ${idColumn} = ${id} and ${translation} is not null)`;
}

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

/** Rows that share a parent (and language) are siblings; `order` counts among them. */
function siblingConditions(definition: ResourceDefinition, row: Row): SQL[] {
  const table = tableOf(definition);
  const t = traits(definition);
  const conditions: SQL[] = [];
  if (t.localized) conditions.push(eq(column(table, 'lang'), String(row.lang)));
  for (const parent of t.parents) {
    conditions.push(
      row[parent] === null || row[parent] === undefined
        ? isNull(column(table, parent))
        : eq(column(table, parent), row[parent]),
    );
  }
  return conditions;
}

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Work done in a write's own transaction once the row is stored (a revision, a trash entry). */
export type AfterStore = (tx: Tx, row: Row) => Promise<void>;
/** What runs once for rows stored together, in their transaction (their first revisions). */
export type AfterStoreMany = (tx: Tx, rows: Row[]) => Promise<void>;

/** Ordered writes of one resource run one at a time, so two adds never take the same position. */
async function lockOrdering(tx: Tx, definition: ResourceDefinition) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:${definition.name}`}))`);
}

async function nextOrder(tx: Tx, definition: ResourceDefinition, row: Row): Promise<number> {
  const table = tableOf(definition);
  const [{ top }] = await tx
    .select({ top: sql<number>`coalesce(max(${column(table, 'order')}), 0)` })
    .from(table)
    .where(and(...siblingConditions(definition, row)));
  return Number(top) + 1;
}

/** Renumbers siblings 1..n in their current order, closing gaps left by deletes and moves. */
async function renumber(tx: Tx, definition: ResourceDefinition, row: Row) {
  const table = tableOf(definition);
  const order = column(table, 'order');
  const ranked = tx
    .select({
      id: column(table, 'id'),
      rank: sql<number>`row_number() over (order by ${order}, ${column(table, 'id')})`.as('rank'),
    })
    .from(table)
    .where(and(...siblingConditions(definition, row)))
    .as('ranked');
  await tx
    .update(table)
    .set({ order: sql`${ranked.rank}` })
    .from(ranked)
    .where(and(eq(column(table, 'id'), ranked.id), ne(order, ranked.rank)));
}

/**
 * Stores a new row at the end of its siblings; with `keepPlace` (a row restored from the trash, with
 * its own id) at its old place instead, the rows from that place on moving one down.
 */
export async function insertRow(
  definition: ResourceDefinition,
  values: Row,
  afterStore?: AfterStore,
  keepPlace = false,
): Promise<Row> {
  return committedWrite(definition, {}, (tx) => insertIn(tx, definition, values, afterStore, keepPlace));
}

async function insertIn(
  tx: Tx,
  definition: ResourceDefinition,
  values: Row,
  afterStore?: AfterStore,
  keepPlace = false,
): Promise<Row> {
  const next = { ...values };
  if (traits(definition).ordered) {
    await lockOrdering(tx, definition);
    next.order = keepPlace
      ? await makeRoom(tx, definition, next, Number(next.order) || 1)
      : await nextOrder(tx, definition, next);
  }
  const [row] = await tx.insert(tableOf(definition)).values(next).returning();
  await indexRow(tx, definition, row);
  await afterStore?.(tx, row);
  return row;
}

/** Frees the place `wanted` (kept within 1..n+1) among the row's siblings, numbered densely first, and returns it. */
async function makeRoom(tx: Tx, definition: ResourceDefinition, row: Row, wanted: number): Promise<number> {
  const order = column(tableOf(definition), 'order');
  await renumber(tx, definition, row);
  const place = Math.max(1, Math.min(wanted, await nextOrder(tx, definition, row)));
  await tx
    .update(tableOf(definition))
    .set({ order: sql`${order} + 1` })
    .where(and(...siblingConditions(definition, row), gte(order, place)));
  return place;
}

/** One more than the column's value: what every write to a row sets its `version` to. */
const nextVersion = (table: ContentTable) => sql`${column(table, 'version')} + 1`;

/**
 * What a write to another row on behalf of `row` (its counterpart's translation link) sets there
 * besides: a new version, and `row`'s save as the last one, so a stale save of that row names it.
 */
const savedAlongWith = (table: ContentTable, row: Row) => ({
  version: nextVersion(table),
  updatedAt: row.updatedAt instanceof Date ? row.updatedAt : new Date(),
  updatedBy: typeof row.updatedBy === 'number' ? row.updatedBy : null,
});

/** Who saved a row last and when, as a stale save's answer carries them. */
interface LastSave {
  version: number;
  updatedAt: Date;
  updatedBy: number | null;
}

/** The refusal of a write that named an older version of the row than the stored one. */
async function staleVersion(tx: Tx, last: LastSave): Promise<ContentError> {
  const [holder] =
    last.updatedBy === null
      ? []
      : await tx.select({ name: account.displayName }).from(account).where(eq(account.id, last.updatedBy));
  const name = holder ? String(holder.name) : null;
  const zone = config().siteTimeZone;
  const saved = toWireDateTime(last.updatedAt, zone);
  // The time alone on the day it happened, the date too after that.
  const time =
    saved.slice(0, 10) === toWireDateTime(new Date(), zone).slice(0, 10)
      ? saved.slice(11, 16)
      : saved.slice(0, 16).replace('T', ' ');
  return new ContentError(
    'conflict',
    name === null ? 'staleVersionUnnamed' : 'staleVersion',
    name === null ? { time } : { time, name },
    [],
    undefined,
    { conflict: { version: last.version, updatedAt: wireInstant(last.updatedAt), updatedByName: name } },
  );
}

/** The row's last save, read in the write's transaction, or `notFound` when the row is gone. */
async function lastSave(tx: Tx, definition: ResourceDefinition, id: unknown, lock = false): Promise<LastSave> {
  const table = tableOf(definition);
  const query = tx
    .select({
      version: column(table, 'version'),
      updatedAt: column(table, 'updatedAt'),
      updatedBy: column(table, 'updatedBy'),
    })
    .from(table)
    .where(eq(column(table, 'id'), id));
  const [current] = lock ? await query.for('update') : await query;
  if (!current) throw notFound();
  return current as LastSave;
}

/**
 * Locks the row until the transaction ends and refuses the write when the writer expected another
 * version of it (a delete, a move). Two writes of the same version thus run one after the other,
 * and the second finds the version the first one stored.
 */
async function checkVersion(tx: Tx, definition: ResourceDefinition, id: unknown, expected?: number): Promise<void> {
  if (expected === undefined) return;
  const current = await lastSave(tx, definition, id, true);
  if (Number(current.version) !== expected) throw await staleVersion(tx, current);
}

/**
 * Runs `work` in a transaction holding the row's lock, once the row is found to have the version the
 * writer read (when it names one): a write that stores something beside the row (a pending change)
 * but leaves the row itself as it is.
 */
export async function withRowLocked<T>(
  definition: ResourceDefinition,
  id: unknown,
  expected: Expected,
  work: (tx: Tx, version: number) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await lastSave(tx, definition, id, true);
    if (expected.version !== undefined && Number(current.version) !== expected.version)
      throw await staleVersion(tx, current);
    return work(tx, Number(current.version));
  });
}

/** What a writer last read of the row: its version, when the write is to be refused on any other. */
export interface Expected {
  version?: number;
}

export async function updateRow(
  definition: ResourceDefinition,
  existing: Row,
  changes: Row,
  afterStore?: AfterStore,
  expected: Expected = {},
): Promise<Row> {
  return committedWrite(definition, { id: Number(existing.id) }, (tx) =>
    updateIn(tx, definition, existing, changes, afterStore, expected),
  );
}

async function updateIn(
  tx: Tx,
  definition: ResourceDefinition,
  existing: Row,
  changes: Row,
  afterStore?: AfterStore,
  expected: Expected = {},
): Promise<Row> {
  const table = tableOf(definition);
  const t = traits(definition);
  const next: Row = { ...changes, updatedAt: new Date(), version: nextVersion(table) };
  const parentChanged = t.parents.some((p) => p in changes && changes[p] !== existing[p]);
  if (t.ordered && parentChanged) {
    // A row that changes parent goes to the end of its new siblings; the old ones close the gap.
    await lockOrdering(tx, definition);
    next.order = await nextOrder(tx, definition, { ...existing, ...changes });
  }
  // The version is checked by the update itself, so a save costs no extra query: a concurrent save
  // of the same version waits for the row, then no longer matches (PostgreSQL re-reads the row it
  // waited for), and the transaction is undone with its refusal.
  const version = expected.version === undefined ? undefined : eq(column(table, 'version'), expected.version);
  const [row] = await tx
    .update(table)
    .set(next)
    .where(and(eq(column(table, 'id'), existing.id), version))
    .returning();
  if (!row) throw await staleVersion(tx, await lastSave(tx, definition, existing.id));
  if (t.ordered && parentChanged) await renumber(tx, definition, existing);
  await indexRow(tx, definition, row);
  await afterStore?.(tx, row);
  return row;
}

/**
 * Deletes a row and closes the gap among its siblings; `beforeDelete` runs first in the same transaction (the trash
 * entry).
 */
export async function deleteRow(
  definition: ResourceDefinition,
  existing: Row,
  beforeDelete?: AfterStore,
  expected: Expected = {},
): Promise<void> {
  await committedWrite(definition, { id: Number(existing.id), removed: true }, (tx) =>
    deleteIn(tx, definition, existing, beforeDelete, expected),
  );
}

async function deleteIn(
  tx: Tx,
  definition: ResourceDefinition,
  existing: Row,
  beforeDelete?: AfterStore,
  expected: Expected = {},
): Promise<void> {
  const table = tableOf(definition);
  if (traits(definition).ordered) await lockOrdering(tx, definition);
  await checkVersion(tx, definition, existing.id, expected.version);
  await beforeDelete?.(tx, existing);
  await tx.delete(table).where(eq(column(table, 'id'), existing.id));
  await unindexRow(tx, definition, Number(existing.id));
  if (traits(definition).ordered) await renumber(tx, definition, existing);
}

/** One write of a bulk action or an import: a row's changes, its deletion, or a new row. */
export type BulkWrite =
  | { existing: Row; changes: Row; afterStore?: AfterStore }
  | { existing: Row; remove: true; beforeDelete?: AfterStore }
  | { insert: Row; afterStore?: AfterStore };

/** New rows one statement stores at most: well inside PostgreSQL's 65,535 parameters for any resource. */
const INSERT_CHUNK = 200;

/**
 * New rows in the given order, a chunk per statement; an ordered resource numbers them after their
 * siblings (one lock and one count per group of siblings, not per row). Each row's `afterStore`
 * then runs in the same transaction.
 */
async function insertManyIn(
  tx: Tx,
  definition: ResourceDefinition,
  writes: { insert: Row; afterStore?: AfterStore }[],
  afterInserts?: AfterStoreMany,
): Promise<void> {
  const rows = writes.map((write) => ({ ...write.insert }));
  const t = traits(definition);
  if (t.ordered) {
    await lockOrdering(tx, definition);
    const tops = new Map<string, number>();
    for (const row of rows) {
      const siblings = JSON.stringify([row.lang ?? null, ...t.parents.map((parent) => row[parent] ?? null)]);
      const top = tops.get(siblings) ?? (await nextOrder(tx, definition, row)) - 1;
      row.order = top + 1;
      tops.set(siblings, top + 1);
    }
  }
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    const stored = await tx
      .insert(tableOf(definition))
      .values(rows.slice(at, at + INSERT_CHUNK))
      .returning();
    // Ids are drawn in the order of the values, so sorting by id pairs each row with its write.
    stored.sort((a, b) => Number(a.id) - Number(b.id));
    await indexRows(tx, definition, stored);
    for (const [i, row] of stored.entries()) await writes[at + i].afterStore?.(tx, row);
    await afterInserts?.(tx, stored);
  }
}

/**
 * Several rows' writes in one transaction: all of them are stored, or none. New rows are stored
 * last, together, and `afterInserts` runs once per chunk of them.
 */
export async function writeRows(
  definition: ResourceDefinition,
  writes: BulkWrite[],
  afterInserts?: AfterStoreMany,
): Promise<void> {
  // The resource's key covers every row's page; a removal also touches the site-wide pages.
  await committedWrite(definition, { removed: writes.some((write) => 'remove' in write) }, async (tx) => {
    const inserts = writes.filter((write) => 'insert' in write);
    for (const write of writes) {
      if ('insert' in write) continue;
      if ('remove' in write) await deleteIn(tx, definition, write.existing, write.beforeDelete);
      else await updateIn(tx, definition, write.existing, write.changes, write.afterStore);
    }
    if (inserts.length) await insertManyIn(tx, definition, inserts, afterInserts);
  });
}

/** Moves a row to a 1-based position among its siblings (clamped to 1..n) and returns them in order. */
export async function moveRow(
  definition: ResourceDefinition,
  existing: Row,
  position: number,
  updatedBy: number | null,
  expected: Expected = {},
): Promise<Row[]> {
  const table = tableOf(definition);
  const order = column(table, 'order');
  return committedWrite(definition, { id: Number(existing.id) }, async (tx) => {
    await lockOrdering(tx, definition);
    await checkVersion(tx, definition, existing.id, expected.version);
    await renumber(tx, definition, existing);
    const siblings = and(...siblingConditions(definition, existing));
    const [{ total }] = await tx.select({ total: count() }).from(table).where(siblings);
    const [current] = await tx
      .select({ order })
      .from(table)
      .where(eq(column(table, 'id'), existing.id));
    const from = Number(current.order);
    const to = Math.min(Math.max(1, position), total);
    if (to < from) {
      await tx
        .update(table)
        .set({ order: sql`${order} + 1` })
        .where(and(siblings, gte(order, to), lt(order, from)));
    } else if (to > from) {
      await tx
        .update(table)
        .set({ order: sql`${order} - 1` })
        .where(and(siblings, gt(order, from), lte(order, to)));
    }
    if (to !== from) {
      await tx
        .update(table)
        .set({ order: to, updatedAt: new Date(), updatedBy, version: nextVersion(table) })
        .where(eq(column(table, 'id'), existing.id));
    }
    return tx
      .select()
      .from(table)
      .where(siblings)
      .orderBy(asc(order), asc(column(table, 'id')));
  });
}

/** Points the counterpart back at a restored row, unless it has been linked to another row meanwhile. */
export async function linkCounterpart(
  tx: Tx,
  definition: ResourceDefinition,
  counterpartId: number,
  row: Row,
): Promise<void> {
  const table = tableOf(definition);
  await tx
    .update(table)
    .set({ translationId: Number(row.id), ...savedAlongWith(table, row) })
    .where(and(eq(column(table, 'id'), counterpartId), isNull(column(table, 'translationId'))));
}

/**
 * Makes a row's translation link mutual, in the write's own transaction: the counterpart it names
 * points back at it, and every other row that pointed at either of the two lets go, so a pair is
 * always two rows naming each other and the public language switch follows either side.
 */
export async function pairCounterparts(tx: Tx, definition: ResourceDefinition, row: Row): Promise<void> {
  const table = tableOf(definition);
  const id = Number(row.id);
  const counterpart = row.translationId === null || row.translationId === undefined ? null : Number(row.translationId);
  const translation = column(table, 'translationId');
  const rowId = column(table, 'id');
  // Rows that named this one (its old counterpart) or the new counterpart (that one's old partner).
  const stale = counterpart === null ? eq(translation, id) : or(eq(translation, id), eq(translation, counterpart));
  const keep = counterpart === null ? [ne(rowId, id)] : [ne(rowId, id), ne(rowId, counterpart)];
  await tx
    .update(table)
    .set({ translationId: null, ...savedAlongWith(table, row) })
    .where(and(stale, ...keep));
  // A counterpart that already names this row is left as it is (its version too).
  if (counterpart !== null)
    await tx
      .update(table)
      .set({ translationId: id, ...savedAlongWith(table, row) })
      .where(and(eq(rowId, counterpart), or(isNull(translation), ne(translation, id))));
}

/**
 * Marks a saved row's counterpart as out of date (its content changed in the other language). Its
 * version and last save stay: nothing of the counterpart itself was written, so an editor with its
 * form open is not told someone saved it.
 */
export async function markTranslationStale(tx: Tx, definition: ResourceDefinition, row: Row): Promise<void> {
  if (row.translationId === null || row.translationId === undefined) return;
  const table = tableOf(definition);
  await tx
    .update(table)
    .set({ translationStale: true })
    .where(eq(column(table, 'id'), Number(row.translationId)));
}

export async function uploadsExist(ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const db = await getDb();
  const found = await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

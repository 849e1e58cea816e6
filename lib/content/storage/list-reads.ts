import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { cachedRead, type ReadOptions } from '../../cache/public-reads';
import { storedGeneration } from '../../cache/generations';
import { getDb, type Database } from '../../db';
import { contentReviews } from '../../db/schema';
import type { ResourceDefinition } from '../model/define';
import type { SortKey } from '../model/face';
import { RELEVANCE } from '../model/list-request';
import type { Row } from '../model/rows';
import { nextStatusChange } from '../model/status';
import type { ContentTable } from '../model/table';
import { noteUntil } from '../../runtime/read-record';
import { readsTogether } from '../../runtime/reads-together';
import { column, escapeLike, scopeConditions, tableOf, type ReadScope } from './content-tables';
import { withPreviewedChange } from './row-reads';
import { indexedKeywordCondition, relevanceScore } from './search-matching';
import { readConditions } from './update-times';
import { knowWindow } from './window-changes';

/** A resource's lists: a page and its total through the read cache, and every row of a list for an export. */

export interface ListQuery {
  filters: Record<string, unknown>;
  keyword?: string;
  sort: readonly SortKey[];
  page: number;
  pageSize: number;
  /** Further conditions (searches); `cacheKey` must then describe them for the public cache. */
  conditions?: SQL[];
  cacheKey?: string;
  /**
   * Staff's lists: each row also carries `reviewDates` (lib/content/storage/reviews.ts), its review
   * dates or null, read with it and kept by the same generation (a review date's write moves it).
   */
  withReviewDates?: boolean;
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
  // A status shown beside a row (lib/content/model/wire.ts) changes with the clock.
  const change = nextStatusChange(result.rows);
  if (change !== undefined) noteUntil(change);
  if (!scope.publicOnly) return result;
  return { ...result, rows: await withPreviewedChange(definition, result.rows) };
}

async function listRowsAsStored(
  definition: ResourceDefinition,
  scope: ReadScope,
  query: ListQuery,
  generation?: number,
): Promise<ListResult> {
  const uncached = scope.now || (query.conditions?.length && !query.cacheKey);
  if (scope.publicOnly && !uncached) await knowWindow(definition);
  const where = listConditions(definition, scope, query);
  const load = async () => loadPage(definition, where, query, await countRows(definition, where));
  if (uncached) return load();
  const { conditions, page, pageSize, sort, ...selection } = query;
  const listKey = {
    list: scope.language,
    publicOnly: scope.publicOnly,
    ...selection,
    conditions: conditions?.length ? query.cacheKey : undefined,
  };
  // Signed-in: one generation lookup for every read below (the caller's, when it read it with
  // others), so they also come from one moment.
  const options = scope.publicOnly
    ? {}
    : { shared: generation ?? (await storedGeneration(definition.name)), timeless: true };
  const pageOptions = { ...options, serialized: true };
  if (page > 1) {
    const deep = await deepPage(
      definition,
      where,
      query,
      JSON.stringify({ ...listKey, sort, ids: true }),
      options,
      !scope.publicOnly,
    );
    if (deep) return deep;
  }
  const pageKey = JSON.stringify({ ...listKey, page, pageSize, sort });
  if (scope.publicOnly) return cachedRead(definition.name, pageKey, load, pageOptions);
  const total = await cachedRead(
    definition.name,
    JSON.stringify({ ...listKey, total: true }),
    () => countRows(definition, where),
    options,
  );
  return cachedRead(definition.name, pageKey, () => loadPage(definition, where, query, total), pageOptions);
}

async function deepPage(
  definition: ResourceDefinition,
  where: SQL | undefined,
  query: ListQuery,
  idsKey: string,
  options: ReadOptions,
  together: boolean,
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
        async () => {
          // Staff's pages of one list asked at once are read in one query, built once for the list:
          // the ids' key names the list's conditions. Not visitors': their conditions also follow
          // the clock, a preview and a Member.
          if (!together) return inOrder(pageIds, await rowsById(definition, where, pageIds, query.withReviewDates));
          const group = `${definition.name}\n${idsKey}\n${query.withReviewDates === true}`;
          const read = await preparedRowsById(group, definition, where, query.withReviewDates);
          return inOrder(pageIds, await rowsTogether(group, pageIds, read));
        },
        { ...options, serialized: true },
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

/** The rows with these ids (a map by id); the list's conditions still apply, so a row that left it is left out. */
async function rowsById(
  definition: ResourceDefinition,
  where: SQL | undefined,
  ids: number[],
  withReviewDates = false,
): Promise<Map<number, Row>> {
  const table = tableOf(definition);
  const rows: Row[] = await selectRows(await getDb(), definition, withReviewDates).where(
    and(inArray(column(table, 'id'), ids), where),
  );
  return byId(rows);
}

const byId = (rows: Row[]): Map<number, Row> => new Map(rows.map((row) => [Number(row.id), row]));

/** How many lists' reads of rows by id are kept built, per database. */
const MAX_PREPARED_LISTS = 200;

const preparedLists = new WeakMap<Database, Map<string, (ids: number[]) => Promise<Map<number, Row>>>>();

/**
 * `rowsById` for one list (`key` names its conditions, which must not change with the clock), built
 * once: a page never read before then costs its query alone, not the query builder's work (about
 * 7 % of the server's time on random pages: docs/performance.md). On PostgreSQL each connection
 * also parses and plans it once (a statement named after its text, so two texts never share a
 * name). The least recently built beyond MAX_PREPARED_LISTS are built again when asked.
 */
async function preparedRowsById(
  key: string,
  definition: ResourceDefinition,
  where: SQL | undefined,
  withReviewDates = false,
): Promise<(ids: number[]) => Promise<Map<number, Row>>> {
  const db = await getDb();
  let lists = preparedLists.get(db);
  if (!lists) preparedLists.set(db, (lists = new Map()));
  const known = lists.get(key);
  if (known) return known;
  const table = tableOf(definition);
  const query = selectRows(db, definition, withReviewDates).where(
    and(sql`${column(table, 'id')} = any(${sql.placeholder('ids')})`, where),
  );
  const name = `rows-${createHash('sha1').update(query.toSQL().sql).digest('base64url')}`;
  const prepared = query.prepare(name);
  const read = async (ids: number[]) => byId(await prepared.execute({ ids }));
  lists.set(key, read);
  for (const oldest of lists.keys()) {
    if (lists.size <= MAX_PREPARED_LISTS) break;
    lists.delete(oldest);
  }
  return read;
}

/** Reads of a list's rows by id asked together go as one (lib/runtime/reads-together.ts). */
const rowsTogether = readsTogether<number, Row>({ gather: true });

const inOrder = (ids: number[], found: Map<number, Row>): Row[] =>
  ids.flatMap((id): Row[] => {
    const row = found.get(id);
    return row ? [row] : [];
  });

/**
 * A select of a resource's whole rows; `withReviewDates` adds each row's `reviewDates` (null when it
 * has none) from `content_reviews`, in the same query.
 */
function selectRows(db: Database, definition: ResourceDefinition, withReviewDates = false) {
  const table = tableOf(definition);
  if (!withReviewDates) return db.select().from(table).$dynamic();
  const { rowId, reviewAt, reviewedAt } = contentReviews;
  return db
    .select({ ...getTableColumns(table), reviewDates: { rowId, reviewAt, reviewedAt } })
    .from(table)
    .leftJoin(contentReviews, and(eq(contentReviews.resource, definition.name), eq(rowId, column(table, 'id'))))
    .$dynamic();
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
    const batchIds = Array.from(ids.subarray(at, at + EXPORT_BATCH_ROWS));
    const batch = inOrder(batchIds, await rowsById(definition, where, batchIds));
    if (batch.length) yield batch;
  }
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
  const rows: Row[] = await selectRows(db, definition, query.withReviewDates)
    .where(inArray(column(table, 'id'), pageIds))
    .orderBy(...orderBy);
  return { rows, total, page };
}

/** The distinct values of a column among the rows a scope sees that match equality `filters`. */
export async function distinctValues(
  definition: ResourceDefinition,
  scope: ReadScope,
  key: string,
  filters: Record<string, unknown>,
): Promise<unknown[]> {
  const db = await getDb();
  const table = tableOf(definition);
  const value = column(table, key);
  const present = await db
    .selectDistinct({ value })
    .from(table)
    .where(and(...readConditions(definition, scope, filters)));
  return present.map((row) => row.value);
}

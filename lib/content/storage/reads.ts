import 'server-only';
import { and, eq, gt, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { defaultSortOf, type ResourceDefinition } from '../model/define';
import type { SortKey } from '../model/face';
import { PUBLIC_PAGE_SIZE } from '../model/face';
import { MAX_PAGE_SIZE } from '../model/list-request';
import { column, tableOf, timestampValue } from './content-tables';
import { getRow, getRows } from './row-reads';
import { listRows } from './list-reads';
import { rowOf } from '../model/row-check';
import type { RowOf } from '../model/rows';
import { keywordConditions, richTextContains, textContains } from './search';
import type { WireLanguage } from '../../i18n/languages';

/**
 * What the public site reads: a resource's rows as visitors may see them (one language, visible,
 * inside the publication window), typed by its definition, through the read cache. The conditions
 * a public page filters by are built here too, so the pages need no query builder of their own.
 */

/** A further condition on a list (an opaque value of this module's builders). */
export type Condition = SQL;

export interface PublicQuery {
  filters?: Record<string, unknown>;
  /** Default: the resource's default order (a page of its public list: the order its `public` names). */
  sort?: readonly SortKey[];
  page?: number;
  /** Default: every row (a select list's size). */
  pageSize?: number;
  /** Further conditions; `cacheKey` must then describe them for the read cache. */
  conditions?: Condition[];
  cacheKey?: string;
}

/** One page of a public list, with the page actually shown (past the end: the last page). */
export interface PublicRows<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The order a resource's public list shows its rows in. */
export const publicSortOf = (definition: ResourceDefinition): readonly SortKey[] =>
  definition.public?.sort ?? defaultSortOf(definition);

/** How many rows a page of a resource's public list holds. */
export const publicPageSizeOf = (definition: ResourceDefinition): number =>
  definition.public?.pageSize ?? PUBLIC_PAGE_SIZE;

export async function readPublicList<D extends ResourceDefinition>(
  definition: D,
  language: WireLanguage,
  query: PublicQuery = {},
): Promise<PublicRows<RowOf<D>>> {
  const pageSize = query.pageSize ?? MAX_PAGE_SIZE;
  const { rows, total, page } = await listRows(
    definition,
    { language, publicOnly: true },
    {
      filters: query.filters ?? {},
      sort: query.sort ?? defaultSortOf(definition),
      page: query.page ?? 1,
      pageSize,
      conditions: query.conditions,
      cacheKey: query.cacheKey,
    },
  );
  return { rows: rows.map((row) => rowOf(definition, row)), total, page, pageSize };
}

/** A page of the resource's public list as its definition's `public` orders and sizes it. */
export function readPublicPage<D extends ResourceDefinition>(
  definition: D,
  language: WireLanguage,
  query: PublicQuery & { page: number },
): Promise<PublicRows<RowOf<D>>> {
  return readPublicList(definition, language, {
    pageSize: publicPageSizeOf(definition),
    sort: publicSortOf(definition),
    ...query,
  });
}

/** One row as visitors may see it, or undefined. */
export async function readPublicRow<D extends ResourceDefinition>(
  definition: D,
  language: WireLanguage,
  id: number,
): Promise<RowOf<D> | undefined> {
  const row = await getRow(definition, { language, publicOnly: true }, id);
  return row && rowOf(definition, row);
}

/** Rows as visitors may see them, by id, in one read (in no particular order; those hidden are left out). */
export async function readPublicRows<D extends ResourceDefinition>(
  definition: D,
  language: WireLanguage,
  ids: number[],
): Promise<RowOf<D>[]> {
  const rows = await getRows(definition, { language, publicOnly: true }, ids);
  return rows.map((row) => rowOf(definition, row));
}

const columnOf = (definition: ResourceDefinition, key: string) => column(tableOf(definition), key);

/** The first of these fields that is set (an activity's end, else its start). */
const firstSet = (definition: ResourceDefinition, keys: readonly string[]) =>
  keys.length === 1
    ? columnOf(definition, keys[0])
    : sql`coalesce(${sql.join(
        keys.map((key) => columnOf(definition, key)),
        sql`, `,
      )})`;

/** The field (or the first set of several) at or after `value`; `orUnset` also keeps rows where none is set. */
export function atOrAfter(
  definition: ResourceDefinition,
  keys: readonly string[],
  value: string | Date,
  options: { orUnset?: boolean } = {},
): Condition {
  const at =
    keys.length === 1 && !(value instanceof Date)
      ? gte(columnOf(definition, keys[0]), value)
      : sql`${firstSet(definition, keys)} >= ${timestampValue(value)}`;
  return options.orUnset ? or(isNull(firstSet(definition, keys)), at)! : at;
}

/** The field (or the first set of several) before `value`. */
export function before(definition: ResourceDefinition, keys: readonly string[], value: string | Date): Condition {
  return keys.length === 1 && !(value instanceof Date)
    ? lt(columnOf(definition, keys[0]), value)
    : sql`${firstSet(definition, keys)} < ${timestampValue(value)}`;
}

/** The field equal to `value`. */
export function equals(definition: ResourceDefinition, key: string, value: unknown): Condition {
  return eq(columnOf(definition, key), value);
}

/** The field at or before `value` (a `YYYY-MM-DD` date includes its day). */
export function atMost(definition: ResourceDefinition, key: string, value: string): Condition {
  return lte(columnOf(definition, key), value);
}

/** The field between two values, both included (`YYYY-MM-DD` dates). */
export function between(definition: ResourceDefinition, key: string, from: string, to: string): Condition {
  return and(gte(columnOf(definition, key), from), lte(columnOf(definition, key), to))!;
}

/** Rows on one side of a row in the order (`key`, then id): the previous or next item of a list. */
export function besideRow(
  definition: ResourceDefinition,
  key: string,
  value: Date,
  id: number,
  side: 'before' | 'after',
): Condition {
  const c = columnOf(definition, key);
  const idColumn = columnOf(definition, 'id');
  return side === 'before'
    ? or(lt(c, value), and(eq(c, value), lt(idColumn, id)))!
    : or(gt(c, value), and(eq(c, value), gt(idColumn, id)))!;
}

/** The fields a keyword search looks in. */
export { searchableFields } from './search-index';
import { searchableFields } from './search-index';

/** Every term in some searchable field, rich text as a reader sees it (as the API's searches match). */
export function matchesKeywords(definition: ResourceDefinition, terms: string[]): Condition[] {
  const matchers = searchableFields(definition).map(
    ([key, f]) =>
      (term: string) =>
        f.kind === 'richtext'
          ? richTextContains(columnOf(definition, key), term)
          : textContains(columnOf(definition, key), term),
  );
  return keywordConditions(terms, matchers, definition);
}

export { windowChanges } from './window-changes';

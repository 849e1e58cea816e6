import 'server-only';
import { and, asc, count, eq, gt, gte, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { traits, type ResourceDefinition } from '../model/define';
import type { Row } from '../model/rows';
import { column, tableOf, type Tx } from './content-tables';
import { checkVersion, nextVersion, type Expected } from './versions';
import { committedWrite } from './write-transaction';

/**
 * The `order` of an ordered resource's rows, counted among siblings (rows that share a parent and
 * language): the next place, dense renumbering, a place made free, and a row moved.
 */

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

/** Ordered writes of one resource run one at a time, so two adds never take the same position. */
export async function lockOrdering(tx: Tx, definition: ResourceDefinition) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:${definition.name}`}))`);
}

export async function nextOrder(tx: Tx, definition: ResourceDefinition, row: Row): Promise<number> {
  const table = tableOf(definition);
  const [{ top }] = await tx
    .select({ top: sql<number>`coalesce(max(${column(table, 'order')}), 0)` })
    .from(table)
    .where(and(...siblingConditions(definition, row)));
  return Number(top) + 1;
}

/** Renumbers siblings 1..n in their current order, closing gaps left by deletes and moves. */
export async function renumber(tx: Tx, definition: ResourceDefinition, row: Row) {
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

/** Frees the place `wanted` (kept within 1..n+1) among the row's siblings, numbered densely first, and returns it. */
export async function makeRoom(tx: Tx, definition: ResourceDefinition, row: Row, wanted: number): Promise<number> {
  const order = column(tableOf(definition), 'order');
  await renumber(tx, definition, row);
  const place = Math.max(1, Math.min(wanted, await nextOrder(tx, definition, row)));
  await tx
    .update(tableOf(definition))
    .set({ order: sql`${order} + 1` })
    .where(and(...siblingConditions(definition, row), gte(order, place)));
  return place;
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

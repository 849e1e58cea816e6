import 'server-only';
import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ResourceDefinition } from '../model/define';
import type { Row } from '../model/rows';
import type { ContentTable } from '../model/table';
import { column, tableOf, type Tx } from './content-tables';
import { nextVersion } from './versions';

/**
 * A localized row and its counterpart in the other language (`translationId`): the pair kept
 * mutual, a restored row linked back, a counterpart marked out of date, and the pair as one thing.
 */

/**
 * What a write to another row on behalf of `row` (its counterpart's translation link) sets there
 * besides: a new version, and `row`'s save as the last one, so a stale save of that row names it.
 */
const savedAlongWith = (table: ContentTable, row: Row) => ({
  version: nextVersion(table),
  updatedAt: row.updatedAt instanceof Date ? row.updatedAt : new Date(),
  updatedBy: typeof row.updatedBy === 'number' ? row.updatedBy : null,
});

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

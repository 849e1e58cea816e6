import 'server-only';
import { and, eq } from 'drizzle-orm';
import { traits, type ResourceDefinition } from '../model/define';
import type { Row } from '../model/rows';
import { column, tableOf, type AfterStore, type AfterStoreMany, type Tx } from './content-tables';
import { lockOrdering, makeRoom, nextOrder, renumber } from './ordering';
import { indexRow, indexRows, unindexRow } from './search-index';
import { checkVersion, lastSave, nextVersion, staleVersion, type Expected } from './versions';
import { committedWrite } from './write-transaction';

/**
 * A resource's row stored, changed or deleted, alone or many in one transaction: each write keeps
 * the siblings' order, the search index and the version, and empties the caches once committed.
 */

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

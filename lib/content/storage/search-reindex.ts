import 'server-only';
import { asc, gt, sql } from 'drizzle-orm';
import { getDb, type Database } from '../../db';
import { bumpStoredGeneration } from '../../cache/generations';
import { searchDocuments, searchTerms } from '../../db/schema';
import { column, tableOf } from './content-tables';
import { indexedResources, indexIsEmpty, indexRows } from './search-index';

/** Rows read and indexed per transaction while rebuilding. */
const REINDEX_BATCH = 500;

/**
 * Rebuilds the site search's index from every row (`npm run search:reindex`, and at start-up while
 * the index is empty: the migration that added it, or a database filled by a seed). Each batch is
 * its own transaction, so searches go on meanwhile; returns how many rows were indexed.
 */
export async function reindexAll(given?: Database): Promise<number> {
  // Start-up passes its connection: getDb() waits for start-up to finish.
  const db = given ?? (await getDb());
  // Each transaction moves the resources' generations on first, as a row write does, so that the
  // removals and entries it writes reach the copies of the index in memory (search-memory.ts).
  await db.transaction(async (tx) => {
    for (const definition of indexedResources()) await bumpStoredGeneration(tx, definition.name);
    await tx.delete(searchTerms);
    await tx.delete(searchDocuments);
  });
  let total = 0;
  for (const definition of indexedResources()) {
    const table = tableOf(definition);
    const id = column(table, 'id');
    let last = 0;
    for (;;) {
      const rows = await db.select().from(table).where(gt(id, last)).orderBy(asc(id)).limit(REINDEX_BATCH);
      if (rows.length === 0) break;
      await db.transaction(async (tx) => {
        await bumpStoredGeneration(tx, definition.name);
        await indexRows(tx, definition, rows);
      });
      last = Number(rows.at(-1)!.id);
      total += rows.length;
    }
  }
  // The planner's statistics of the refilled tables: without them PostgreSQL takes a word found in
  // half the rows for a rare one and plans its searches accordingly (PGlite analyses at each start).
  await db.execute(sql`analyze search_documents, search_terms`);
  return total;
}

/** Fills the index when it is empty (there may be no rows to index either). */
export async function reindexIfEmpty(db: Database): Promise<number> {
  return (await indexIsEmpty(db)) ? reindexAll(db) : 0;
}

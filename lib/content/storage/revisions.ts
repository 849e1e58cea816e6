import 'server-only';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { config } from '../../config';
import { getDb } from '../../db';
import { account, contentRevisions } from '../../db/schema';
import type { ResourceDefinition } from '../model/define';
import { reviveRow, type Tx } from './content-tables';
import type { Row } from '../model/rows';

/**
 * Saved states of content rows. Each add, update and restore stores the row as it is after the
 * write, in the write's own transaction, numbered per row (1, 2, …); only the newest REVISIONS_KEEP
 * of a row are kept. The values are the row's JSON (dates as ISO strings, revived on reading), so a
 * revision outlives changes of the row and even its deletion, until the row is purged.
 */

/**
 * The first revision of rows added together (an import), in one statement per chunk: new rows have
 * none yet, so each is revision 1 and nothing is dropped.
 */
export async function saveFirstRevisions(
  tx: Tx,
  definition: ResourceDefinition,
  rows: Row[],
  accountId: number | null,
): Promise<void> {
  if (!rows.length) return;
  await tx.insert(contentRevisions).values(
    rows.map((row) => ({
      resource: definition.name,
      rowId: Number(row.id),
      revision: 1,
      values: JSON.parse(JSON.stringify(row)),
      accountId,
    })),
  );
}

/** Stores the row's current values as its next revision and drops those beyond the keep limit. */
export async function saveRevision(
  tx: Tx,
  definition: ResourceDefinition,
  row: Row,
  accountId: number | null,
): Promise<number> {
  const rowId = Number(row.id);
  const where = and(eq(contentRevisions.resource, definition.name), eq(contentRevisions.rowId, rowId));
  const [{ top }] = await tx
    .select({ top: sql<number>`coalesce(max(${contentRevisions.revision}), 0)` })
    .from(contentRevisions)
    .where(where);
  const revision = Number(top) + 1;
  await tx
    .insert(contentRevisions)
    .values({ resource: definition.name, rowId, revision, values: JSON.parse(JSON.stringify(row)), accountId });
  const keep = config().revisionsKeep;
  if (revision > keep)
    await tx.delete(contentRevisions).where(and(where, lte(contentRevisions.revision, revision - keep)));
  return revision;
}

export interface RevisionEntry {
  revision: number;
  savedAt: Date;
  accountId: number | null;
  accountName: string | null;
}

/** A row's revisions, newest first, with the name of the account that saved each. */
export async function listRevisions(definition: ResourceDefinition, rowId: number): Promise<RevisionEntry[]> {
  const db = await getDb();
  const rows = await db
    .select({
      revision: contentRevisions.revision,
      savedAt: contentRevisions.savedAt,
      accountId: contentRevisions.accountId,
      accountName: sql<string | null>`${account.displayName}`,
    })
    .from(contentRevisions)
    .leftJoin(account, eq(account.id, contentRevisions.accountId))
    .where(and(eq(contentRevisions.resource, definition.name), eq(contentRevisions.rowId, rowId)))
    .orderBy(desc(contentRevisions.revision));
  return rows.map((row) => ({ ...row, accountName: row.accountName ?? null }));
}

/** The values a row had at one revision, or undefined. */
export async function findRevision(
  definition: ResourceDefinition,
  rowId: number,
  revision: number,
): Promise<Row | undefined> {
  const db = await getDb();
  const [found] = await db
    .select({ values: contentRevisions.values })
    .from(contentRevisions)
    .where(
      and(
        eq(contentRevisions.resource, definition.name),
        eq(contentRevisions.rowId, rowId),
        eq(contentRevisions.revision, revision),
      ),
    )
    .limit(1);
  return found ? reviveRow(definition, found.values) : undefined;
}

/** Forgets every revision of a row (it is purged for good). */
export async function dropRevisions(tx: Tx, definition: ResourceDefinition, rowId: number): Promise<void> {
  await tx
    .delete(contentRevisions)
    .where(and(eq(contentRevisions.resource, definition.name), eq(contentRevisions.rowId, rowId)));
}

import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { account } from '../../db/schema';
import { config } from '../../config';
import type { ResourceDefinition } from '../model/define';
import { ContentError, notFound } from '../model/errors';
import { wireInstant } from '../model/wire';
import { toWireDateTime } from '../model/wire-dates';
import type { ContentTable } from '../model/table';
import { column, tableOf, type Tx } from './content-tables';

/**
 * Every row's `version`, which each write raises: a write that names the version its writer read
 * is refused, with who saved last and when, once the stored row has moved on.
 */

/** One more than the column's value: what every write to a row sets its `version` to. */
export const nextVersion = (table: ContentTable) => sql`${column(table, 'version')} + 1`;

/** Who saved a row last and when, as a stale save's answer carries them. */
interface LastSave {
  version: number;
  updatedAt: Date;
  updatedBy: number | null;
}

/** The refusal of a write that named an older version of the row than the stored one. */
export async function staleVersion(tx: Tx, last: LastSave): Promise<ContentError> {
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
export async function lastSave(tx: Tx, definition: ResourceDefinition, id: unknown, lock = false): Promise<LastSave> {
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
export async function checkVersion(
  tx: Tx,
  definition: ResourceDefinition,
  id: unknown,
  expected?: number,
): Promise<void> {
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

import 'server-only';
import { invalidate } from '../../cache/public-reads';
import { noteWrite } from '../../db/maintenance';
import { getDb } from '../../db';
import { readByVisitors, type ResourceDefinition } from '../model/define';
import { findResource } from '../model/registry';
import type { Tx } from './content-tables';

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
export async function committedWrite<T>(
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

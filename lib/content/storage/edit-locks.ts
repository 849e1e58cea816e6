import 'server-only';
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { account, editLocks } from '../../db/schema';
import { annotationsChanged } from './row-annotations';

/**
 * Edit locks: who has a row's form open. One lock per row, in the database so every app server
 * sees the same holder at once; it lapses `seconds` after its last renewal, so a form closed without
 * releasing it (a crashed browser) frees the row by itself. A lock only warns: no write needs it.
 */

export interface EditLock {
  accountId: number;
  name: string;
  since: Date;
  expiresAt: Date;
}

const lockColumns = {
  rowId: editLocks.rowId,
  accountId: editLocks.accountId,
  name: sql<string>`coalesce(${account.displayName}, '')`,
  since: editLocks.since,
  expiresAt: editLocks.expiresAt,
};

/** The live locks of these rows of a resource, by row id. */
async function liveLocks(resource: string, rowIds: number[]): Promise<Map<number, EditLock>> {
  if (!rowIds.length) return new Map();
  const db = await getDb();
  const rows = await db
    .select(lockColumns)
    .from(editLocks)
    .leftJoin(account, eq(account.id, editLocks.accountId))
    .where(
      and(
        eq(editLocks.resource, resource),
        rowIds.length === 1 ? eq(editLocks.rowId, rowIds[0]) : inArray(editLocks.rowId, rowIds),
        gt(editLocks.expiresAt, sql`now()`),
      ),
    );
  return new Map(rows.map(({ rowId, ...lock }) => [rowId, lock]));
}

/**
 * Takes or renews the lock of a row for an account, in one statement: it is taken when nobody
 * holds it, when it has lapsed, when the account holds it already (a renewal, which keeps `since`)
 * or when `takeover` is asked. Returns the lock as it then stands, whoever holds it.
 */
export async function takeLock(
  resource: string,
  rowId: number,
  accountId: number,
  seconds: number,
  takeover: boolean,
): Promise<EditLock> {
  const db = await getDb();
  const expires = sql`now() + make_interval(secs => ${seconds})`;
  // Renewed by its holder, the lock keeps the time it was first taken.
  const renewal = and(eq(editLocks.accountId, accountId), gt(editLocks.expiresAt, sql`now()`));
  for (;;) {
    await db.transaction(async (tx) => {
      const [written] = await tx
        .insert(editLocks)
        .values({ resource, rowId, accountId, since: sql`now()`, expiresAt: expires })
        .onConflictDoUpdate({
          target: [editLocks.resource, editLocks.rowId],
          set: {
            accountId,
            since: sql`case when ${renewal} then ${editLocks.since} else now() end`,
            expiresAt: expires,
          },
          setWhere: takeover ? undefined : or(eq(editLocks.accountId, accountId), sql`${editLocks.expiresAt} <= now()`),
        })
        // A lock taken now (not a renewal, which keeps `since`): what staff's lists show of it changed.
        .returning({ taken: sql<boolean>`${editLocks.since} = now()` });
      // Every server keys what it keeps of those lists by this; a renewal only moves the lapse,
      // at which a kept list reads the lock again.
      if (written?.taken) await annotationsChanged(tx, resource);
    });
    const lock = (await liveLocks(resource, [rowId])).get(rowId);
    // Released between the two statements: take it again.
    if (lock) return lock;
  }
}

/** Gives up the account's lock of a row; whether it held one. */
export async function releaseLock(resource: string, rowId: number, accountId: number): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const released = await tx
      .delete(editLocks)
      .where(and(eq(editLocks.resource, resource), eq(editLocks.rowId, rowId), eq(editLocks.accountId, accountId)))
      .returning({ rowId: editLocks.rowId });
    if (released.length) await annotationsChanged(tx, resource);
    return released.length > 0;
  });
}

/**
 * Removes the locks that lapsed before `before` (forms closed without releasing theirs); how many.
 * Lapsed locks show nowhere, so their removal changes no annotation.
 */
export async function pruneLapsedLocks(before: Date): Promise<number> {
  const db = await getDb();
  const pruned = await db
    .delete(editLocks)
    .where(lt(editLocks.expiresAt, before))
    .returning({ rowId: editLocks.rowId });
  return pruned.length;
}

import 'server-only';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { getDb, type Database } from '../../db';
import { account, sessions } from '../../db/schema';

/** The `sessions` table: a sign-in's token hash, public id, account, client and last-seen time. */

/** The connection sessions are read through: a check remembered for one database is not taken for another. */
export const sessionsDatabase = (): Promise<Database> => getDb();

/** Stores a new session, then removes those idle since before `idleSince`, so the table stays small without a timer. */
export async function insertSession(session: typeof sessions.$inferInsert, idleSince: Date): Promise<void> {
  const db = await getDb();
  await db.insert(sessions).values(session);
  await db.delete(sessions).where(lt(sessions.lastSeenAt, idleSince));
}

export async function touchSession(tokenHash: string, now: Date): Promise<void> {
  const db = await getDb();
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

/** The session of a token hash seen after `activeSince`, with what its account is. */
export async function sessionWithAccount(tokenHash: string, activeSince: Date) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: account.id,
      username: account.username,
      displayName: account.displayName,
      role: account.role,
      memberId: account.memberId,
      keyContact: account.keyContact,
      isDisabled: account.isDisabled,
      lastSeenAt: sessions.lastSeenAt,
      publicId: sessions.publicId,
    })
    .from(sessions)
    .innerJoin(account, eq(account.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.lastSeenAt, activeSince)))
    .limit(1);
  return row;
}

export async function deleteSession(tokenHash: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOf(accountId: number): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

/** An account's sessions seen after `activeSince`, the most recently used first. */
export async function liveSessionsOf(accountId: number, activeSince: Date) {
  const db = await getDb();
  return db
    .select({
      id: sessions.publicId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      address: sessions.address,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), gt(sessions.lastSeenAt, activeSince)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Deletes an account's session by its public id; how many there were (0 or 1). */
export async function deleteSessionOf(accountId: number, publicId: string): Promise<number> {
  const db = await getDb();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.accountId, accountId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.publicId });
  return ended.length;
}

/** Deletes every session of an account but the one named `keep` (none: all); how many there were. */
export async function deleteOtherSessionsOf(accountId: number, keep: string | undefined): Promise<number> {
  const db = await getDb();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.accountId, accountId), keep ? ne(sessions.publicId, keep) : undefined))
    .returning({ id: sessions.publicId });
  return ended.length;
}

/** Sets every session's last-seen time (tests and operator tools). */
export async function setAllSessionsLastSeen(at: Date): Promise<void> {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ lastSeenAt: at })
    .where(sql`true`);
}

/** The account of the session with this public id. */
export async function accountOfSession(publicId: string): Promise<number | undefined> {
  const db = await getDb();
  const [found] = await db
    .select({ accountId: sessions.accountId })
    .from(sessions)
    .where(eq(sessions.publicId, publicId))
    .limit(1);
  return found?.accountId;
}

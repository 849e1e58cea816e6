import 'server-only';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { getDb, type Database } from '../../db';
import { account } from '../../db/schema';
import { Role } from '../model/roles';

/**
 * The `account` table beyond the generic row writes: sign-in and its lockout, the first Admin made at
 * start-up, and the single reads other operations need. The start-up runs before the connection is
 * installed for everyone, so what it calls takes the database it opened (the installed one when none
 * is given).
 */

/** The account of this username, compared case-insensitively (a name is unique in any case). */
export async function accountByUsername(username: string, db?: Database) {
  const [stored] = await (db ?? (await getDb()))
    .select()
    .from(account)
    .where(sql`lower(${account.username}) = lower(${username})`)
    .limit(1);
  return stored;
}

/** Stores a new account; the fields not given take their defaults. */
export async function insertAccount(db: Database | undefined, values: typeof account.$inferInsert): Promise<void> {
  await (db ?? (await getDb())).insert(account).values(values);
}

export async function countAccounts(db: Database): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(account);
  return total;
}

/** Enabled Admins other than account `id`. */
export async function countOtherActiveAdmins(id: number): Promise<number> {
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: count() })
    .from(account)
    .where(and(eq(account.role, Role.Admin), eq(account.isDisabled, false), ne(account.id, id)));
  return total;
}

/** A successful sign-in: the failures forgotten, the lock lifted, the time kept. */
export async function recordSignIn(accountId: number, now: Date): Promise<void> {
  const db = await getDb();
  await db
    .update(account)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now })
    .where(eq(account.id, accountId));
}

/** What a sign-in step needs of an account found by id (a ticket's, a passkey's): its name and its state. */
export async function signInStateOf(accountId: number) {
  const db = await getDb();
  const [found] = await db
    .select({
      id: account.id,
      username: account.username,
      isDisabled: account.isDisabled,
      lockedUntil: account.lockedUntil,
    })
    .from(account)
    .where(eq(account.id, accountId));
  return found;
}

/**
 * Counts one failed sign-in of an account; at the `limit`th the count starts again and the account
 * is locked until `lockedUntil`. Returns the stored end of the lock (null or past when unlocked).
 */
export async function countSignInFailure(accountId: number, limit: number, lockedUntil: Date) {
  const db = await getDb();
  // One statement counts the failure and, at the last, locks: concurrent attempts cannot skip it.
  const [after] = await db
    .update(account)
    .set({
      failedLogins: sql`case when ${account.failedLogins} + 1 >= ${limit} then 0 else ${account.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${account.failedLogins} + 1 >= ${limit} then ${lockedUntil} else ${account.lockedUntil} end`,
    })
    .where(eq(account.id, accountId))
    .returning({ lockedUntil: account.lockedUntil });
  return after?.lockedUntil instanceof Date ? after.lockedUntil : null;
}

/** The stored password hash of an account (undefined when there is none or no such account). */
export async function passwordHashOf(accountId: number): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db.select({ hash: account.passwordHash }).from(account).where(eq(account.id, accountId));
  return row?.hash as string | undefined;
}

/** The account's username; undefined when there is no such account. */
export async function usernameOf(accountId: number): Promise<{ username: unknown } | undefined> {
  const db = await getDb();
  const [found] = await db
    .select({ username: account.username })
    .from(account)
    .where(eq(account.id, accountId))
    .limit(1);
  return found;
}

/** The account's e-mail address as stored; undefined when there is no such account. */
export async function emailOf(accountId: number) {
  const db = await getDb();
  const [stored] = await db.select({ email: account.email }).from(account).where(eq(account.id, accountId));
  return stored?.email;
}

/** The whole stored account of this id. */
export async function accountById(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(account).where(eq(account.id, id)).limit(1);
  return row;
}

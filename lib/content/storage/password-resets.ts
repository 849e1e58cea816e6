import 'server-only';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { account, passwordResets } from '../../db/schema';

/** The `password_resets` table: a mailed reset link's token hash, its account, expiry and use. */

/**
 * Enabled accounts with an address whose username or address is the one given (either may be
 * empty), compared case-insensitively, in id order, at most `max`.
 */
export async function resetCandidates(username: string, email: string, max: number) {
  const db = await getDb();
  const matches = [
    ...(username ? [sql`lower(${account.username}) = lower(${username})`] : []),
    ...(email ? [sql`lower(${account.email}) = lower(${email})`] : []),
  ];
  return db
    .select({
      id: account.id,
      username: account.username,
      displayName: account.displayName,
      email: account.email,
      role: account.role,
    })
    .from(account)
    .where(and(or(...matches), eq(account.isDisabled, false), sql`coalesce(${account.email}, '') <> ''`))
    .orderBy(account.id)
    .limit(max);
}

export async function storeResetLink(tokenHash: string, accountId: number, expiresAt: Date): Promise<void> {
  const db = await getDb();
  await db.insert(passwordResets).values({ tokenHash, accountId, expiresAt });
}

export async function deleteResetLinksExpiredBefore(before: Date): Promise<void> {
  const db = await getDb();
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, before));
}

/**
 * In one transaction: uses up the unused, unexpired link of this hash, sets its enabled account's
 * password (failures and lock cleared), and uses up the account's other links. The account, or
 * null when the link or the account was not good (nothing is then written).
 */
export async function redeemResetLink(
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<{ id: number; username: string } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
      )
      .returning({ accountId: passwordResets.accountId });
    if (!used) return null;
    const [changed] = await tx
      .update(account)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(and(eq(account.id, used.accountId), eq(account.isDisabled, false)))
      .returning({ id: account.id, username: account.username });
    if (!changed) return null;
    // The account's other links stop working too: the password they were for has changed.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.accountId, used.accountId), isNull(passwordResets.usedAt)));
    return { id: Number(changed.id), username: String(changed.username) };
  });
}

import 'server-only';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { getDb } from '../../db';
import { accountPasskeys, passkeyChallenges } from '../../db/schema';

/** The tables of passkeys (`account_passkeys`) and of the challenges they answer (hashed, until they expire). */

export async function passkeysOf(accountId: number) {
  const db = await getDb();
  return db
    .select({
      id: accountPasskeys.id,
      name: accountPasskeys.name,
      createdAt: accountPasskeys.createdAt,
      lastUsedAt: accountPasskeys.lastUsedAt,
    })
    .from(accountPasskeys)
    .where(eq(accountPasskeys.accountId, accountId))
    .orderBy(asc(accountPasskeys.createdAt), asc(accountPasskeys.id));
}

/** Deletes one passkey of the account; its name, or null when the account has none by that id. */
export async function deletePasskey(accountId: number, id: number): Promise<string | null> {
  const db = await getDb();
  const [removed] = await db
    .delete(accountPasskeys)
    .where(and(eq(accountPasskeys.accountId, accountId), eq(accountPasskeys.id, id)))
    .returning({ name: accountPasskeys.name });
  return removed ? removed.name : null;
}

/** The credential ids and transports of an account's passkeys. */
export async function passkeyCredentialsOf(accountId: number) {
  const db = await getDb();
  return db
    .select({ credentialId: accountPasskeys.credentialId, transports: accountPasskeys.transports })
    .from(accountPasskeys)
    .where(eq(accountPasskeys.accountId, accountId));
}

/** Stores a passkey unless its credential is stored already; its entry, or undefined. */
export async function insertPasskey(passkey: typeof accountPasskeys.$inferInsert) {
  const db = await getDb();
  const [row] = await db
    .insert(accountPasskeys)
    .values(passkey)
    .onConflictDoNothing({ target: accountPasskeys.credentialId })
    .returning({
      id: accountPasskeys.id,
      name: accountPasskeys.name,
      createdAt: accountPasskeys.createdAt,
      lastUsedAt: accountPasskeys.lastUsedAt,
    });
  return row;
}

/** The stored passkey of this credential id (and of this account, when one is given). */
export async function passkeyByCredential(credentialId: string, accountId: number | null) {
  const db = await getDb();
  const [found] = await db
    .select()
    .from(accountPasskeys)
    .where(
      and(
        eq(accountPasskeys.credentialId, credentialId),
        ...(accountId === null ? [] : [eq(accountPasskeys.accountId, accountId)]),
      ),
    );
  return found;
}

/**
 * Stores a passkey's signature counter and last use, only if no other request stored a higher
 * counter meanwhile; whether it was stored.
 */
export async function recordPasskeyUse(id: number, newCounter: number, now: Date): Promise<boolean> {
  const db = await getDb();
  const stored = await db
    .update(accountPasskeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(
        eq(accountPasskeys.id, id),
        or(eq(accountPasskeys.counter, 0), lt(accountPasskeys.counter, newCounter)),
        ...(newCounter === 0 ? [eq(accountPasskeys.counter, 0)] : []),
      ),
    )
    .returning({ id: accountPasskeys.id });
  return stored.length === 1;
}

/** Stores a challenge; expired ones are removed as new ones are made, so the table stays small without a timer. */
export async function storeChallengeHash(challenge: typeof passkeyChallenges.$inferInsert, now: Date): Promise<void> {
  const db = await getDb();
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values(challenge);
}

/**
 * Deletes the challenge of this hash issued for this purpose (and account); when it expires, or
 * undefined when there was none. One statement, so a challenge is taken once.
 */
export async function deleteChallenge(
  challengeHash: string,
  purpose: string,
  accountId: number | null,
): Promise<Date | undefined> {
  const db = await getDb();
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challengeHash, challengeHash),
        eq(passkeyChallenges.purpose, purpose),
        accountId === null ? isNull(passkeyChallenges.accountId) : eq(passkeyChallenges.accountId, accountId),
      ),
    )
    .returning({ expiresAt: passkeyChallenges.expiresAt });
  return taken.length === 1 ? taken[0].expiresAt : undefined;
}

import 'server-only';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb, type Database } from '../../db';
import { accountPasskeys, accountTotp, recoveryCodes, signInTickets } from '../../db/schema';

/**
 * The tables of an account's second factor: its authenticator (`account_totp`, the secret as
 * sealed by lib/content/auth), its recovery codes (hashed) and the tickets of sign-ins waiting for
 * a code. Passkeys are lib/content/storage/passkeys.ts; only whether one exists is read here.
 */

/** Whether the account's authenticator is turned on. */
export async function totpEnabled(accountId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ accountId: accountTotp.accountId })
    .from(accountTotp)
    .where(and(eq(accountTotp.accountId, accountId), isNotNull(accountTotp.enabledAt)));
  return !!row;
}

export async function hasAnyPasskey(accountId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: accountPasskeys.id })
    .from(accountPasskeys)
    .where(eq(accountPasskeys.accountId, accountId))
    .limit(1);
  return !!row;
}

export async function unusedRecoveryCodes(accountId: number): Promise<number> {
  const db = await getDb();
  const [left] = await db
    .select({ total: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return left.total;
}

/** Stores a new sealed secret, off until a code confirms it; an authenticator that is on is left as it is. */
export async function storePendingTotp(accountId: number, sealed: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(accountTotp)
    .values({ accountId, secret: sealed })
    .onConflictDoUpdate({
      target: accountTotp.accountId,
      set: { secret: sealed, enabledAt: null, lastStep: null, createdAt: new Date() },
      // An authenticator that is on is never replaced here: it is turned off first.
      where: isNull(accountTotp.enabledAt),
    });
}

/** The sealed secret of the account's authenticator: the one being set up (`pending`) or the one that is on. */
export async function sealedTotpSecret(accountId: number, pending: boolean): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ secret: accountTotp.secret })
    .from(accountTotp)
    .where(
      and(
        eq(accountTotp.accountId, accountId),
        pending ? isNull(accountTotp.enabledAt) : isNotNull(accountTotp.enabledAt),
      ),
    )
    .limit(1);
  return row?.secret;
}

/**
 * Records `step` as the authenticator's last one taken (and turns a pending one on), unless a step as
 * late was taken already; whether it was recorded. One statement, so a code is never taken twice.
 */
export async function takeTotpStep(accountId: number, step: number, pending: boolean, now: Date): Promise<boolean> {
  const db = await getDb();
  const taken = await db
    .update(accountTotp)
    .set({ lastStep: step, ...(pending ? { enabledAt: now } : {}) })
    .where(
      and(
        eq(accountTotp.accountId, accountId),
        pending ? isNull(accountTotp.enabledAt) : isNotNull(accountTotp.enabledAt),
        or(isNull(accountTotp.lastStep), lt(accountTotp.lastStep, step)),
      ),
    )
    .returning({ accountId: accountTotp.accountId });
  return taken.length === 1;
}

/**
 * Deletes the authenticator. The recovery codes go with the last second factor: they stay while
 * the account has a passkey.
 */
export async function deleteTotp(accountId: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(accountTotp).where(eq(accountTotp.accountId, accountId));
    const [passkey] = await tx
      .select({ id: accountPasskeys.id })
      .from(accountPasskeys)
      .where(eq(accountPasskeys.accountId, accountId))
      .limit(1);
    if (!passkey) await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  });
}

export async function deleteRecoveryCodes(accountId: number): Promise<void> {
  const db = await getDb();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
}

/** Deletes the authenticator, the passkeys and the recovery codes together. */
export async function deleteSecondFactors(accountId: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(accountTotp).where(eq(accountTotp.accountId, accountId));
    await tx.delete(accountPasskeys).where(eq(accountPasskeys.accountId, accountId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  });
}

/** Replaces the account's recovery codes by these hashes, in one transaction. */
export async function replaceRecoveryCodeHashes(accountId: number, hashes: string[]): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ accountId, codeHash })));
  });
}

/** Marks the unused recovery code with this hash used; whether there was one. */
export async function spendRecoveryCode(accountId: number, codeHash: string, now: Date): Promise<boolean> {
  const db = await getDb();
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(recoveryCodes.accountId, accountId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** Stores a sign-in ticket; expired ones are removed as new ones are made, so the table stays small without a timer. */
export async function storeTicket(ticketHash: string, accountId: number, expiresAt: Date, now: Date): Promise<void> {
  const db = await getDb();
  await db.delete(signInTickets).where(lt(signInTickets.expiresAt, now));
  await db.insert(signInTickets).values({ ticketHash, accountId, expiresAt });
}

/** The conditions of a ticket still good for a try. */
const liveTicket = (ticketHash: string, now: Date, maxTries: number) =>
  and(eq(signInTickets.ticketHash, ticketHash), gt(signInTickets.expiresAt, now), lt(signInTickets.tries, maxTries));

/** Counts one try of a live ticket: its account and tries so far, or undefined. One statement: no try is lost. */
export async function countTicketTry(ticketHash: string, now: Date, maxTries: number) {
  const db = await getDb();
  const [row] = await db
    .update(signInTickets)
    .set({ tries: sql`${signInTickets.tries} + 1` })
    .where(liveTicket(ticketHash, now, maxTries))
    .returning({ accountId: signInTickets.accountId, tries: signInTickets.tries });
  return row;
}

/** The account of a live ticket, no try counted. */
export async function liveTicketAccount(ticketHash: string, now: Date, maxTries: number): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ accountId: signInTickets.accountId })
    .from(signInTickets)
    .where(liveTicket(ticketHash, now, maxTries));
  return row ? row.accountId : null;
}

export async function deleteTicket(ticketHash: string): Promise<void> {
  const db = await getDb();
  await db.delete(signInTickets).where(eq(signInTickets.ticketHash, ticketHash));
}

/** How many authenticators are on (the start-up's key check). */
export async function countEnabledTotp(db: Database): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(accountTotp).where(isNotNull(accountTotp.enabledAt));
  return total;
}

/** The sealed secret of one authenticator that is on (the start-up's key check). */
export async function enabledTotpSecret(db: Database): Promise<string | undefined> {
  const [sample] = await db
    .select({ secret: accountTotp.secret })
    .from(accountTotp)
    .where(isNotNull(accountTotp.enabledAt))
    .limit(1);
  return sample?.secret;
}

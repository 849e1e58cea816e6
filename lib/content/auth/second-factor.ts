import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb, type Database } from '../../db';
import { accountPasskeys, accountTotp, recoveryCodes, signInTickets } from '../../db/schema';
import { hasSecretKey, MissingSecretKeyError, open, seal } from './secret-box';
import { matchTotp, newTotpSecret } from './totp';

/**
 * What an account's second factor is made of, in the database: its authenticator secret (sealed
 * with SECRET_KEY), its passkeys (lib/content/auth/passkeys.ts), its recovery codes (hashed) and the
 * tickets of sign-ins waiting for a code.
 * The operations that use them are in lib/content/operations/second-factor.ts.
 */
const SECRET_PURPOSE = 'totp-secret';

const RECOVERY_CODE_COUNT = 10;
/** Ten characters of a 32-letter alphabet: 50 bits, typed as two groups of five. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_LENGTH = 10;

export const TICKET_MS = 5 * 60 * 1000;
export const TICKET_TRIES = 5;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Whether the account's authenticator is turned on. */
async function hasTotp(accountId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ accountId: accountTotp.accountId })
    .from(accountTotp)
    .where(and(eq(accountTotp.accountId, accountId), isNotNull(accountTotp.enabledAt)));
  return !!row;
}

async function hasAnyPasskey(accountId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: accountPasskeys.id })
    .from(accountPasskeys)
    .where(eq(accountPasskeys.accountId, accountId))
    .limit(1);
  return !!row;
}

/** The second factors the account has: its authenticator (when on) and its passkeys. */
export async function secondFactors(accountId: number): Promise<{ totp: boolean; passkey: boolean }> {
  const [totp, passkey] = await Promise.all([hasTotp(accountId), hasAnyPasskey(accountId)]);
  return { totp, passkey };
}

/** Whether the account signs in with a second factor (an authenticator that is on, or a passkey). */
export async function hasSecondFactor(accountId: number): Promise<boolean> {
  const { totp, passkey } = await secondFactors(accountId);
  return totp || passkey;
}

/** `{totp, recoveryCodesLeft}` of an account, for its security screen. */
export async function secondFactorState(accountId: number): Promise<{ totp: boolean; recoveryCodesLeft: number }> {
  const db = await getDb();
  const [[left], { totp, passkey }] = await Promise.all([
    db
      .select({ total: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt))),
    secondFactors(accountId),
  ]);
  return { totp, recoveryCodesLeft: totp || passkey ? left.total : 0 };
}

/** Starts (or starts again) an enrolment: a new secret, stored sealed, off until a code confirms it. */
export async function beginTotpEnrolment(accountId: number): Promise<string> {
  const secret = newTotpSecret();
  const sealed = seal(secret, SECRET_PURPOSE);
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
  return secret;
}

/** The secret of an authenticator being set up (not on yet), to show again; null when there is none. */
export async function pendingTotpSecret(accountId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ secret: accountTotp.secret })
    .from(accountTotp)
    .where(and(eq(accountTotp.accountId, accountId), isNull(accountTotp.enabledAt)))
    .limit(1);
  return row ? open(row.secret, SECRET_PURPOSE) : null;
}

/**
 * Takes a code for the account's authenticator: the pending one (`pending`, enrolment) or the one
 * that is on. A code is taken once: its step must come after the last step taken, and one
 * statement records it, so two requests with the same code cannot both pass.
 */
export async function takeTotpCode(accountId: number, code: string, pending: boolean, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .select({ secret: accountTotp.secret })
    .from(accountTotp)
    .where(
      and(
        eq(accountTotp.accountId, accountId),
        pending ? isNull(accountTotp.enabledAt) : isNotNull(accountTotp.enabledAt),
      ),
    );
  const secret = row && open(row.secret, SECRET_PURPOSE);
  if (!secret) return false;
  const step = matchTotp(secret, code, now.getTime());
  if (step === null) return false;
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
 * Turns the authenticator off. The recovery codes go with the last second factor: they stay while
 * the account has a passkey.
 */
export async function removeTotp(accountId: number): Promise<void> {
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

/** Removes the recovery codes once the account has no second factor left (its last passkey removed). */
export async function dropRecoveryCodesIfNoFactor(accountId: number): Promise<void> {
  if (await hasSecondFactor(accountId)) return;
  const db = await getDb();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
}

/** Turns every second factor off: the authenticator, the passkeys and the recovery codes are removed. */
export async function removeSecondFactor(accountId: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(accountTotp).where(eq(accountTotp.accountId, accountId));
    await tx.delete(accountPasskeys).where(eq(accountPasskeys.accountId, accountId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  });
}

function newRecoveryCode(): string {
  const chars = Array.from(randomBytes(RECOVERY_LENGTH), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A typed recovery code as stored: case, spaces and dashes aside, and the letters read as digits. */
function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0').replace(/u/g, 'v');
}

/** A new set of recovery codes, returned once in clear; the old set is void. */
export async function replaceRecoveryCodes(accountId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ accountId, codeHash: sha256(normalRecoveryCode(code)) })));
  });
  return codes;
}

/** Uses one recovery code of the account: true once for each code of the current set. */
export async function takeRecoveryCode(accountId: number, code: string, now = new Date()): Promise<boolean> {
  const normal = normalRecoveryCode(code);
  if (normal.length !== RECOVERY_LENGTH) return false;
  const db = await getDb();
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.accountId, accountId),
        eq(recoveryCodes.codeHash, sha256(normal)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** A ticket for the second step of a sign-in whose password was right; stored as its SHA-256. */
export async function issueTicket(accountId: number, now = new Date()): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const db = await getDb();
  // Expired tickets are removed as new ones are made, so the table stays small without a timer.
  await db.delete(signInTickets).where(lt(signInTickets.expiresAt, now));
  await db
    .insert(signInTickets)
    .values({ ticketHash: sha256(ticket), accountId, expiresAt: new Date(now.getTime() + TICKET_MS) });
  return ticket;
}

/**
 * Counts one try of a ticket; answers its account, or null when the ticket is unknown, expired
 * or has had its TICKET_TRIES. One statement, so concurrent tries cannot pass the limit.
 */
export async function takeTicketTry(
  ticket: string,
  now = new Date(),
): Promise<{ accountId: number; triesLeft: number } | null> {
  const db = await getDb();
  const [row] = await db
    .update(signInTickets)
    .set({ tries: sql`${signInTickets.tries} + 1` })
    .where(
      and(
        eq(signInTickets.ticketHash, sha256(ticket)),
        gt(signInTickets.expiresAt, now),
        lt(signInTickets.tries, TICKET_TRIES),
      ),
    )
    .returning({ accountId: signInTickets.accountId, tries: signInTickets.tries });
  return row ? { accountId: row.accountId, triesLeft: TICKET_TRIES - row.tries } : null;
}

/** The account of a ticket still good for a try (unknown, expired or spent: null); no try is counted. */
export async function ticketAccount(ticket: string, now = new Date()): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ accountId: signInTickets.accountId })
    .from(signInTickets)
    .where(
      and(
        eq(signInTickets.ticketHash, sha256(ticket)),
        gt(signInTickets.expiresAt, now),
        lt(signInTickets.tries, TICKET_TRIES),
      ),
    );
  return row ? row.accountId : null;
}

export async function endTicket(ticket: string): Promise<void> {
  const db = await getDb();
  await db.delete(signInTickets).where(eq(signInTickets.ticketHash, sha256(ticket)));
}

/**
 * Run at start-up: with any account's second factor on, SECRET_KEY must be set, and must be the key
 * the secrets were sealed with; otherwise those accounts could not sign in, so the server refuses to
 * start and says why.
 */
export async function checkSecondFactorKey(db: Database): Promise<void> {
  const [{ total }] = await db.select({ total: count() }).from(accountTotp).where(isNotNull(accountTotp.enabledAt));
  if (total === 0) return;
  if (!hasSecretKey()) throw new MissingSecretKeyError(`${total} account(s) sign in with a second factor`);
  const [sample] = await db
    .select({ secret: accountTotp.secret })
    .from(accountTotp)
    .where(isNotNull(accountTotp.enabledAt))
    .limit(1);
  if (open(sample.secret, SECRET_PURPOSE) === null) {
    throw new Error(
      'SECRET_KEY does not open the stored authenticator secrets: it is not the key they were sealed with. ' +
        'Set SECRET_KEY back to that value (docs/operations.md, Configuration).',
    );
  }
}

import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db';
import {
  countEnabledTotp,
  countTicketTry,
  deleteRecoveryCodes,
  deleteSecondFactors,
  deleteTicket,
  deleteTotp,
  enabledTotpSecret,
  hasAnyPasskey,
  liveTicketAccount,
  replaceRecoveryCodeHashes,
  sealedTotpSecret,
  storePendingTotp,
  storeTicket,
  takeTotpStep,
  totpEnabled,
  unusedRecoveryCodes,
  spendRecoveryCode,
} from '../storage/second-factors';
import { hasSecretKey, MissingSecretKeyError, open, seal } from './secret-box';
import { matchTotp, newTotpSecret } from './totp';

/**
 * What an account's second factor is made of: its authenticator secret (sealed with SECRET_KEY), its
 * passkeys (lib/content/auth/passkeys.ts), its recovery codes (hashed) and the tickets of sign-ins
 * waiting for a code; stored by lib/content/storage/second-factors.ts.
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

/** The second factors the account has: its authenticator (when on) and its passkeys. */
export async function secondFactors(accountId: number): Promise<{ totp: boolean; passkey: boolean }> {
  const [totp, passkey] = await Promise.all([totpEnabled(accountId), hasAnyPasskey(accountId)]);
  return { totp, passkey };
}

/** Whether the account signs in with a second factor (an authenticator that is on, or a passkey). */
export async function hasSecondFactor(accountId: number): Promise<boolean> {
  const { totp, passkey } = await secondFactors(accountId);
  return totp || passkey;
}

/** `{totp, recoveryCodesLeft}` of an account, for its security screen. */
export async function secondFactorState(accountId: number): Promise<{ totp: boolean; recoveryCodesLeft: number }> {
  const [left, { totp, passkey }] = await Promise.all([unusedRecoveryCodes(accountId), secondFactors(accountId)]);
  return { totp, recoveryCodesLeft: totp || passkey ? left : 0 };
}

/** Starts (or starts again) an enrolment: a new secret, stored sealed, off until a code confirms it. */
export async function beginTotpEnrolment(accountId: number): Promise<string> {
  const secret = newTotpSecret();
  const sealed = seal(secret, SECRET_PURPOSE);
  await storePendingTotp(accountId, sealed);
  return secret;
}

/** The secret of an authenticator being set up (not on yet), to show again; null when there is none. */
export async function pendingTotpSecret(accountId: number): Promise<string | null> {
  const sealed = await sealedTotpSecret(accountId, true);
  return sealed !== undefined ? open(sealed, SECRET_PURPOSE) : null;
}

/**
 * Takes a code for the account's authenticator: the pending one (`pending`, enrolment) or the one
 * that is on. A code is taken once: its step must come after the last step taken, and one
 * statement records it, so two requests with the same code cannot both pass.
 */
export async function takeTotpCode(accountId: number, code: string, pending: boolean, now = new Date()) {
  const sealed = await sealedTotpSecret(accountId, pending);
  const secret = sealed !== undefined && open(sealed, SECRET_PURPOSE);
  if (!secret) return false;
  const step = matchTotp(secret, code, now.getTime());
  if (step === null) return false;
  return takeTotpStep(accountId, step, pending, now);
}

/**
 * Turns the authenticator off. The recovery codes go with the last second factor: they stay while
 * the account has a passkey.
 */
export async function removeTotp(accountId: number): Promise<void> {
  await deleteTotp(accountId);
}

/** Removes the recovery codes once the account has no second factor left (its last passkey removed). */
export async function dropRecoveryCodesIfNoFactor(accountId: number): Promise<void> {
  if (await hasSecondFactor(accountId)) return;
  await deleteRecoveryCodes(accountId);
}

/** Turns every second factor off: the authenticator, the passkeys and the recovery codes are removed. */
export async function removeSecondFactor(accountId: number): Promise<void> {
  await deleteSecondFactors(accountId);
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
  await replaceRecoveryCodeHashes(
    accountId,
    codes.map((code) => sha256(normalRecoveryCode(code))),
  );
  return codes;
}

/** Uses one recovery code of the account: true once for each code of the current set. */
export async function takeRecoveryCode(accountId: number, code: string, now = new Date()): Promise<boolean> {
  const normal = normalRecoveryCode(code);
  if (normal.length !== RECOVERY_LENGTH) return false;
  return spendRecoveryCode(accountId, sha256(normal), now);
}

/** A ticket for the second step of a sign-in whose password was right; stored as its SHA-256. */
export async function issueTicket(accountId: number, now = new Date()): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await storeTicket(sha256(ticket), accountId, new Date(now.getTime() + TICKET_MS), now);
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
  const row = await countTicketTry(sha256(ticket), now, TICKET_TRIES);
  return row ? { accountId: row.accountId, triesLeft: TICKET_TRIES - row.tries } : null;
}

/** The account of a ticket still good for a try (unknown, expired or spent: null); no try is counted. */
export async function ticketAccount(ticket: string, now = new Date()): Promise<number | null> {
  return liveTicketAccount(sha256(ticket), now, TICKET_TRIES);
}

export async function endTicket(ticket: string): Promise<void> {
  await deleteTicket(sha256(ticket));
}

/**
 * Run at start-up: with any account's second factor on, SECRET_KEY must be set, and must be the key
 * the secrets were sealed with; otherwise those accounts could not sign in, so the server refuses to
 * start and says why.
 */
export async function checkSecondFactorKey(db: Database): Promise<void> {
  const total = await countEnabledTotp(db);
  if (total === 0) return;
  if (!hasSecretKey()) throw new MissingSecretKeyError(`${total} account(s) sign in with a second factor`);
  const sealed = await enabledTotpSecret(db);
  if (open(sealed!, SECRET_PURPOSE) === null) {
    throw new Error(
      'SECRET_KEY does not open the stored authenticator secrets: it is not the key they were sealed with. ' +
        'Set SECRET_KEY back to that value (docs/operations.md, Configuration).',
    );
  }
}

import 'server-only';
import { ensureAdmin } from '../auth/accounts';
import { translate } from '../../i18n/messages';
import { requireAccess, type Actor } from '../model/actor';
import { recordAudit } from '../storage/audit';
import { accountByUsername, countSignInFailure, recordSignIn } from '../storage/accounts';
import { countLockFailure, lockedUntil } from '../storage/rate-limits';
import { verifyCaptcha } from '../auth/captcha';
import { invalid } from '../model/errors';
import { rowOf } from '../model/row-check';
import accountDefinition from '../resources/account';
import { verifyPassword } from '../auth/passwords';
import { hit, signInLimit } from '../auth/rate-limit';
import { issueTicket, secondFactors } from '../auth/second-factor';
import { createSession, revokeSession } from '../auth/sessions';
import { noticeNewDevice } from './sign-in-notice';
import { mustEnrol } from './second-factor-policy';

const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MS = 15 * 60 * 1000;

/**
 * The ways the second step of a sign-in takes (docs/api.md, Second factor): an authenticator code,
 * a passkey, a recovery code. The first two are offered when the account has them.
 */
const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;

/**
 * The answer of a sign-in, refused ones included (docs/decisions.md): a token, or none with whether the name is locked
 * and why. The right password of an account with a second factor gives no token yet, but a ticket
 * for the second step (`account/login2`).
 */
export interface SignInResult {
  token: string | null;
  locked: boolean;
  message?: string;
  secondFactor?: { ticket: string; methods: readonly string[] };
}

/**
 * Signs in with a username and password (`input.captchaToken` when captcha is on). Every attempt
 * counts against the per-address limit first. Five wrong passwords lock the account for fifteen
 * minutes; while locked no token is issued, even for the right password. A wrong username and a
 * wrong password get the same answer, in the same time, and lock alike.
 */
export async function signIn(actor: Actor, input: Record<string, unknown>): Promise<SignInResult> {
  await hit(signInLimit, actor.clientAddress);
  const { username, password } = input;
  if (typeof username !== 'string' || typeof password !== 'string' || !username.trim() || !password)
    throw invalid('loginMissing');
  await verifyCaptcha(input.captchaToken, actor.clientAddress, 'login');
  const name = username.trim().slice(0, 64);
  const { accountId, ...result } = await attemptSignIn(actor, name, password);
  // Half a sign-in is neither a sign-in nor a failure: the second step records how it ends.
  if (result.secondFactor) return result;
  await recordAudit(actor, {
    action: result.token ? 'signIn' : 'signInFailed',
    resource: accountDefinition.name,
    rowId: accountId,
    account: { id: accountId, name },
    summary: result.locked ? 'locked' : undefined,
  });
  return result;
}

async function attemptSignIn(
  actor: Actor,
  name: string,
  password: string,
): Promise<SignInResult & { accountId: number | null }> {
  const now = new Date();
  const stored = await accountByUsername(name);
  const found = stored && rowOf(accountDefinition, stored);
  const failed = (locked = false, minutes = 0) => ({
    accountId: found?.id ?? null,
    ...refusal(actor, locked ? minutes : null),
  });
  const lockedFor = (until: Date | null) => minutesUntil(until, now);

  if (found?.lockedUntil && found.lockedUntil > now) return failed(true, lockedFor(found.lockedUntil));
  const unusable = !found || found.isDisabled;
  const nameKey = name.toLowerCase();
  if (unusable) {
    const until = await nameLockedUntil(nameKey);
    if (until && until > now) return failed(true, lockedFor(until));
  }
  const passwordOk = await verifyPassword(password, found?.passwordHash);
  if (unusable) {
    const until = await countNameFailure(nameKey, now);
    return until ? failed(true, lockedFor(until)) : failed();
  }
  if (!passwordOk) {
    const lockedUntil = await countAccountFailure(found.id, now);
    return failed(!!lockedUntil, lockedFor(lockedUntil));
  }
  const factors = await secondFactors(found.id);
  if (factors.totp || factors.passkey) {
    // The count of failures goes on until the second step succeeds, so codes cannot be guessed
    // without end by giving the right password between tries.
    const methods = SECOND_FACTOR_METHODS.filter((method) => method === 'recovery' || factors[method]);
    return {
      accountId: found.id,
      token: null,
      locked: false,
      secondFactor: { ticket: await issueTicket(found.id, now), methods },
    };
  }
  return { accountId: found.id, token: await completeSignIn(actor, found.id, now), locked: false };
}

/**
 * The end of a successful sign-in: the failures are forgotten and a session begins, with the
 * client's address and browser; a browser and address new to the account are mailed to its owner.
 */
export async function completeSignIn(actor: Actor, accountId: number, now: Date): Promise<string> {
  await recordSignIn(accountId, now);
  const token = await createSession(accountId, { address: actor.clientAddress, userAgent: actor.userAgent });
  await noticeNewDevice(actor, accountId, now);
  return token;
}

/** A refused sign-in's answer: locked for `minutes`, or (null) wrong credentials, or another reason's message. */
export function refusal(actor: Actor, lockedMinutes: number | null, reason = 'api.loginFailed'): SignInResult {
  return {
    token: null,
    locked: lockedMinutes !== null,
    message:
      lockedMinutes !== null
        ? translate(actor.language, 'api.accountLocked', { minutes: lockedMinutes })
        : translate(actor.language, reason),
  };
}

/** Whole minutes until `until`, at least one. */
export const minutesUntil = (until: Date | null, now: Date) =>
  Math.max(1, Math.ceil(((until?.getTime() ?? 0) - now.getTime()) / 60000));

/**
 * Counts one failed sign-in of an account (a wrong password or a wrong second-factor code); at the
 * fifth the account is locked for LOCK_MS and the end of the lock is returned, else null.
 */
export async function countAccountFailure(accountId: number, now: Date): Promise<Date | null> {
  const lockedUntil = await countSignInFailure(accountId, MAX_FAILED_SIGN_INS, new Date(now.getTime() + LOCK_MS));
  return lockedUntil && lockedUntil > now ? lockedUntil : null;
}

/**
 * Failures against a username with no usable account (unknown or disabled) lock that name exactly as
 * they would lock an account, so the lockout never tells which usernames exist. Kept in the
 * rate-limit table: `hits` counts failures, `window_start` holds the end of the lock (the epoch when
 * unlocked).
 */
const nameLock = { bucket: 'sign-in-name', unlocked: new Date(0) };

const nameLockedUntil = (name: string) => lockedUntil(nameLock.bucket, name);

/** Counts one failure; at the fifth the name is locked for LOCK_MS and its end is returned. */
async function countNameFailure(name: string, now: Date): Promise<Date | null> {
  const until = await countLockFailure(
    nameLock.bucket,
    name,
    MAX_FAILED_SIGN_INS,
    new Date(now.getTime() + LOCK_MS),
    nameLock.unlocked,
  );
  return until > now ? until : null;
}

/**
 * Whether the actor is signed in, and as whom: `{valid, role, username, displayName}`, and `secondFactorRequired` when
 * it must enrol first.
 */
export async function sessionStatus(actor: Actor) {
  if (!actor.account) return { valid: false };
  const { role, username, displayName } = actor.account;
  // The second-factor policy covers this account and it has none yet: the back office shows only its security screen.
  const required = await mustEnrol(actor.account);
  return { valid: true, role, username, displayName, ...(required ? { secondFactorRequired: true } : {}) };
}

/** Ends the session of the token the actor signed in with; the client removes its copy. */
export async function signOut(actor: Actor, token: string | null) {
  if (token) await revokeSession(token);
  if (actor.account)
    await recordAudit(actor, { action: 'signOut', resource: accountDefinition.name, rowId: actor.account.id });
  return { ok: true };
}

/**
 * Creates an Admin unless an account of that name exists (`npm run create-admin`, or an Admin);
 * returns whether it created one. The server's own start-up uses `ensureAdmin` directly, before
 * the database is ready for operations.
 */
export async function createAdmin(
  actor: Actor,
  input: { username: string; password: string; displayName?: string },
): Promise<boolean> {
  requireAccess(actor, 'admin');
  return ensureAdmin(undefined, input.username, input.password, input.displayName);
}

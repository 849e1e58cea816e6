import 'server-only';
import { config } from '../../config';
import { verifyPassword } from '../auth/passwords';
import { hit, signInLimit } from '../auth/rate-limit';
import { checkAssertion, relyingParty, type AuthenticationResponseJSON } from '../auth/passkeys';
import {
  beginTotpEnrolment,
  endTicket,
  hasSecondFactor,
  removeSecondFactor,
  removeTotp,
  replaceRecoveryCodes,
  secondFactors,
  secondFactorState,
  takeRecoveryCode,
  takeTicketTry,
  takeTotpCode,
} from '../auth/second-factor';
import { hasSecretKey } from '../auth/secret-box';
import { otpauthUrl, TOTP_DIGITS } from '../auth/totp';
import { requireAccess, requireOwnAccount, type Actor, type ActorAccount } from '../model/actor';
import { conflict, invalid, invalidFields, notFound, positiveInteger } from '../model/errors';
import { accountByUsername, passwordHashOf, signInStateOf } from '../storage/accounts';
import { recordAudit } from '../storage/audit';
import accountDefinition from '../resources/account';
import { completeSignIn, countAccountFailure, minutesUntil, refusal, type SignInResult } from './account';
import { endSessionsAfterChange } from './sessions';

/**
 * An account's own second factor (the back office's Account security screen) and the second step
 * of a sign-in. Every account manages only its own: the actor's.
 */

export function signedInAccount(actor: Actor): ActorAccount {
  // Not requireAccess: a Member secures their own account too, and the console operator has none.
  return requireOwnAccount(actor);
}

/** `{totp, recoveryCodesLeft}`: whether the actor's authenticator is on, and how many recovery codes are unused. */
export async function securityStatus(actor: Actor) {
  return secondFactorState(signedInAccount(actor).id);
}

/** The name authenticator apps show above the account: the site's host. */
function issuer(): string {
  try {
    return new URL(config().siteUrl).hostname || 'Gonghui';
  } catch {
    return 'Gonghui';
  }
}

/** Starts enrolment: a new secret, off until `totpEnable` gets a code of it. */
export async function totpSetup(actor: Actor): Promise<{ secret: string; otpauthUrl: string }> {
  const me = signedInAccount(actor);
  if (!hasSecretKey()) throw conflict('secondFactorNoKey');
  if ((await secondFactors(me.id)).totp) throw conflict('secondFactorAlreadyOn');
  const secret = await beginTotpEnrolment(me.id);
  return { secret, otpauthUrl: otpauthUrl(secret, issuer(), me.username) };
}

function codeOf(input: Record<string, unknown>): string {
  const code = typeof input.code === 'string' ? input.code.replace(/\s/g, '') : '';
  if (!code) throw invalidFields([{ field: 'code', key: 'secondFactorCodeMissing', values: {} }]);
  return code;
}

/**
 * Turns the authenticator on with a code from it; answers a new set of recovery codes, shown once
 * (a set the account had for its passkeys stops working).
 */
export async function totpEnable(actor: Actor, input: Record<string, unknown>): Promise<{ recoveryCodes: string[] }> {
  const me = signedInAccount(actor);
  const code = codeOf(input);
  if ((await secondFactors(me.id)).totp) throw conflict('secondFactorAlreadyOn');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code) || !(await takeTotpCode(me.id, code, true))) {
    throw invalidFields([{ field: 'code', key: 'secondFactorCodeWrong', values: {} }]);
  }
  const recoveryCodes = await replaceRecoveryCodes(me.id);
  await recordAudit(actor, { action: 'secondFactorOn', resource: accountDefinition.name, rowId: me.id });
  await endSessionsAfterChange(actor, me.id, 'secondFactor');
  return { recoveryCodes };
}

/** The password again, for what a stolen session alone must not do; every try counts against the per-address limit. */
export async function confirmPassword(actor: Actor, me: ActorAccount, input: Record<string, unknown>): Promise<void> {
  await hit(signInLimit, actor.clientAddress);
  const password = typeof input.password === 'string' ? input.password : '';
  if (!password) throw invalidFields([{ field: 'password', key: 'passwordMissing', values: {} }]);
  if (!(await verifyPassword(password, await passwordHashOf(me.id))))
    throw invalidFields([{ field: 'password', key: 'passwordWrong', values: {} }]);
}

/**
 * Turns the authenticator off with the account's password; the recovery codes go too unless the
 * account has a passkey.
 */
export async function totpDisable(actor: Actor, input: Record<string, unknown>) {
  const me = signedInAccount(actor);
  await confirmPassword(actor, me, input);
  await removeTotp(me.id);
  await recordAudit(actor, { action: 'secondFactorOff', resource: accountDefinition.name, rowId: me.id });
  await endSessionsAfterChange(actor, me.id, 'secondFactor');
  return secondFactorState(me.id);
}

/** A new set of recovery codes (the old set is void), with the account's password. */
export async function newRecoveryCodes(
  actor: Actor,
  input: Record<string, unknown>,
): Promise<{ recoveryCodes: string[] }> {
  const me = signedInAccount(actor);
  await confirmPassword(actor, me, input);
  if (!(await hasSecondFactor(me.id))) throw conflict('secondFactorOff');
  const recoveryCodes = await replaceRecoveryCodes(me.id);
  await recordAudit(actor, { action: 'recoveryCodes', resource: accountDefinition.name, rowId: me.id });
  await endSessionsAfterChange(actor, me.id, 'secondFactor');
  return { recoveryCodes };
}

/**
 * Turns another account's second factor off, for a person who lost both their phone and their recovery codes
 * (`npm run reset-second-factor`, the operator, by username; Admins, by the account's id:
 * `POST account/resetsecondfactor/{id}`): its authenticator, passkeys and recovery codes are removed, and it signs in
 * with its password alone until it sets up a new second factor. Returns whether it had one. The audit log records who
 * did it.
 */
export async function resetSecondFactor(
  actor: Actor,
  who: { username: string } | { id: string | number },
): Promise<boolean> {
  requireAccess(actor, 'admin');
  const found =
    'username' in who ? await accountByUsername(who.username) : await signInStateOf(positiveInteger(who.id));
  if (!found) throw notFound();
  const id = Number(found.id);
  const had = await hasSecondFactor(id);
  await removeSecondFactor(id);
  await recordAudit(actor, {
    action: 'secondFactorOff',
    resource: accountDefinition.name,
    rowId: id,
    account: { id, name: String(found.username ?? '') },
    summary: 'reset',
  });
  await endSessionsAfterChange(actor, id, 'secondFactor');
  return had;
}

/**
 * The second step of a sign-in (`account/login2`): the ticket of the first and a code, from the
 * authenticator (six digits) or a recovery code, or a passkey's answer (`passkey`, to the options of
 * `account/passkey/loginoptions` with the ticket). Answers as `account/login` does. A ticket is good
 * for TICKET_MS and TICKET_TRIES tries; each wrong one also counts toward the account's lockout; an
 * authenticator code is taken once.
 */
export async function signInSecondStep(actor: Actor, input: Record<string, unknown>): Promise<SignInResult> {
  await hit(signInLimit, actor.clientAddress);
  const ticket = typeof input.ticket === 'string' ? input.ticket.slice(0, 200) : '';
  const code = typeof input.code === 'string' ? input.code.replace(/\s/g, '').slice(0, 64) : '';
  const passkey = isObject(input.passkey) ? input.passkey : null;
  if (!ticket || (!code && !passkey)) throw invalid('secondFactorMissing');
  const now = new Date();
  const tried = await takeTicketTry(ticket, now);
  if (!tried) return refusal(actor, null, 'api.secondFactorExpired');
  const found = await signInStateOf(tried.accountId);
  if (!found || found.isDisabled) {
    await endTicket(ticket);
    return refusal(actor, null, 'api.secondFactorExpired');
  }
  const id = Number(found.id);
  const who = { id, name: String(found.username ?? '') };
  const lockedUntil = found.lockedUntil instanceof Date ? found.lockedUntil : null;
  if (lockedUntil && lockedUntil > now) {
    await endTicket(ticket);
    await recordAudit(actor, {
      action: 'signInFailed',
      resource: accountDefinition.name,
      rowId: id,
      account: who,
      summary: 'locked',
    });
    return refusal(actor, minutesUntil(lockedUntil, now));
  }
  const method = passkey ? 'passkey' : new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code) ? 'totp' : 'recovery';
  const taken =
    method === 'passkey'
      ? await takePasskey(passkey, id, now)
      : method === 'totp'
        ? await takeTotpCode(id, code, false, now)
        : await takeRecoveryCode(id, code, now);
  if (taken) {
    await endTicket(ticket);
    const token = await completeSignIn(actor, id, now);
    await recordAudit(actor, {
      action: 'signIn',
      resource: accountDefinition.name,
      rowId: id,
      account: who,
      summary: method,
    });
    return { token, locked: false };
  }
  const lockedNow = await countAccountFailure(id, now);
  if (lockedNow || tried.triesLeft === 0) await endTicket(ticket);
  await recordAudit(actor, {
    action: 'signInFailed',
    resource: accountDefinition.name,
    rowId: id,
    account: who,
    summary: lockedNow ? 'locked' : method,
  });
  if (lockedNow) return refusal(actor, minutesUntil(lockedNow, now));
  return refusal(actor, null, method === 'passkey' ? 'api.passkeyWrong' : 'api.secondFactorWrong');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A passkey's answer for the second step: one of the account's passkeys, to a challenge of its ticket. */
async function takePasskey(answer: Record<string, unknown> | null, accountId: number, now: Date): Promise<boolean> {
  const rp = relyingParty();
  if (!rp || !answer) return false;
  const checked = await checkAssertion(rp, answer as unknown as AuthenticationResponseJSON, accountId, now);
  return !!checked?.ok;
}

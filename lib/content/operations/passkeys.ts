import 'server-only';
import {
  authenticationOptions,
  checkAssertion,
  listPasskeys,
  PASSKEY_NAME_MAX,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  type AuthenticationResponseJSON,
  type PasskeyEntry,
  type RegistrationResponseJSON,
} from '../auth/passkeys';
import { hit, passkeyOptionsLimit, signInLimit } from '../auth/rate-limit';
import {
  dropRecoveryCodesIfNoFactor,
  hasSecondFactor,
  replaceRecoveryCodes,
  ticketAccount,
} from '../auth/second-factor';
import type { Actor } from '../model/actor';
import { conflict, invalid, invalidFields, notFound, positiveInteger } from '../model/errors';
import { wireInstant } from '../model/wire';
import { signInStateOf } from '../storage/accounts';
import { recordAudit } from '../storage/audit';
import accountDefinition from '../resources/account';
import { completeSignIn, countAccountFailure, minutesUntil, refusal, type SignInResult } from './account';
import { confirmPassword, signedInAccount } from './second-factor';
import { endSessionsAfterChange } from './sessions';

/**
 * Passkeys (WebAuthn): an account adds, lists and removes its own on the Account security screen;
 * a passkey is a second factor after the password (`account/login2`), and signs in on its own from
 * the sign-in page (`account/passkey/login`), since it holds both factors (the device, and the
 * fingerprint, face or PIN that unlocks it).
 */

/** The relying party, or a clear refusal when SITE_URL is no host name (browsers refuse WebAuthn on an IP address). */
function siteRelyingParty() {
  const rp = relyingParty();
  if (!rp) throw conflict('passkeyNoHostName');
  return rp;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function responseOf(input: Record<string, unknown>, field: string) {
  const response = input[field];
  if (!isObject(response)) throw invalid('passkeyResponseMissing');
  return response;
}

const wirePasskey = (entry: PasskeyEntry) => ({
  id: entry.id,
  name: entry.name,
  createdAt: wireInstant(entry.createdAt),
  lastUsedAt: entry.lastUsedAt ? wireInstant(entry.lastUsedAt) : null,
});

/** `{data: [{id, name, createdAt, lastUsedAt}]}`: the actor's passkeys, oldest first. */
export async function passkeyList(actor: Actor) {
  const me = signedInAccount(actor);
  return { data: (await listPasskeys(me.id)).map(wirePasskey) };
}

/** The options for the browser's `navigator.credentials.create()` that adds a passkey to the actor's account. */
export async function passkeyOptions(actor: Actor) {
  const me = signedInAccount(actor);
  const rp = siteRelyingParty();
  return registrationOptions(rp, me);
}

/**
 * Adds the passkey the browser made (`{name, response}`). The first second factor of an account
 * also answers ten recovery codes, shown once, as turning the authenticator on does.
 */
export async function passkeyRegister(actor: Actor, input: Record<string, unknown>) {
  const me = signedInAccount(actor);
  const name = typeof input.name === 'string' ? input.name.replace(/\s+/g, ' ').trim() : '';
  if (!name) throw invalidFields([{ field: 'name', key: 'passkeyNameMissing', values: {} }]);
  if (name.length > PASSKEY_NAME_MAX)
    throw invalidFields([{ field: 'name', key: 'passkeyNameLong', values: { max: PASSKEY_NAME_MAX } }]);
  const response = responseOf(input, 'response');
  const rp = siteRelyingParty();
  const hadSecondFactor = await hasSecondFactor(me.id);
  const entry = await registerPasskey(rp, me.id, name, response as unknown as RegistrationResponseJSON);
  if (!entry) throw invalid('passkeyNotAdded');
  const recoveryCodes = hadSecondFactor ? null : await replaceRecoveryCodes(me.id);
  await recordAudit(actor, { action: 'passkeyAdded', resource: accountDefinition.name, rowId: me.id, summary: name });
  await endSessionsAfterChange(actor, me.id, 'secondFactor');
  return { passkey: wirePasskey(entry), ...(recoveryCodes ? { recoveryCodes } : {}) };
}

/**
 * Removes one of the actor's passkeys, with the account's password (as every removal of a second
 * factor asks); with the last second factor the recovery codes go too.
 */
export async function passkeyRemove(actor: Actor, id: string, input: Record<string, unknown>) {
  const me = signedInAccount(actor);
  const passkeyId = positiveInteger(id);
  await confirmPassword(actor, me, input);
  const name = await removePasskey(me.id, passkeyId);
  if (name === null) throw notFound();
  await dropRecoveryCodesIfNoFactor(me.id);
  await recordAudit(actor, { action: 'passkeyRemoved', resource: accountDefinition.name, rowId: me.id, summary: name });
  await endSessionsAfterChange(actor, me.id, 'secondFactor');
  return { id: passkeyId };
}

/**
 * The options for the browser's `navigator.credentials.get()`: without a ticket, for a sign-in by
 * passkey alone (any passkey of this site); with the ticket of `account/login`, for its second step
 * (the account's passkeys).
 */
export async function passkeyLoginOptions(actor: Actor, input: Record<string, unknown>) {
  await hit(passkeyOptionsLimit, actor.clientAddress);
  const rp = siteRelyingParty();
  if (input.ticket === undefined || input.ticket === null) return authenticationOptions(rp, null);
  const ticket = typeof input.ticket === 'string' ? input.ticket.slice(0, 200) : '';
  const accountId = ticket ? await ticketAccount(ticket) : null;
  if (accountId === null) throw invalid('secondFactorExpired');
  const options = await authenticationOptions(rp, accountId);
  if (!options.allowCredentials?.length) throw invalid('passkeyNone');
  return options;
}

/**
 * Signs in with a passkey alone (`{response}`, the browser's answer to `passkeyLoginOptions`).
 * Answers as `account/login` does; an unknown passkey, a wrong answer and a disabled account get the
 * answer of a wrong password, and a wrong answer counts toward its account's lockout.
 */
export async function passkeySignIn(actor: Actor, input: Record<string, unknown>): Promise<SignInResult> {
  await hit(signInLimit, actor.clientAddress);
  const response = responseOf(input, 'response');
  const rp = relyingParty();
  const now = new Date();
  const checked = rp ? await checkAssertion(rp, response as unknown as AuthenticationResponseJSON, null, now) : null;
  const failed = async (accountId: number | null, name: string, summary = 'passkey') => {
    await recordAudit(actor, {
      action: 'signInFailed',
      resource: accountDefinition.name,
      rowId: accountId,
      account: { id: accountId, name },
      summary,
    });
  };
  if (!checked) {
    await failed(null, '');
    return refusal(actor, null);
  }
  const found = await signInStateOf(checked.accountId);
  const name = String(found?.username ?? '');
  if (!found || found.isDisabled) {
    await failed(checked.accountId, name);
    return refusal(actor, null);
  }
  const id = Number(found.id);
  const lockedUntil = found.lockedUntil instanceof Date ? found.lockedUntil : null;
  if (lockedUntil && lockedUntil > now) {
    await failed(id, name, 'locked');
    return refusal(actor, minutesUntil(lockedUntil, now));
  }
  if (!checked.ok) {
    const lockedNow = await countAccountFailure(id, now);
    await failed(id, name, lockedNow ? 'locked' : 'passkey');
    return refusal(actor, lockedNow ? minutesUntil(lockedNow, now) : null);
  }
  const token = await completeSignIn(actor, id, now);
  await recordAudit(actor, {
    action: 'signIn',
    resource: accountDefinition.name,
    rowId: id,
    account: { id, name },
    summary: 'passkey',
  });
  return { token, locked: false };
}

import 'server-only';
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { config } from '../../config';
import {
  deleteChallenge,
  deletePasskey,
  insertPasskey,
  passkeyByCredential,
  passkeyCredentialsOf,
  passkeysOf,
  recordPasskeyUse,
  storeChallengeHash,
} from '../storage/passkeys';

/**
 * What an account's passkeys (WebAuthn) are made of, in the database, and the ceremonies' checks,
 * done by @simplewebauthn/server: the relying party is the site of SITE_URL, each ceremony's
 * challenge is stored (hashed) and taken once, and the signature counter must go up. The operations
 * that use them are in lib/content/operations/passkeys.ts.
 */

export type { AuthenticationResponseJSON, RegistrationResponseJSON };

export const CHALLENGE_MS = 5 * 60 * 1000;
export const PASSKEY_NAME_MAX = 100;

type ChallengePurpose = 'register' | 'login' | 'second';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The relying party: its id is SITE_URL's host name and the ceremonies must come from SITE_URL's
 * origin. Browsers refuse WebAuthn for an IP address, so there is none then (passkeys are off).
 */
export function relyingParty(): { id: string; origin: string } | null {
  let url: URL;
  try {
    url = new URL(config().siteUrl);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host || isIP(host)) return null;
  return { id: host, origin: url.origin };
}

/** A passkey as the account's own list shows it. */
export interface PasskeyEntry {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listPasskeys(accountId: number): Promise<PasskeyEntry[]> {
  return passkeysOf(accountId);
}

/** Removes one passkey of the account; answers its name, or null when the account has none by that id. */
export async function removePasskey(accountId: number, id: number): Promise<string | null> {
  return deletePasskey(accountId, id);
}

async function storeChallenge(challenge: string, purpose: ChallengePurpose, accountId: number | null, now: Date) {
  await storeChallengeHash(
    { challengeHash: sha256(challenge), purpose, accountId, expiresAt: new Date(now.getTime() + CHALLENGE_MS) },
    now,
  );
}

/**
 * Takes a challenge once: true when it was issued for this purpose (and account), and has not
 * expired or been taken. One statement, so two requests with the same answer cannot both pass.
 */
async function takeChallenge(challenge: string, purpose: ChallengePurpose, accountId: number | null, now: Date) {
  const expiresAt = await deleteChallenge(sha256(challenge), purpose, accountId);
  return expiresAt !== undefined && expiresAt > now;
}

/** The user handle the authenticator keeps with a passkey: the account's id, nothing personal. */
const userHandle = (accountId: number) => new TextEncoder().encode(`account-${accountId}`);
const handleOf = (accountId: number) => Buffer.from(userHandle(accountId)).toString('base64url');

const splitTransports = (text: string) => (text ? text.split(',') : []);

/** The options of `navigator.credentials.create()` for adding a passkey; its challenge is stored. */
export async function registrationOptions(
  rp: { id: string },
  who: { id: number; username: string; displayName: string },
  now = new Date(),
) {
  const existing = await passkeyCredentialsOf(who.id);
  const options = await generateRegistrationOptions({
    rpName: rp.id,
    rpID: rp.id,
    userName: who.username,
    userDisplayName: who.displayName || who.username,
    userID: userHandle(who.id),
    attestationType: 'none',
    // The same authenticator twice would be one passkey under two names.
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: splitTransports(row.transports) })),
    // A passkey signs in on its own from the sign-in page, which knows no username: it must be discoverable.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_MS,
  });
  await storeChallenge(options.challenge, 'register', who.id, now);
  return options;
}

/**
 * Checks an authenticator's answer to `registrationOptions` and stores the passkey; answers its
 * entry, or null when the answer is not good (wrong challenge, origin, site, signature…).
 */
export async function registerPasskey(
  rp: { id: string; origin: string },
  accountId: number,
  name: string,
  response: RegistrationResponseJSON,
  now = new Date(),
): Promise<PasskeyEntry | null> {
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(challenge, 'register', accountId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return null;
  }
  if (!verified.verified) return null;
  const { credential } = verified.registrationInfo;
  const row = await insertPasskey({
    accountId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: (credential.transports ?? []).join(',').slice(0, 200),
    name,
    createdAt: now,
  });
  return row ?? null;
}

/**
 * The options of `navigator.credentials.get()`: for a sign-in by passkey alone, any passkey of the
 * site, with user verification (the passkey is both factors); for the second step, the account's.
 */
export async function authenticationOptions(rp: { id: string }, accountId: number | null, now = new Date()) {
  const allowed =
    accountId === null
      ? undefined
      : (await passkeyCredentialsOf(accountId)).map((row) => ({
          id: row.credentialId,
          transports: splitTransports(row.transports),
        }));
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed,
    userVerification: accountId === null ? 'required' : 'preferred',
    timeout: CHALLENGE_MS,
  });
  await storeChallenge(options.challenge, accountId === null ? 'login' : 'second', accountId, now);
  return options;
}

/** What a passkey assertion proved: whose passkey signed (null: none of this site's, or not the account's). */
type AssertionResult = { accountId: number; passkeyId: number; ok: boolean } | null;

/**
 * Checks a passkey assertion: the passkey must be known (and the account's, for the second step),
 * the challenge one of this purpose not yet taken, the signature good and its counter higher than
 * the last one seen (unless the authenticator keeps none); then the counter and last use are stored.
 * `ok` false: the passkey is known but the answer was not good (counted as a failure of its account).
 */
export async function checkAssertion(
  rp: { id: string; origin: string },
  response: AuthenticationResponseJSON,
  accountId: number | null,
  now = new Date(),
): Promise<AssertionResult> {
  if (typeof response?.id !== 'string' || response.id.length > 1400) return null;
  const found = await passkeyByCredential(response.id, accountId);
  if (!found) return null;
  const result = { accountId: found.accountId, passkeyId: found.id };
  // A discoverable passkey names its user: it must be the account the passkey was added to.
  const handle = response.response?.userHandle;
  if (handle && handle !== handleOf(found.accountId)) return { ...result, ok: false };
  const credential: WebAuthnCredential = {
    id: found.credentialId,
    publicKey: new Uint8Array(Buffer.from(found.publicKey, 'base64url')),
    counter: Number(found.counter),
    transports: splitTransports(found.transports),
  };
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) =>
        takeChallenge(challenge, accountId === null ? 'login' : 'second', accountId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential,
      requireUserVerification: accountId === null,
    });
    if (!verified.verified) return { ...result, ok: false };
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    return { ...result, ok: false };
  }
  return { ...result, ok: await recordPasskeyUse(found.id, newCounter, now) };
}

import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';

/**
 * The browser's side of a passkey (WebAuthn), apart from any HTTP client: the back office
 * (lib/client/passkeys.ts) and the public site's member area both run these.
 */

/**
 * The browser refused or gave up the ceremony (the person cancelled, no authenticator answered in
 * time, the site is not a secure context): nothing was sent to the server.
 */
export class PasskeyCeremonyError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PasskeyCeremonyError';
  }
}

async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PasskeyCeremonyError(error);
  }
}

/** The browser makes a passkey for the server's options (`account/passkey/options`). */
export const createPasskey = (optionsJSON: PublicKeyCredentialCreationOptionsJSON) =>
  ceremony(() => startRegistration({ optionsJSON }));

/** The browser signs the server's challenge with a passkey (`account/passkey/loginoptions`). */
export const answerWithPasskey = (optionsJSON: PublicKeyCredentialRequestOptionsJSON) =>
  ceremony(() => startAuthentication({ optionsJSON }));

const unchanging = () => () => {};

/**
 * Whether this browser has WebAuthn; on the server (and so in the first render, which must match
 * the server's HTML) `onServer`.
 */
export const usePasskeysSupported = (onServer: boolean) =>
  useSyncExternalStore(unchanging, browserSupportsWebAuthn, () => onServer);

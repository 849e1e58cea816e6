import 'server-only';
import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator codes as RFC 6238 defines them and every authenticator app reads them from an
 * otpauth:// address: HMAC-SHA-1, 6 digits, 30-second steps; a code of the step before or after
 * the server's is taken too, for clocks a little apart.
 */
const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;
/** 160 bits, the length of the HMAC-SHA-1 key RFC 4226 recommends. */
const SECRET_BYTES = 20;

function totp(secret: string, issuer = '', label = 'account'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret, in base32 as authenticator apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The address a QR code carries to an authenticator app: `otpauth://totp/{issuer}:{account}?secret=…`. */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return totp(secret, issuer, account).toString();
}

/** The code of the step `at` (milliseconds since the epoch) falls in. */
export function totpCode(secret: string, at: number): string {
  return totp(secret).generate({ timestamp: at });
}

/** The time step `at` falls in. */
export function totpStep(at: number): number {
  return Math.floor(at / 1000 / TOTP_PERIOD);
}

/**
 * The time step a code belongs to when it is right for `at` give or take TOTP_WINDOW steps, else
 * null. The comparison takes the same time whatever the digits (otpauth compares in constant time).
 */
export function matchTotp(secret: string, code: string, at: number): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: at, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(at) + delta;
}

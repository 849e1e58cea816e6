import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { config } from '../../config';

/**
 * Encryption at rest of the secrets the server must read back (authenticator secrets): AES-256-GCM
 * with a key derived from SECRET_KEY by HKDF, so a copy of the database alone (a backup, a dump)
 * does not hand out anyone's second factor. Stored as `v1.` + base64url(nonce | tag | ciphertext).
 */
const VERSION = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown when a secret must be sealed or opened but the server has no SECRET_KEY. */
export class MissingSecretKeyError extends Error {
  constructor(reason: string) {
    super(
      `SECRET_KEY is not set, but ${reason}. Set SECRET_KEY (at least 32 characters, the same on every app server) ` +
        'to the value used before; see docs/operations.md, Configuration.',
    );
    this.name = 'MissingSecretKeyError';
  }
}

export function hasSecretKey(): boolean {
  return config().secretKey !== undefined;
}

function keyFor(purpose: string): Buffer {
  const secret = config().secretKey;
  if (!secret) throw new MissingSecretKeyError('a second factor needs it');
  // The purpose keeps keys for different uses apart, though they come from one SECRET_KEY.
  return Buffer.from(hkdfSync('sha256', secret, 'gonghui', purpose, 32));
}

export function seal(plain: string, purpose: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain text, or null when the value was sealed with another key or altered. */
export function open(sealed: string, purpose: string): string | null {
  if (!sealed.startsWith(VERSION)) return null;
  const key = keyFor(purpose);
  const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

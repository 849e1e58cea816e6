import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db';
import { Role } from '../model/roles';
import { accountByUsername, insertAccount } from '../storage/accounts';
import { hashPassword } from './passwords';

/**
 * Creates an Admin unless an account of that name exists; returns whether it created one. `db`: the
 * database the start-up opened, before it is installed (undefined: the installed one).
 */
export async function ensureAdmin(
  db: Database | undefined,
  username: string,
  password: string,
  displayName = username,
): Promise<boolean> {
  if (await accountByUsername(username, db)) return false;
  await insertAccount(db, {
    username,
    displayName,
    role: Role.Admin,
    passwordHash: await hashPassword(password),
  });
  return true;
}

/** A password people can type from a log line: four groups of letters and digits. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

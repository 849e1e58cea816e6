import 'server-only';
import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { account } from '../../db/schema';
import { hashPassword } from './passwords';
import { Role } from '../model/roles';

/** Creates an Admin unless an account of that name exists; returns whether it created one. */
export async function ensureAdmin(
  db: Database,
  username: string,
  password: string,
  displayName = username,
): Promise<boolean> {
  const [existing] = await db
    .select({ id: account.id })
    .from(account)
    .where(sql`lower(${account.username}) = lower(${username})`)
    .limit(1);
  if (existing) return false;
  await db.insert(account).values({
    username,
    displayName,
    role: Role.Admin,
    passwordHash: await hashPassword(password),
  });
  return true;
}

export async function accountCount(db: Database): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(account);
  return total;
}

/** A password people can type from a log line: four groups of letters and digits. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

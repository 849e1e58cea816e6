import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { account, sessions } from '../db/schema';
import type { RoleValue } from './roles';

export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SignedInAccount {
  id: number;
  username: string;
  displayName: string;
  role: RoleValue;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(accountId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const db = await getDb();
  await db.insert(sessions).values({ tokenHash: hashToken(token), accountId });
  // Expired sessions are removed as new ones are made, so the table stays small without a timer.
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS)));
  return token;
}

/** The account a token belongs to, or null when it is unknown, expired or its account is disabled. */
export async function accountForToken(token: string, now = new Date()): Promise<SignedInAccount | null> {
  const db = await getDb();
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      id: account.id,
      username: account.username,
      displayName: account.displayName,
      role: account.role,
      isDisabled: account.isDisabled,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(account, eq(account.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))))
    .limit(1);
  if (!row || row.isDisabled) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return {
    id: row.id as number,
    username: String(row.username ?? ''),
    displayName: String(row.displayName ?? ''),
    role: row.role as RoleValue,
  };
}

export async function revokeSession(token: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function revokeSessionsOf(accountId: number): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

/** Test helper and operator tool: makes every session look idle since `at`. */
export async function setSessionsLastSeen(at: Date): Promise<void> {
  const db = await getDb();
  await db.update(sessions).set({ lastSeenAt: at }).where(sql`true`);
}

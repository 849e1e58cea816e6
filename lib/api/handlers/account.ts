import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { account, rateLimits } from '../../db/schema';
import { verifyCaptcha } from '../../content/captcha';
import { verifyPassword } from '../../content/passwords';
import { hit, signInLimit } from '../../content/rate-limit';
import { createSession, revokeSession } from '../../content/sessions';
import type { RequestContext } from '../context';
import { badRequest } from '../errors';
import { json, readJsonObject } from '../http';
import { translate } from '../../i18n/messages';

export const MAX_FAILED_SIGN_INS = 5;

/** The account columns sign-in reads (the table is built from the registry, so its row type is loose). */
interface StoredAccount {
  id: number;
  passwordHash: string | null;
  isDisabled: boolean;
  lockedUntil: Date | null;
}
export const LOCK_MS = 15 * 60 * 1000;

/**
 * `account/login` → `{token, locked}` (spec §3). Five wrong passwords lock the account for fifteen
 * minutes; while locked no token is issued, even for the right password. A wrong username and a
 * wrong password get the same answer, in the same time.
 */
export async function login(context: RequestContext) {
  await hit(signInLimit, context.actor.clientAddress);
  const body = await readJsonObject(context.request);
  const { username, password } = body;
  if (typeof username !== 'string' || typeof password !== 'string' || !username.trim() || !password) {
    throw badRequest('loginMissing');
  }
  await verifyCaptcha(body.captchaToken, context.actor.clientAddress, 'login');
  const db = await getDb();
  const now = new Date();
  const [found] = (await db
    .select()
    .from(account)
    .where(sql`lower(${account.username}) = lower(${username.trim().slice(0, 64)})`)
    .limit(1)) as unknown as StoredAccount[];
  const failed = (locked = false, minutes = 0) =>
    json({
      token: null,
      locked,
      message: locked
        ? translate(context.language, 'api.accountLocked', { minutes })
        : translate(context.language, 'api.loginFailed'),
    });
  const lockedFor = (until: Date | null) => Math.max(1, Math.ceil(((until?.getTime() ?? 0) - now.getTime()) / 60000));

  if (found?.lockedUntil && found.lockedUntil > now) return failed(true, lockedFor(found.lockedUntil));
  const unusable = !found || found.isDisabled;
  const nameKey = username.trim().slice(0, 64).toLowerCase();
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
    // One statement counts the failure and, at the fifth, locks: concurrent attempts cannot skip it.
    const [after] = await db
      .update(account)
      .set({
        failedLogins: sql`case when ${account.failedLogins} + 1 >= ${MAX_FAILED_SIGN_INS} then 0 else ${account.failedLogins} + 1 end`,
        lockedUntil: sql`case when ${account.failedLogins} + 1 >= ${MAX_FAILED_SIGN_INS} then ${new Date(now.getTime() + LOCK_MS)} else ${account.lockedUntil} end`,
      })
      .where(eq(account.id, found.id))
      .returning({ lockedUntil: account.lockedUntil }) as { lockedUntil: Date | null }[];
    const nowLocked = !!after.lockedUntil && after.lockedUntil > now;
    return failed(nowLocked, nowLocked ? lockedFor(after.lockedUntil) : 0);
  }
  await db.update(account).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(eq(account.id, found.id));
  return json({ token: await createSession(found.id), locked: false });
}

/**
 * Failures against a username with no usable account (unknown or disabled) lock that name exactly as
 * they would lock an account, so the lockout never tells which usernames exist. Kept in the
 * rate-limit table: `hits` counts failures, `window_start` holds the end of the lock (the epoch when
 * unlocked).
 */
const nameLock = { bucket: 'sign-in-name', unlocked: new Date(0) };

async function nameLockedUntil(name: string): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ until: rateLimits.windowStart })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, nameLock.bucket), eq(rateLimits.key, name)));
  return row?.until ?? null;
}

/** Counts one failure; at the fifth the name is locked for LOCK_MS and its end is returned. */
async function countNameFailure(name: string, now: Date): Promise<Date | null> {
  const db = await getDb();
  const locks = sql`${rateLimits.hits} + 1 >= ${MAX_FAILED_SIGN_INS}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: nameLock.bucket, key: name, windowStart: nameLock.unlocked, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key],
      set: {
        hits: sql`case when ${locks} then 0 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${locks} then ${new Date(now.getTime() + LOCK_MS)} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ until: rateLimits.windowStart });
  return row.until > now ? row.until : null;
}

/** `account/checklogin` → `{valid, role, username, displayName}`; an unknown token is simply not valid. */
export async function checkLogin(context: RequestContext) {
  if (!context.actor.account) return json({ valid: false });
  const { role, username, displayName } = context.actor.account;
  return json({ valid: true, role, username, displayName });
}

/** `account/logout` revokes the token on the server; the client removes its copy. */
export async function logout(context: RequestContext) {
  if (context.token) await revokeSession(context.token);
  return json({ ok: true });
}

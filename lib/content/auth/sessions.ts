import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { localGeneration } from '../../cache/public-reads';
import { processSlot } from '../../runtime/process-state';
import type { ActorAccount } from '../model/actor';
import { Role, roleOf } from '../model/roles';
import accountDefinition from '../resources/account';
import {
  deleteOtherSessionsOf,
  deleteSession,
  deleteSessionOf,
  deleteSessionsOf,
  insertSession,
  liveSessionsOf,
  sessionsDatabase,
  sessionWithAccount,
  setAllSessionsLastSeen,
  touchSession,
} from '../storage/sessions';

const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a session was begun from: the client address the rate limits use, and the browser's User-Agent. */
interface SessionClient {
  address?: string;
  userAgent?: string;
}

export async function createSession(accountId: number, client: SessionClient = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(
    {
      tokenHash: hashToken(token),
      publicId: randomBytes(12).toString('base64url'),
      accountId,
      address: (client.address ?? '').slice(0, 64),
      userAgent: (client.userAgent ?? '').slice(0, 512),
    },
    new Date(Date.now() - SESSION_IDLE_MS),
  );
  return token;
}

/**
 * A valid session, once checked, is taken on trust for SESSION_CACHE_MS, so the back office's reads
 * do not each pay a session query. Exact within this process: signing out, revoking an account's
 * sessions and any account write made here are seen at once; on PostgreSQL, so are those made by
 * another app server or a script, which the database notifies (lib/content/jobs/cross-server.ts). The
 * time limit stays as a back-stop. Unknown tokens are never remembered.
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_CACHED_SESSIONS = 1_000;

interface CachedSession {
  account: ActorAccount;
  /** The session's public id. */
  id: string;
  lastSeenAt: number;
  checkedAt: number;
  /** This process's account write count when checked (lib/cache/public-reads.ts). */
  accountWrites: number;
  database: Awaited<ReturnType<typeof sessionsDatabase>>;
}

declare module '../../runtime/process-state' {
  interface ProcessSlots {
    sessions: {
      cached: Map<string, CachedSession>;
      /** Bumped by every revocation here: a check that overlapped one is not remembered. */
      revocations: number;
    };
  }
}

const sessionState = processSlot('sessions', () => ({ cached: new Map(), revocations: 0 }));
const cachedSessions = sessionState.cached;

function forgetSessions(which: (cached: CachedSession) => boolean): void {
  sessionState.revocations++;
  for (const [tokenHash, cached] of cachedSessions) if (which(cached)) cachedSessions.delete(tokenHash);
}

/** The account a token belongs to, or null when it is unknown, expired or its account is disabled. */
export async function accountForToken(token: string, now = new Date()): Promise<ActorAccount | null> {
  return (await sessionForToken(token, now))?.account ?? null;
}

/** A token's session: its public id and account, or null as for `accountForToken`. */
export async function sessionForToken(
  token: string,
  now = new Date(),
): Promise<{ id: string; account: ActorAccount } | null> {
  const db = await sessionsDatabase();
  const tokenHash = hashToken(token);
  const cached = cachedSessions.get(tokenHash);
  if (
    cached &&
    cached.database === db &&
    cached.accountWrites === localGeneration(accountDefinition.name) &&
    now.getTime() - cached.checkedAt < SESSION_CACHE_MS &&
    now.getTime() - cached.lastSeenAt < SESSION_IDLE_MS
  ) {
    if (now.getTime() - cached.lastSeenAt > TOUCH_INTERVAL_MS) {
      cached.lastSeenAt = now.getTime();
      await touchSession(tokenHash, now);
    }
    return { id: cached.id, account: cached.account };
  }
  cachedSessions.delete(tokenHash);
  const accountWrites = localGeneration(accountDefinition.name);
  const revoked = sessionState.revocations;
  const row = await sessionWithAccount(tokenHash, new Date(now.getTime() - SESSION_IDLE_MS));
  if (!row || row.isDisabled) return null;
  let lastSeenAt = row.lastSeenAt.getTime();
  if (now.getTime() - lastSeenAt > TOUCH_INTERVAL_MS) {
    await touchSession(tokenHash, now);
    lastSeenAt = now.getTime();
  }
  const signedIn: ActorAccount = {
    id: Number(row.id),
    username: String(row.username ?? ''),
    displayName: String(row.displayName ?? ''),
    role: roleOf(row.role),
  };
  if (signedIn.role === Role.Member) {
    // A Member without an institution reaches nothing: treated as an unknown session.
    if (typeof row.memberId !== 'number') return null;
    signedIn.member = { id: row.memberId, keyContact: row.keyContact === true };
  }
  if (revoked === sessionState.revocations) {
    cachedSessions.set(tokenHash, {
      account: signedIn,
      id: row.publicId,
      lastSeenAt,
      checkedAt: now.getTime(),
      accountWrites,
      database: db,
    });
  }
  const oldest = cachedSessions.keys().next();
  if (cachedSessions.size > MAX_CACHED_SESSIONS && !oldest.done) cachedSessions.delete(oldest.value);
  return { id: row.publicId, account: signedIn };
}

/** The session of a member-area cookie: a Member's only, so a staff token never works as that cookie. */
export async function memberSessionForToken(token: string, now = new Date()) {
  const session = await sessionForToken(token, now);
  return session?.account.role === Role.Member ? session : null;
}

export async function revokeSession(token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await deleteSession(tokenHash);
  forgetSessions(() => false);
  cachedSessions.delete(tokenHash);
}

export async function revokeSessionsOf(accountId: number): Promise<void> {
  await deleteSessionsOf(accountId);
  forgetSessions((cached) => cached.account.id === accountId);
}

/** One session as `account/sessions` lists it; the token and its hash never leave the server. */
interface SessionSummary {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  address: string;
  userAgent: string;
}

/** An account's live sessions, the most recently used first. */
export async function sessionsOf(accountId: number, now = new Date()): Promise<SessionSummary[]> {
  return liveSessionsOf(accountId, new Date(now.getTime() - SESSION_IDLE_MS));
}

/**
 * Ends one session of an account by its public id; whether there was one. The delete notifies the
 * other app servers (lib/content/jobs/cross-server.ts), which drop their remembered checks at once.
 */
export async function endSessionOf(accountId: number, id: string): Promise<boolean> {
  const ended = await deleteSessionOf(accountId, id);
  forgetSessions((cached) => cached.id === id);
  return ended > 0;
}

/** Ends every session of an account but the one named `keep` (none: all); how many ended. */
export async function endOtherSessionsOf(accountId: number, keep: string | undefined): Promise<number> {
  const ended = await deleteOtherSessionsOf(accountId, keep);
  forgetSessions((cached) => cached.account.id === accountId && cached.id !== keep);
  return ended;
}

/** Every remembered check is dropped: a session ended elsewhere (lib/content/jobs/cross-server.ts). */
export function forgetAllSessions(): void {
  forgetSessions(() => true);
}

/** Test helper and operator tool: makes every session look idle since `at`. */
export async function setSessionsLastSeen(at: Date): Promise<void> {
  await setAllSessionsLastSeen(at);
  forgetSessions(() => true);
}

import 'server-only';
import { browserOf } from '../../http/user-agent';
import { endOtherSessionsOf, endSessionOf, sessionsOf } from '../auth/sessions';
import { requireAccess, requireOwnAccount, type Actor } from '../model/actor';
import { notFound, positiveInteger, unauthorized } from '../model/errors';
import { wireInstant } from '../model/wire';
import { usernameOf } from '../storage/accounts';
import { recordAudit } from '../storage/audit';
import { accountOfSession } from '../storage/sessions';
import accountDefinition from '../resources/account';

/**
 * An account's sign-in sessions (`account/sessions`, docs/api.md): listed with where and in what
 * browser each began, and ended one by one or all but the caller's own. An account sees and ends its
 * own; an Admin those of any account (`{"accountId"}`). Ending deletes the session row, which the
 * database announces to every app server (lib/content/jobs/cross-server.ts): the token is refused
 * everywhere at once. Every end is in the audit log (`sessionEnd`: the actor, the account's id as the
 * row, and `one`, `others: n`, `password: n` or `secondFactor: n`).
 */

/** The account whose sessions are asked for: the caller's own, or (Admins) the one named by `accountId`. */
async function whoseSessions(actor: Actor, input: Record<string, unknown>): Promise<{ id: number; name: string }> {
  requireOwnAccount(actor);
  if (!actor.account) throw unauthorized();
  const own = { id: actor.account.id, name: actor.account.username };
  if (input.accountId === undefined || input.accountId === null || input.accountId === '') return own;
  const id = positiveInteger(input.accountId as string | number);
  if (id === own.id) return own;
  requireAccess(actor, 'admin');
  const found = await usernameOf(id);
  if (!found) throw notFound();
  return { id, name: String(found.username ?? '') };
}

/**
 * `{accountId, data: [{id, createdAt, lastSeenAt, address, browser, userAgent, current}]}`, the most recently used
 * first.
 */
export async function listSessions(actor: Actor, input: Record<string, unknown>) {
  const who = await whoseSessions(actor, input);
  const rows = await sessionsOf(who.id);
  return {
    accountId: who.id,
    data: rows.map((row) => ({
      id: row.id,
      createdAt: wireInstant(row.createdAt),
      lastSeenAt: wireInstant(row.lastSeenAt),
      address: row.address,
      browser: browserOf(row.userAgent),
      userAgent: row.userAgent,
      current: row.id === actor.sessionId,
    })),
  };
}

/** Ends one session by its id: one of the caller's own, or (Admins) any account's. */
export async function endSession(actor: Actor, id: string) {
  requireOwnAccount(actor);
  if (!actor.account) throw unauthorized();
  const sessionId = String(id).slice(0, 32);
  const found = await accountOfSession(sessionId);
  // Another account's session is as unknown to a User as one that does not exist.
  if (found === undefined || (found !== actor.account.id && actor.account.role !== 1)) throw notFound();
  const who = await whoseSessions(actor, { accountId: found });
  if (!(await endSessionOf(who.id, sessionId))) throw notFound();
  await recordAudit(actor, { action: 'sessionEnd', resource: accountDefinition.name, rowId: who.id, summary: 'one' });
  return { ended: 1 };
}

/**
 * Ends every session of the caller's account but the one the request came with, or (Admins, with
 * `accountId` of another account) every session of that account.
 */
export async function endOtherSessions(actor: Actor, input: Record<string, unknown>) {
  const who = await whoseSessions(actor, input);
  const keep = who.id === actor.account?.id ? actor.sessionId : undefined;
  const ended = await endOtherSessionsOf(who.id, keep);
  if (ended)
    await recordAudit(actor, {
      action: 'sessionEnd',
      resource: accountDefinition.name,
      rowId: who.id,
      summary: `others: ${ended}`,
    });
  return { ended };
}

/**
 * After a change of an account's password or second factor: its other sessions end (the actor's own
 * stays when it is that account's), and the audit log says why.
 */
export async function endSessionsAfterChange(
  actor: Actor,
  accountId: number,
  why: 'password' | 'secondFactor',
): Promise<void> {
  const keep = accountId === actor.account?.id ? actor.sessionId : undefined;
  const ended = await endOtherSessionsOf(accountId, keep);
  if (ended)
    await recordAudit(actor, {
      action: 'sessionEnd',
      resource: accountDefinition.name,
      rowId: accountId,
      summary: `${why}: ${ended}`,
    });
}

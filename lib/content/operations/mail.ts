import 'server-only';
import { config } from '../../config';
import { mailQueueState } from '../../mail/queue';
import { requireAccess, type Actor } from '../model/actor';
import { Role } from '../model/roles';
import { toWireDateTime } from '../model/wire-dates';

/**
 * `mail/status` for the dashboard: whether e-mail is on, how many mails wait, and the mails that
 * keep failing. Staff see the count; Admins also see each failing mail (its recipients may be
 * account addresses, which only Admins manage).
 */
export async function mailStatus(actor: Actor) {
  requireAccess(actor, 'user');
  const state = await mailQueueState();
  const zone = config().siteTimeZone;
  const base = { enabled: state.enabled, pending: state.pending, failingCount: state.failing.length };
  if (actor.account?.role !== Role.Admin) return { ...base, failing: [] };
  return {
    ...base,
    failing: state.failing.map((mail) => ({
      ...mail,
      nextAttemptAt: mail.nextAttemptAt ? toWireDateTime(mail.nextAttemptAt, zone) : null,
      createdAt: toWireDateTime(mail.createdAt, zone),
    })),
  };
}

import 'server-only';
import { operator } from '../../model/actor';
import { recordAudit } from '../../storage/audit';
import {
  activitiesEndedWithData,
  confirmedStartingBetween,
  eraseOrphansBefore,
  eraseRegistrationsOf,
} from '../../storage/registrations';
import { registrationRetentionMonths, reminderDays } from '../../storage/settings';
import { sendRegistrationMail } from './mail';
import { activityOf, erased } from './shared';

/* The jobs' part of sign-ups: personal data removed after the retention, and reminders before the start. */

/**
 * The daily housekeeping: the personal data of the sign-ups of activities that ended more than
 * `registrationRetentionMonths` (web setting, default 12) ago are emptied, the counts kept. Recorded
 * once per activity.
 */
export async function pruneRegistrations(now = new Date()): Promise<number> {
  const months = await registrationRetentionMonths();
  const cutoff = new Date(now);
  cutoff.setMonth(cutoff.getMonth() - months);
  const due = await activitiesEndedWithData(cutoff);
  let total = 0;
  // Sign-ups whose activity was deleted (its end unknown): kept as long after they were made.
  const orphans = await eraseOrphansBefore(cutoff, erased());
  if (orphans) {
    total += orphans;
    await recordAudit(operator(), {
      action: 'delete',
      resource: 'registration',
      summary: `retention (${months} months): personal data of ${orphans} sign-up(s) of deleted activities deleted`,
    });
  }
  for (const { id } of due) {
    const done = await eraseRegistrationsOf(id, erased());
    total += done;
    await recordAudit(operator(), {
      action: 'delete',
      resource: 'registration',
      rowId: id,
      summary: `retention (${months} months): personal data of ${done} sign-up(s) deleted`,
    });
  }
  return total;
}

/**
 * Reminders `reminderDays` (web setting, default 3 and 1) days before each activity's start, to its
 * confirmed sign-ups: each is queued once per sign-up and day count (the queue's once key), so every
 * server may run this and nothing is sent twice. A reminder is due from N days before the start
 * until the start; one whose time passed unsent (a server down) goes out with the next count only.
 */
export async function sendReminders(now = new Date()): Promise<number> {
  const days = await reminderDays();
  if (!days.length) return 0;
  const longest = Math.max(...days);
  const rows = await confirmedStartingBetween(now, new Date(now.getTime() + longest * DAY_MS));
  let queued = 0;
  for (const { registration, activity: activityRow } of rows) {
    const activity = activityOf(activityRow);
    const left = (activity.startAt.getTime() - now.getTime()) / DAY_MS;
    // The smallest count the start is within: 1 day before, only the 1-day reminder.
    const due = days.filter((d) => left <= d).sort((a, b) => a - b)[0];
    if (due === undefined || registration.createdAt.getTime() > activity.startAt.getTime() - due * DAY_MS) continue;
    await sendRegistrationMail('reminder', registration, activity, { days: due });
    queued++;
  }
  return queued;
}

const DAY_MS = 24 * 60 * 60 * 1000;

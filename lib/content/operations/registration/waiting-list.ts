import 'server-only';
import { notFound } from '../../model/errors';
import type { Tx } from '../../storage/content-tables';
import {
  activitiesWithWaiting,
  activityOfRegistration,
  countWaiting,
  inTransaction,
  registrationById,
  updateRegistration,
  waitingInArrivalOrder,
  type RegistrationRow,
} from '../../storage/registrations';
import {
  activityChanged,
  confirmedSeats,
  findActivity,
  fitsIn,
  mailPromoted,
  touchActivity,
  type Activity,
} from './shared';

/*
 * The waiting list: seats freed by a change go to the first waiting sign-ups that fit, in arrival
 * order; a change of one sign-up runs under its activity's lock (`changeLocked`) so that it does.
 */

/**
 * Confirms the first waiting sign-ups that fit in the seats now free, in arrival order; runs under the
 * activity's lock. Answers the promoted rows, to be e-mailed after the commit.
 */
export async function promote(tx: Tx, activity: Activity): Promise<RegistrationRow[]> {
  if (!activity.waitlistEnabled && activity.capacity !== null) {
    if (!(await countWaiting(tx, activity.seatIds))) return [];
  }
  let left = activity.capacity === null ? null : activity.capacity - (await confirmedSeats(tx, activity));
  const waiting = await waitingInArrivalOrder(tx, activity.seatIds);
  const promoted: RegistrationRow[] = [];
  for (const row of waiting) {
    if (left !== null && left <= 0) break;
    if (!fitsIn(left, row.seats)) continue;
    promoted.push(await updateRegistration(row.id, { status: 'confirmed', updatedAt: new Date() }, tx));
    if (left !== null) left -= row.seats;
  }
  return promoted;
}

/** Runs a change of one sign-up under its activity's lock, then promotes from the waiting list and mails them. */
export async function changeLocked<T>(
  registrationId: number,
  work: (tx: Tx, row: RegistrationRow, activity: Activity) => Promise<T>,
): Promise<{ result: T; activity: Activity; promoted: RegistrationRow[] }> {
  const activityId = await activityOfRegistration(registrationId);
  if (activityId === undefined) throw notFound();
  const outcome = await inTransaction(async (tx) => {
    const activity = await findActivity(tx, activityId, false, true);
    if (!activity) throw notFound();
    const row = await registrationById(registrationId, tx);
    if (!row) throw notFound();
    const result = await work(tx, row, activity);
    const promoted = await promote(tx, activity);
    await touchActivity(tx, activity);
    return { result, activity, promoted };
  });
  await activityChanged(outcome.activity);
  await mailPromoted(outcome.promoted, outcome.activity);
  return outcome;
}

/**
 * Confirms the waiting sign-ups that seats freed by a change of the activity itself (a larger
 * capacity, a waiting list turned off) now fit, under the activity's lock, and tells them. Run when
 * staff open the roster and by the hourly job, besides every sign-up change.
 */
export async function settleWaitingList(activityId: number): Promise<number> {
  const outcome = await inTransaction(async (tx) => {
    const activity = await findActivity(tx, activityId, false, true);
    if (!activity) return null;
    const promoted = await promote(tx, activity);
    if (promoted.length) await touchActivity(tx, activity);
    return { activity, promoted };
  });
  if (!outcome?.promoted.length) return 0;
  await activityChanged(outcome.activity);
  await mailPromoted(outcome.promoted, outcome.activity);
  return outcome.promoted.length;
}

/** The hourly job: every activity with someone waiting has its waiting list settled (see settleWaitingList). */
export async function settleWaitingLists(): Promise<number> {
  const waiting = await activitiesWithWaiting();
  let promoted = 0;
  for (const { id } of waiting) promoted += await settleWaitingList(id);
  return promoted;
}

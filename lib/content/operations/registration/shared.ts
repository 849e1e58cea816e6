import 'server-only';
import { logError } from '../../../observability/logger';
import type { WireLanguage } from '../../../i18n/languages';
import type { ActivitySignUp } from '../../model/registration';
import webactivity from '../../resources/webactivity';
import type { Tx } from '../../storage/content-tables';
import {
  activityRows,
  activityShown,
  confirmedSeats as confirmedSeatsOf,
  touchActivity as touchActivityRows,
  type Db,
  type RegistrationRow,
} from '../../storage/registrations';
import { invalidateResource } from '../../storage/write-transaction';
import { sendRegistrationMail, type RegistrationMailKind } from './mail';

/**
 * Sign-ups for activities (docs/api.md, "Sign-ups"). Every change of a sign-up's seats runs in one
 * transaction that first locks the activity's row (`FOR UPDATE`), so sign-ups, cancellations and
 * staff changes of one activity take turns: the confirmed seats are counted and decided under the
 * lock, and are never more than the capacity, whichever app server each request reached. Arrivals
 * beyond the seats wait in arrival order (the row's id, given under the lock); freed seats go to the
 * first waiting sign-ups that fit. E-mails are queued after the commit.
 *
 * An activity and its counterpart in the other language (`translationId`, kept both ways) are one
 * event: they share one set of seats and one roster. Every change locks both rows, in id order, so
 * sign-ups through either language take turns; the seats are those of the smaller capacity of the
 * two (a limit set on either binds both), and the confirmed and waiting sign-ups of both count.
 *
 * The operations live by who acts: a visitor signing up (`sign-up.ts`), the person with the manage
 * link (`own-registration.ts`), staff (`roster.ts`: the roster and check-in; `staff.ts`: their changes),
 * the waiting list and the lock every change of one sign-up takes (`waiting-list.ts`) and the jobs
 * (`housekeeping.ts`); this module holds what they share. The e-mails are `mail.ts`, the roster's
 * spreadsheet `export.ts`.
 */

export interface Activity extends ActivitySignUp {
  id: number;
  /** The rows whose sign-ups share the seats: this one and its counterpart in the other language. */
  seatIds: number[];
  lang: WireLanguage;
  title: string;
  endAt: Date | null;
  location: string | null;
  maxSeats: number;
  askFields: string | null;
  consentText: string | null;
  consentVersion: string | null;
}

type ActivityRow = Record<string, unknown>;
const capacityOf = (row: ActivityRow) => (typeof row.capacity === 'number' ? row.capacity : null);

/** An activity as sign-ups see it; with its counterpart, the capacity is the smaller of the two. */
export function activityOf(row: ActivityRow, counterpart?: ActivityRow): Activity {
  const capacities = [row, ...(counterpart ? [counterpart] : [])].map(capacityOf).filter((value) => value !== null);
  return {
    id: Number(row.id),
    seatIds: counterpart ? [Number(row.id), Number(counterpart.id)] : [Number(row.id)],
    lang: row.lang === 'en' ? 'en' : 'tw',
    title: String(row.title ?? ''),
    startAt: row.startAt as Date,
    endAt: (row.endAt as Date | null) ?? null,
    location: (row.location as string | null) ?? null,
    registrationEnabled: row.registrationEnabled === true,
    registrationOpensAt: (row.registrationOpensAt as Date | null) ?? null,
    registrationClosesAt: (row.registrationClosesAt as Date | null) ?? null,
    capacity: capacities.length ? Math.min(...capacities) : null,
    waitlistEnabled: row.waitlistEnabled === true,
    maxSeats: typeof row.maxSeats === 'number' ? row.maxSeats : 1,
    askFields: (row.askFields as string | null) ?? null,
    consentText: (row.consentText as string | null) ?? null,
    consentVersion: (row.consentVersion as string | null) ?? null,
  };
}

/**
 * An activity by id with its counterpart, for visitors only when they may see it (visible and
 * published in its language); `lock` holds both rows to the end of the transaction.
 */
export async function findActivity(db: Db | undefined, id: number, publicOnly: boolean, lock = false) {
  const rows = await activityRows(id, lock, db);
  const row = rows.find((candidate) => Number(candidate.id) === id);
  if (!row) return undefined;
  const counterpart = rows.find((candidate) => Number(candidate.id) !== id && candidate.translationId === id);
  if (publicOnly && !(await activityShown(id, row.lang === 'en' ? 'en' : 'tw', db))) return undefined;
  return activityOf(row, row.translationId === counterpart?.id ? counterpart : undefined);
}

/**
 * Marks the activity's row written, in the sign-up's transaction: its page shows the seats left, and
 * the write generation this bumps (on every app server, through its trigger) drops the cached page.
 */
export async function touchActivity(tx: Tx, activity: Activity): Promise<void> {
  await touchActivityRows(tx, activity.seatIds);
}

/** After the commit: cached pages and reads of the activity (both languages) dropped here, purged in the cache tier. */
export async function activityChanged(activity: Activity): Promise<void> {
  for (const id of activity.seatIds)
    await invalidateResource(webactivity.name, { id }).catch((error) => logError(error, 'activity page purge'));
}

export const confirmedSeats = (db: Db | undefined, activity: Activity) => confirmedSeatsOf(activity.seatIds, db);

/** Where a waiting or freed sign-up goes: the seats left (null: no limit) decide. */
export const fitsIn = (seatsLeft: number | null, seats: number) => seatsLeft === null || seats <= seatsLeft;

/** Queues a sign-up's e-mail; a failure to queue is logged, never a reason to undo the sign-up. */
export async function mailAfter(kind: RegistrationMailKind, row: RegistrationRow, activity: Activity): Promise<void> {
  await sendRegistrationMail(kind, row, activity).catch((error) =>
    logError(error, 'sign-up e-mail could not be queued'),
  );
}

/** Tells the promoted, each with the activity of the language they signed up in (theirs or its counterpart). */
export async function mailPromoted(rows: RegistrationRow[], activity: Activity): Promise<void> {
  for (const row of rows) {
    const own = row.activityId === activity.id ? activity : await findActivity(undefined, row.activityId, false);
    if (own) await mailAfter('promoted', row, own);
  }
}

/** The personal fields of a sign-up emptied; its seats and status stay for the counts. */
export const erased = () => ({
  name: null,
  email: null,
  emailKey: null,
  answers: {},
  erasedAt: new Date(),
  updatedAt: new Date(),
});

import 'server-only';
import { config } from '../../../config';
import { requireAccess, type Actor } from '../../model/actor';
import { invalid, notFound, positiveInteger } from '../../model/errors';
import { given, pageOf } from '../../model/list-request';
import {
  askedFields,
  normalizeCode,
  ROSTER_FILTERS,
  type RegistrationStatus,
  type RosterFilter,
  type RosterRow,
} from '../../model/registration';
import { toWireDateTime } from '../../model/wire-dates';
import { recordAudit } from '../../storage/audit';
import {
  markAttended,
  registrationWithCode,
  rosterInArrivalOrder,
  rosterPage,
  rosterTotals,
  type RegistrationRow,
  type RosterSelection,
} from '../../storage/registrations';
import { findActivity, type Activity } from './shared';
import { settleWaitingList } from './waiting-list';

/* The roster as staff read it (a page with its counts, the export's rows) and check-in at the door. */

export async function staffActivity(actor: Actor, idParam: string | undefined): Promise<Activity> {
  requireAccess(actor, 'user');
  const activity = await findActivity(undefined, positiveInteger(idParam), false);
  if (!activity) throw notFound();
  return activity;
}

export function rosterRow(row: RegistrationRow, activity: Activity): RosterRow {
  const timeZone = config().siteTimeZone;
  const asked = Object.fromEntries(askedFields(activity.askFields).map(({ name }) => [name, row.answers[name] ?? '']));
  return {
    id: row.id,
    code: row.code,
    name: row.name ?? '',
    email: row.email ?? '',
    seats: row.seats,
    status: row.status as RegistrationStatus,
    attendedAt: row.attendedAt ? toWireDateTime(row.attendedAt, timeZone) : null,
    createdAt: toWireDateTime(row.createdAt, timeZone),
    ...asked,
  };
}

/** The roster's filters of a request: a status (or those checked in) and a keyword; refuses an unknown status. */
export function rosterSelection(body: Record<string, unknown>): RosterSelection {
  const selection: RosterSelection = {};
  if (given(body.status)) {
    const filter = ROSTER_FILTERS.find((known) => known === body.status);
    if (!filter)
      throw invalid('invalidStatus', { value: String(body.status).slice(0, 40), allowed: ROSTER_FILTERS.join(', ') });
    selection.status = filter as RosterFilter;
  }
  const keyword = typeof body.keyword === 'string' ? body.keyword.trim().slice(0, 200) : '';
  if (keyword) selection.keyword = keyword;
  return selection;
}

/** The counts at the top of the roster: sign-ups per status, the seats confirmed, those checked in. */
async function rosterCounts(activity: Activity) {
  const rows = await rosterTotals(activity.seatIds);
  const of = (status: string) => rows.find((row) => row.status === status);
  return {
    confirmed: Number(of('confirmed')?.n ?? 0),
    waitlisted: Number(of('waitlisted')?.n ?? 0),
    cancelled: Number(of('cancelled')?.n ?? 0),
    attended: rows.reduce((sum, row) => sum + Number(row.attended), 0),
    seatsConfirmed: Number(of('confirmed')?.seats ?? 0),
    capacity: activity.capacity,
  };
}

/** `POST /api/webactivity/registrations/{id}`: one page of an activity's roster, with its counts. */
export async function roster(actor: Actor, idParam: string | undefined, body: Record<string, unknown>) {
  const staffView = await staffActivity(actor, idParam);
  await settleWaitingList(staffView.id);
  const activity = (await findActivity(undefined, staffView.id, false))!;
  const { page, pageSize } = pageOf(body);
  const { rows, total } = await rosterPage(
    activity.seatIds,
    rosterSelection(body),
    page,
    pageSize,
    given(body.direction) && body.direction === 'desc',
  );
  return {
    data: rows.map((row) => rosterRow(row, activity)),
    total,
    page,
    pageSize,
    counts: await rosterCounts(activity),
    askFields: askedFields(activity.askFields),
    activity: { id: activity.id, title: activity.title },
  };
}

/** Every roster row a filter selects, in arrival order (the export). */
export async function rosterRows(actor: Actor, idParam: string | undefined, body: Record<string, unknown>) {
  const activity = await staffActivity(actor, idParam);
  const rows = await rosterInArrivalOrder(activity.seatIds, rosterSelection(body));
  return { activity, rows: rows.map((row) => rosterRow(row, activity)) };
}

/**
 * `POST /api/webactivity/checkin/{id}` `{code}`: marks a confirmed sign-up attended at the door. A
 * second check-in changes nothing and says when the first was (`firstCheckIn`).
 */
export async function checkIn(actor: Actor, idParam: string | undefined, body: Record<string, unknown>) {
  const activity = await staffActivity(actor, idParam);
  const code = typeof body.code === 'string' ? normalizeCode(body.code).slice(0, 40) : '';
  const row = code ? await registrationWithCode(activity.seatIds, code) : undefined;
  if (!row || row.erasedAt) throw invalid('unknownCode', { value: code });
  if (row.status !== 'confirmed') throw invalid('notConfirmed', { status: row.status });
  const timeZone = config().siteTimeZone;
  const marked = await markAttended(row.id);
  if (!marked) {
    return {
      name: row.name ?? '',
      seats: row.seats,
      attendedAt: toWireDateTime(row.attendedAt!, timeZone),
      firstCheckIn: toWireDateTime(row.attendedAt!, timeZone),
    };
  }
  await recordAudit(actor, {
    action: 'update',
    resource: 'registration',
    rowId: row.id,
    summary: `${activity.title}: ${row.code} checked in`,
  });
  return { name: marked.name ?? '', seats: marked.seats, attendedAt: toWireDateTime(marked.attendedAt!, timeZone) };
}

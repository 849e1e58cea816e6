import 'server-only';
import { randomBytes, randomInt } from 'node:crypto';
import { readsAsMember, withMemberReads } from '../../cache/member-scope';
import { config } from '../../config';
import type { Database } from '../../db/client';
import type { WireLanguage } from '../../i18n/languages';
import { translate } from '../../i18n/messages';
import { enqueueMail } from '../../mail/queue';
import { logError } from '../../observability/logger';
import { verifyCaptcha } from '../auth/captcha';
import { hit, registrationLimit } from '../auth/rate-limit';
import { operator, requireAccess, type Actor } from '../model/actor';
import type { ResourceDefinition } from '../model/define';
import { invalid, invalidFields, notFound, positiveInteger, type Issue } from '../model/errors';
import { given, pageOf } from '../model/list-request';
import {
  askedFields,
  CODE_ALPHABET,
  CODE_LENGTH,
  normalizeCode,
  registrantDefinition,
  ROSTER_FILTERS,
  signUpState,
  type ActivitySignUp,
  type RegistrationStatus,
  type RosterFilter,
  type RosterRow,
  type SignUpState,
} from '../model/registration';
import { validateInput } from '../model/validation';
import { toWireDateTime } from '../model/wire-dates';
import webactivity from '../resources/webactivity';
import { recordAudit } from '../storage/audit';
import { registrationRetentionMonths, reminderDays } from '../storage/settings';
import type { Tx } from '../storage/content-tables';
import {
  activitiesEndedWithData,
  activitiesWithWaiting,
  activityOfRegistration,
  activityRows,
  activityShown,
  confirmedSeats as confirmedSeatsOf,
  confirmedStartingBetween,
  countWaiting,
  eraseOrphansBefore,
  eraseRegistrationsOf,
  inTransaction,
  insertRegistration,
  liveRegistrationWithEmail,
  markAttended,
  registrantsToMail,
  registrationById,
  registrationWithCode,
  registrationWithToken,
  rosterInArrivalOrder,
  rosterPage,
  rosterTotals,
  touchActivity as touchActivityRows,
  updateRegistration,
  waitingInArrivalOrder,
  type Db,
  type RegistrationRow,
  type RosterSelection,
} from '../storage/registrations';
import { invalidateResource } from '../storage/write-transaction';
import { sendRegistrationMail, signUpPageUrl, type RegistrationMailKind } from './registration-mail';

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
function activityOf(row: ActivityRow, counterpart?: ActivityRow): Activity {
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
async function findActivity(db: Db | undefined, id: number, publicOnly: boolean, lock = false) {
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
async function touchActivity(tx: Tx, activity: Activity): Promise<void> {
  await touchActivityRows(tx, activity.seatIds);
}

/** After the commit: cached pages and reads of the activity (both languages) dropped here, purged in the cache tier. */
async function activityChanged(activity: Activity): Promise<void> {
  for (const id of activity.seatIds)
    await invalidateResource(webactivity.name, { id }).catch((error) => logError(error, 'activity page purge'));
}

const confirmedSeats = (db: Db | undefined, activity: Activity) => confirmedSeatsOf(activity.seatIds, db);

/** The sign-up state of an activity for its public page: null when it takes no sign-ups here. */
export async function activitySignUpState(
  language: WireLanguage,
  id: number,
): Promise<{ activity: Activity; state: SignUpState } | null> {
  const activity = await findActivity(undefined, id, true);
  if (!activity || activity.lang !== language) return null;
  const state = signUpState(activity, await confirmedSeats(undefined, activity));
  return state ? { activity, state } : null;
}

const newToken = () => randomBytes(32).toString('base64url');
const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** The form's fields for one activity: its asked fields (required as it says), and seats up to its `maxSeats`. */
function formDefinition(activity: Activity, mode: 'visitor' | 'staff'): ResourceDefinition {
  const { name, email, seats } = registrantDefinition.fields;
  const asked = Object.fromEntries(
    askedFields(activity.askFields).map(({ name: key, required }) => [
      key,
      { ...registrantDefinition.fields[key], required: mode === 'visitor' && required },
    ]),
  );
  return {
    ...registrantDefinition,
    fields: { name, email, seats: { ...seats, max: mode === 'visitor' ? activity.maxSeats : seats.max }, ...asked },
  };
}

interface RegistrantInput {
  name: string;
  email: string;
  seats: number;
  answers: Record<string, string>;
}

/** Checks a form against an activity; refuses with every field's problem (the consent included) in the language. */
function registrantInput(
  actor: Actor,
  activity: Activity,
  body: Record<string, unknown>,
  mode: 'visitor' | 'staff',
): RegistrantInput {
  const definition = formDefinition(activity, mode);
  const { values, issues } = validateInput(definition, body, 'add', actor.language, config().siteTimeZone);
  if (mode === 'visitor' && body.consent !== true && body.consent !== 'true' && body.consent !== 'on') {
    issues.push({ field: 'consent', key: 'consentRequired', values: {} } satisfies Issue);
  }
  if (issues.length) throw invalidFields(issues);
  const answers: Record<string, string> = {};
  for (const { name } of askedFields(activity.askFields)) {
    if (typeof values[name] === 'string') answers[name] = values[name];
  }
  return {
    name: String(values.name),
    email: String(values.email),
    seats: typeof values.seats === 'number' ? values.seats : 1,
    answers,
  };
}

export interface SignUpAnswer {
  status: 'confirmed' | 'waitlisted';
  code: string;
  seats: number;
  manageUrl: string;
}

/** Where a waiting or freed sign-up goes: the seats left (null: no limit) decide. */
const fitsIn = (seatsLeft: number | null, seats: number) => seatsLeft === null || seats <= seatsLeft;

interface Placed {
  row: RegistrationRow;
  /** Already signed up with this address: nothing stored, the manage link is sent again. */
  duplicate: boolean;
  /** Waiting sign-ups confirmed first, into seats a staff change of the activity freed. */
  promoted: RegistrationRow[];
  /** The activity as it was under the lock. */
  activity: Activity;
}

/**
 * Stores one sign-up under the activity's lock: confirmed when its seats fit, else waitlisted (when
 * the activity keeps a list), else refused. `open` checks the sign-up window (visitors); staff may
 * add outside it.
 */
async function place(
  db: Database | undefined,
  activityId: number,
  input: RegistrantInput & { lang: WireLanguage; consentVersion: string | null },
  visitor: boolean,
): Promise<Placed> {
  return inTransaction(async (tx) => {
    const activity = await findActivity(tx, activityId, visitor, true);
    if (!activity) throw notFound();
    // Seats freed by a staff change of the activity (a larger capacity) go to those waiting first.
    const promoted = await promote(tx, activity);
    const state = signUpState(
      { ...activity, registrationEnabled: activity.registrationEnabled || !visitor },
      await confirmedSeats(tx, activity),
    );
    if (!state || (visitor && (state.phase === 'notOpen' || state.phase === 'closed')))
      throw invalid('registrationClosed');
    const emailKey = input.email.toLowerCase();
    const existing = await liveRegistrationWithEmail(tx, activity.seatIds, emailKey);
    if (existing) return { row: existing, duplicate: true, promoted, activity };
    let status: RegistrationStatus = 'confirmed';
    if (!fitsIn(state.seatsLeft, input.seats)) {
      const everFits = activity.capacity === null || input.seats <= activity.capacity;
      if (!activity.waitlistEnabled || !everFits) throw invalid('notEnoughSeats', { left: state.seatsLeft ?? 0 });
      status = 'waitlisted';
    }
    const now = new Date();
    const row = await insertRegistration(tx, {
      activityId,
      lang: input.lang,
      code: newCode(),
      token: newToken(),
      name: input.name,
      email: input.email,
      emailKey,
      seats: input.seats,
      status,
      answers: input.answers,
      consentVersion: input.consentVersion,
      consentedAt: visitor ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    await touchActivity(tx, activity);
    return { row, duplicate: false, promoted, activity };
  }, db);
}

/**
 * `POST /api/webactivity/register/{id}`, and the public page's form: a visitor signs up. Checked in
 * this order: the activity is shown to visitors and takes sign-ups, the fields and consent, the
 * per-address limit, the captcha (`captcha`), then the seats under the lock. The same address twice
 * is refused (`alreadyRegistered`) and the manage link is e-mailed to that address again; the answer
 * says nothing of the sign-up. `options.db` is the pool the seats are decided on (tests run two).
 */
export async function register(
  actor: Actor,
  idParam: string | undefined,
  body: Record<string, unknown>,
  options: { db?: Database } = {},
): Promise<SignUpAnswer> {
  requireAccess(actor, 'public');
  // A signed-in Member may sign up for an activity for members only (lib/content/model/audience.ts).
  if (actor.member && !readsAsMember()) return withMemberReads(() => register(actor, idParam, body, options));
  const id = positiveInteger(idParam);
  const activity = await findActivity(undefined, id, true);
  if (!activity) throw notFound();
  if (!activity.registrationEnabled) throw invalid('registrationClosed');
  const input = registrantInput(actor, activity, body, 'visitor');
  await hit(registrationLimit, actor.clientAddress);
  await verifyCaptcha(body.captcha, actor.clientAddress, 'register');
  const placed = await place(
    options.db,
    id,
    { ...input, lang: actor.language, consentVersion: activity.consentVersion },
    true,
  );
  await activityChanged(placed.activity);
  await mailPromoted(placed.promoted, placed.activity);
  if (placed.duplicate) {
    await mailAfter('manageLink', placed.row, activity);
    throw invalid('alreadyRegistered');
  }
  await mailAfter(placed.row.status === 'confirmed' ? 'confirmed' : 'waitlisted', placed.row, activity);
  return answerOf(placed.row);
}

const answerOf = (row: RegistrationRow): SignUpAnswer => ({
  status: row.status === 'confirmed' ? 'confirmed' : 'waitlisted',
  code: row.code,
  seats: row.seats,
  manageUrl: signUpPageUrl(row.lang === 'en' ? 'en' : 'tw', row.token),
});

/** Queues a sign-up's e-mail; a failure to queue is logged, never a reason to undo the sign-up. */
async function mailAfter(kind: RegistrationMailKind, row: RegistrationRow, activity: Activity): Promise<void> {
  await sendRegistrationMail(kind, row, activity).catch((error) =>
    logError(error, 'sign-up e-mail could not be queued'),
  );
}

/** Tells the promoted, each with the activity of the language they signed up in (theirs or its counterpart). */
async function mailPromoted(rows: RegistrationRow[], activity: Activity): Promise<void> {
  for (const row of rows) {
    const own = row.activityId === activity.id ? activity : await findActivity(undefined, row.activityId, false);
    if (own) await mailAfter('promoted', row, own);
  }
}

/**
 * Confirms the first waiting sign-ups that fit in the seats now free, in arrival order; runs under the
 * activity's lock. Answers the promoted rows, to be e-mailed after the commit.
 */
async function promote(tx: Tx, activity: Activity): Promise<RegistrationRow[]> {
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
async function changeLocked<T>(
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

/* The manage page: the person with the link. */

async function byToken(token: unknown): Promise<RegistrationRow> {
  if (typeof token !== 'string' || !/^[\w-]{40,64}$/.test(token)) throw notFound();
  const row = await registrationWithToken(token);
  if (!row || row.erasedAt) throw notFound();
  return row;
}

export interface ManagedRegistration {
  code: string;
  status: RegistrationStatus;
  name: string;
  email: string;
  seats: number;
  answers: Record<string, string>;
  askFields: { name: string; required: boolean }[];
  attendedAt: string | null;
  createdAt: string;
  activity: { id: number; title: string; startAt: string; endAt: string | null; location: string | null };
}

/** `GET /api/registration/{token}`: the sign-up the link is for, and its activity. */
export async function getRegistration(actor: Actor, token: unknown): Promise<ManagedRegistration> {
  requireAccess(actor, 'public');
  const row = await byToken(token);
  const activity = await findActivity(undefined, row.activityId, false);
  if (!activity) throw notFound();
  const timeZone = config().siteTimeZone;
  return {
    code: row.code,
    status: row.status as RegistrationStatus,
    name: row.name ?? '',
    email: row.email ?? '',
    seats: row.seats,
    answers: row.answers,
    askFields: askedFields(activity.askFields),
    attendedAt: row.attendedAt ? toWireDateTime(row.attendedAt, timeZone) : null,
    createdAt: toWireDateTime(row.createdAt, timeZone),
    activity: {
      id: activity.id,
      title: activity.title,
      startAt: toWireDateTime(activity.startAt, timeZone),
      endAt: activity.endAt ? toWireDateTime(activity.endAt, timeZone) : null,
      location: activity.location,
    },
  };
}

/** `POST /api/registration/update/{token}`: the person changes the asked fields (not the seats, name or address). */
export async function updateOwnRegistration(actor: Actor, token: unknown, body: Record<string, unknown>) {
  requireAccess(actor, 'public');
  const row = await byToken(token);
  if (row.status === 'cancelled') throw invalid('registrationCancelled');
  await changeLocked(row.id, async (tx, current, activity) => {
    const asked = askedFields(activity.askFields);
    const definition: ResourceDefinition = {
      ...registrantDefinition,
      fields: Object.fromEntries(
        asked.map(({ name, required }) => [name, { ...registrantDefinition.fields[name], required }]),
      ),
    };
    const { values, issues } = validateInput(definition, body, 'add', actor.language, config().siteTimeZone);
    if (issues.length) throw invalidFields(issues);
    const answers = Object.fromEntries(
      asked.filter(({ name }) => typeof values[name] === 'string').map(({ name }) => [name, String(values[name])]),
    );
    await updateRegistration(current.id, { answers, updatedAt: new Date() }, tx);
  });
  return getRegistration(actor, token);
}

/**
 * `POST /api/registration/cancel/{token}`: the person cancels; their seats go to the waiting list
 * and a receipt is e-mailed. Cancelling again changes nothing.
 */
export async function cancelOwnRegistration(actor: Actor, token: unknown): Promise<ManagedRegistration> {
  requireAccess(actor, 'public');
  const row = await byToken(token);
  if (row.status !== 'cancelled') {
    const { result, activity } = await changeLocked(row.id, async (tx, current) => {
      if (current.status === 'cancelled') return null;
      return updateRegistration(
        current.id,
        { status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() },
        tx,
      );
    });
    if (result) await mailAfter('cancelled', result, activity);
  }
  return getRegistration(actor, token);
}

/* The roster: staff. */

async function staffActivity(actor: Actor, idParam: string | undefined): Promise<Activity> {
  requireAccess(actor, 'user');
  const activity = await findActivity(undefined, positiveInteger(idParam), false);
  if (!activity) throw notFound();
  return activity;
}

function rosterRow(row: RegistrationRow, activity: Activity): RosterRow {
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
function rosterSelection(body: Record<string, unknown>): RosterSelection {
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

/** `POST /api/webactivity/registration/add/{id}`: staff add a sign-up by hand (a call, a letter), any time. */
export async function addByStaff(actor: Actor, idParam: string | undefined, body: Record<string, unknown>) {
  const activity = await staffActivity(actor, idParam);
  const input = registrantInput(actor, activity, body, 'staff');
  const placed = await place(undefined, activity.id, { ...input, lang: activity.lang, consentVersion: null }, false);
  await activityChanged(placed.activity);
  await mailPromoted(placed.promoted, placed.activity);
  if (placed.duplicate) throw invalid('alreadyRegistered');
  await recordAudit(actor, {
    action: 'add',
    resource: 'registration',
    rowId: placed.row.id,
    summary: `${activity.title}: ${placed.row.code} (${placed.row.status})`,
  });
  await mailAfter(placed.row.status === 'confirmed' ? 'confirmed' : 'waitlisted', placed.row, activity);
  return rosterRow(placed.row, activity);
}

/**
 * `PUT /api/webactivity/registration/update`: staff change a sign-up (`{id, …fields, seats, status}`):
 * the fields, the seats, moving it from the waiting list (`status: "confirmed"`, refused when its
 * seats do not fit), cancelling it. Seats it frees go to the waiting list.
 */
export async function updateByStaff(actor: Actor, body: Record<string, unknown>) {
  requireAccess(actor, 'user');
  const id = positiveInteger(body.id === undefined ? undefined : String(body.id));
  const { result, activity } = await changeLocked(id, async (tx, row, locked) => {
    if (row.erasedAt) throw invalid('registrationErased');
    const definition = formDefinition(locked, 'staff');
    const { values, issues } = validateInput(definition, body, 'update', actor.language, config().siteTimeZone);
    if (issues.length) throw invalidFields(issues);
    let status = row.status as RegistrationStatus;
    if (given(body.status)) {
      const next = (['confirmed', 'waitlisted', 'cancelled'] as const).find((known) => known === body.status);
      if (!next)
        throw invalid('invalidStatus', {
          value: String(body.status).slice(0, 40),
          allowed: 'confirmed, waitlisted, cancelled',
        });
      status = next;
    }
    const seats = typeof values.seats === 'number' ? values.seats : row.seats;
    if (status === 'confirmed') {
      const others = (await confirmedSeats(tx, locked)) - (row.status === 'confirmed' ? row.seats : 0);
      if (locked.capacity !== null && others + seats > locked.capacity)
        throw invalid('notEnoughSeats', { left: Math.max(0, locked.capacity - others) });
    }
    const answers = { ...row.answers };
    for (const { name } of askedFields(locked.askFields)) {
      if (name in values) {
        if (typeof values[name] === 'string') answers[name] = values[name];
        else delete answers[name];
      }
    }
    const email = typeof values.email === 'string' ? values.email : row.email;
    const updated = await updateRegistration(
      row.id,
      {
        name: typeof values.name === 'string' ? values.name : row.name,
        email,
        emailKey: email?.toLowerCase() ?? null,
        seats,
        status,
        answers,
        cancelledAt: status === 'cancelled' ? (row.cancelledAt ?? new Date()) : null,
        updatedAt: new Date(),
      },
      tx,
    );
    return { before: row, updated };
  }).catch((error: unknown) => {
    // Another live sign-up of the activity already has the address.
    if (error instanceof Error && /registrations_email_idx/.test(`${error.message} ${String(error.cause ?? '')}`))
      throw invalid('alreadyRegistered');
    throw error;
  });
  const { before, updated } = result;
  await recordAudit(actor, {
    action: 'update',
    resource: 'registration',
    rowId: updated.id,
    summary: `${activity.title}: ${updated.code} ${before.status}→${updated.status}, ${before.seats}→${updated.seats}`,
  });
  if (before.status === 'waitlisted' && updated.status === 'confirmed') await mailAfter('promoted', updated, activity);
  if (before.status !== 'cancelled' && updated.status === 'cancelled') await mailAfter('cancelled', updated, activity);
  return rosterRow(updated, activity);
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

const MAX_MAIL_SUBJECT = 200;
const MAX_MAIL_TEXT = 10_000;

/**
 * `POST /api/webactivity/registrations/mail/{id}`: staff e-mail registrants (`{subject, text}`), the
 * ones named (`ids`) or those of a status (default: confirmed and waitlisted), each one separately
 * through the queue. Recorded.
 */
export async function mailRegistrants(actor: Actor, idParam: string | undefined, body: Record<string, unknown>) {
  const activity = await staffActivity(actor, idParam);
  const subject = typeof body.subject === 'string' ? body.subject.replace(/[\r\n]+/g, ' ').trim() : '';
  const text = typeof body.text === 'string' ? body.text.trim() : '';
  const issues: Issue[] = [];
  const labels = {
    subject: translate(actor.language, 'admin.registrations.mailSubject'),
    text: translate(actor.language, 'admin.registrations.mailText'),
  };
  if (!subject) issues.push({ field: 'subject', key: 'required', values: { field: labels.subject } });
  else if (subject.length > MAX_MAIL_SUBJECT)
    issues.push({ field: 'subject', key: 'tooLong', values: { field: labels.subject, max: MAX_MAIL_SUBJECT } });
  if (!text) issues.push({ field: 'text', key: 'required', values: { field: labels.text } });
  else if (text.length > MAX_MAIL_TEXT)
    issues.push({ field: 'text', key: 'tooLong', values: { field: labels.text, max: MAX_MAIL_TEXT } });
  if (issues.length) throw invalidFields(issues);
  const ids = Array.isArray(body.ids) ? body.ids.map((id) => positiveInteger(String(id))) : null;
  const rows = await registrantsToMail(
    activity.seatIds,
    ids ? { ids } : given(body.status) ? { selection: rosterSelection({ status: body.status }) } : null,
  );
  let queued = 0;
  for (const row of rows) {
    if (!row.email) continue;
    const id = await enqueueMail({
      kind: 'registration',
      to: [row.email],
      subject,
      text,
      html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.6"><p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p></body></html>`,
    });
    if (id !== null) queued++;
  }
  await recordAudit(actor, {
    action: 'update',
    resource: 'registration',
    rowId: activity.id,
    summary: `${activity.title}: e-mail "${subject}" to ${queued}`,
  });
  return { queued };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The personal fields of a sign-up emptied; its seats and status stay for the counts. */
const erased = () => ({
  name: null,
  email: null,
  emailKey: null,
  answers: {},
  erasedAt: new Date(),
  updatedAt: new Date(),
});

/**
 * `DELETE /api/webactivity/registration/{registrationId}`: an Admin deletes one person's data on
 * their request. A live sign-up is cancelled first (its seats go to the waiting list). Recorded.
 */
export async function erasePerson(actor: Actor, idParam: string | undefined) {
  requireAccess(actor, 'admin');
  const id = positiveInteger(idParam);
  const { result, activity } = await changeLocked(id, async (tx, row) => {
    return updateRegistration(
      row.id,
      { ...erased(), status: 'cancelled', cancelledAt: row.status === 'cancelled' ? row.cancelledAt : new Date() },
      tx,
    );
  });
  await recordAudit(actor, {
    action: 'delete',
    resource: 'registration',
    rowId: id,
    summary: `${activity.title}: ${result.code} personal data deleted on request`,
  });
  return { id };
}

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

/** The hourly job: every activity with someone waiting has its waiting list settled (see settleWaitingList). */
export async function settleWaitingLists(): Promise<number> {
  const waiting = await activitiesWithWaiting();
  let promoted = 0;
  for (const { id } of waiting) promoted += await settleWaitingList(id);
  return promoted;
}

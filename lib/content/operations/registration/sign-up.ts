import 'server-only';
import { randomBytes, randomInt } from 'node:crypto';
import { readsAsMember, withMemberReads } from '../../../cache/member-scope';
import { config } from '../../../config';
import type { Database } from '../../../db/client';
import type { WireLanguage } from '../../../i18n/languages';
import { verifyCaptcha } from '../../auth/captcha';
import { hit, registrationLimit } from '../../auth/rate-limit';
import { requireAccess, type Actor } from '../../model/actor';
import type { ResourceDefinition } from '../../model/define';
import { invalid, invalidFields, notFound, positiveInteger, type Issue } from '../../model/errors';
import {
  askedFields,
  CODE_ALPHABET,
  CODE_LENGTH,
  registrantDefinition,
  signUpState,
  type RegistrationStatus,
  type SignUpState,
} from '../../model/registration';
import { validateInput } from '../../model/validation';
import {
  inTransaction,
  insertRegistration,
  liveRegistrationWithEmail,
  type RegistrationRow,
} from '../../storage/registrations';
import { signUpPageUrl } from './mail';
import {
  activityChanged,
  confirmedSeats,
  findActivity,
  fitsIn,
  mailAfter,
  mailPromoted,
  touchActivity,
  type Activity,
} from './shared';
import { promote } from './waiting-list';

/* A visitor signs up; staff adding a sign-up by hand go through the same form and placing. */

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

/**
 * The form's fields for one activity: its asked fields (required as it says but for staff), and seats up
 * to its `maxSeats`; the person's own later change (`own`) has the asked fields only.
 */
export function formDefinition(activity: Activity, mode: 'visitor' | 'staff' | 'own'): ResourceDefinition {
  const { name, email, seats } = registrantDefinition.fields;
  const asked = Object.fromEntries(
    askedFields(activity.askFields).map(({ name: key, required }) => [
      key,
      { ...registrantDefinition.fields[key], required: mode !== 'staff' && required },
    ]),
  );
  // The person's own later changes are to the answers only.
  if (mode === 'own') return { ...registrantDefinition, fields: asked };
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
export function registrantInput(
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
export async function place(
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

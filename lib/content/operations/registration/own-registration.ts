import 'server-only';
import { config } from '../../../config';
import { requireAccess, type Actor } from '../../model/actor';
import { invalid, invalidFields, notFound } from '../../model/errors';
import { askedFields, type RegistrationStatus } from '../../model/registration';
import { validateInput } from '../../model/validation';
import { toWireDateTime } from '../../model/wire-dates';
import { registrationWithToken, updateRegistration, type RegistrationRow } from '../../storage/registrations';
import { findActivity, mailAfter } from './shared';
import { formDefinition } from './sign-up';
import { changeLocked } from './waiting-list';

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
    const definition = formDefinition(activity, 'own');
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

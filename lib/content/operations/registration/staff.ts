import 'server-only';
import { config } from '../../../config';
import { translate } from '../../../i18n/messages';
import { enqueueMail } from '../../../mail/queue';
import { escapeHtml } from '../../../mail/templates';
import { requireAccess, type Actor } from '../../model/actor';
import { invalid, invalidFields, positiveInteger, type Issue } from '../../model/errors';
import { given } from '../../model/list-request';
import { askedFields, type RegistrationStatus } from '../../model/registration';
import { validateInput } from '../../model/validation';
import { recordAudit } from '../../storage/audit';
import { registrantsToMail, updateRegistration } from '../../storage/registrations';
import { rosterRow, rosterSelection, staffActivity } from './roster';
import { activityChanged, confirmedSeats, erased, mailAfter, mailPromoted } from './shared';
import { formDefinition, place, registrantInput } from './sign-up';
import { changeLocked } from './waiting-list';

/* Staff change sign-ups: add one by hand, change or cancel one, e-mail registrants, erase a person's data. */

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

import 'server-only';
import { config } from '../../config';
import { logError } from '../../observability/logger';
import { enqueueMail } from '../../mail/queue';
import { mailEnabled } from '../../mail/transport';
import { contactNotification } from '../../mail/templates';
import { requireAccess, type Actor } from '../model/actor';
import { verifyCaptcha } from '../auth/captcha';
import type { ResourceDefinition } from '../model/define';
import { invalidFields } from '../model/errors';
import { contactLimit, hit } from '../auth/rate-limit';
import { insertRow } from '../storage/row-writes';
import type { Row } from '../model/rows';
import webcontact from '../resources/webcontact';
import { readWebInfo } from '../storage/settings';
import { emailList, validateInput } from '../model/validation';

/** What the sender of a message writes; status, reply note and account are the server's and staff's. */
export const senderFields = ['name', 'email', 'phone', 'subject', 'message'] as const;

/** The definition narrowed to the sender's fields, so validation checks exactly those (like the generic add). */
const senderDefinition: ResourceDefinition = {
  ...webcontact,
  fields: Object.fromEntries(senderFields.map((key) => [key, webcontact.fields[key]])),
};

const NEW = 0;

/** Validates the sender's fields of an input (anything else in it is ignored); refuses with per-field issues. */
function senderValues(actor: Actor, input: Record<string, unknown>): Record<string, unknown> {
  const given = Object.fromEntries(senderFields.filter((key) => key in input).map((key) => [key, input[key]]));
  const { values, issues } = validateInput(senderDefinition, given, 'add', actor.language, config().siteTimeZone);
  if (issues.length) throw invalidFields(issues);
  return Object.fromEntries(senderFields.map((key) => [key, values[key] ?? null]));
}

/**
 * Stores the message, then queues its e-mail to the addresses of the language's web settings
 * (`notifyEmails`). The message is kept whatever happens to the e-mail: queuing comes after the
 * insert and its failure is only logged, and sending is the mail worker's (lib/mail/queue.ts).
 */
async function store(actor: Actor, values: Record<string, unknown>, accountId: number | null): Promise<Row> {
  const row = await insertRow(webcontact, {
    ...values,
    status: NEW,
    replyNote: null,
    accountId,
    lang: actor.language,
    updatedBy: accountId,
  });
  await notifyStaff(row).catch((error) => logError(error, 'contact e-mail could not be queued'));
  return row;
}

async function notifyStaff(row: Row): Promise<void> {
  if (!mailEnabled()) return;
  const language = row.lang === 'en' ? 'en' : 'tw';
  const settings = await readWebInfo(language, { includePrivate: true });
  const to = emailList(settings.notifyEmails ?? '') ?? [];
  if (!to.length) return;
  const message = {
    id: Number(row.id),
    name: String(row.name ?? ''),
    email: String(row.email ?? ''),
    phone: typeof row.phone === 'string' ? row.phone : null,
    subject: String(row.subject ?? ''),
    message: String(row.message ?? ''),
  };
  await enqueueMail({ kind: 'contact', to, ...contactNotification(language, settings.siteName, message) });
}

/**
 * A message from the public contact form, whoever relays it (the API's `webcontact/add`, the
 * site's server action). Anyone may send; a well-formed message then counts against the per-address
 * limit (5 per 10 minutes) before the captcha (`input.captchaToken`) is checked, so the verifier is
 * never called more often than the limit allows.
 */
export async function sendContactMessage(actor: Actor, input: Record<string, unknown>): Promise<Row> {
  requireAccess(actor, 'public');
  const values = senderValues(actor, input);
  await hit(contactLimit, actor.clientAddress);
  await verifyCaptcha(input.captchaToken, actor.clientAddress, 'contact');
  return store(actor, values, null);
}

/** A message from a signed-in account, linked to it; no captcha. */
export async function sendAccountMessage(actor: Actor, input: Record<string, unknown>): Promise<Row> {
  requireAccess(actor, 'user');
  return store(actor, senderValues(actor, input), actor.account!.id);
}

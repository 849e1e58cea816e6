import { config } from '../../config';
import { verifyCaptcha } from '../../api/captcha';
import { requireAccess, type RequestContext } from '../../api/context';
import { validationError } from '../../api/errors';
import { json, readJsonObject } from '../../api/http';
import { contactLimit, hit } from '../../api/rate-limit';
import type { ResourceDefinition, ResourceHooks } from '../define';
import { insertRow } from '../repository';
import webcontact from '../resources/webcontact';
import { validateInput } from '../validation';
import { toWire } from '../wire';

/** What the sender of a message writes; status, reply note and account are the server's and staff's. */
const senderFields = ['name', 'email', 'phone', 'subject', 'message'] as const;

/** The definition narrowed to the sender's fields, so validation checks exactly those (like the generic add). */
const senderDefinition: ResourceDefinition = {
  ...webcontact,
  fields: Object.fromEntries(senderFields.map((key) => [key, webcontact.fields[key]])),
};

const NEW = 0;


/** Validates the sender's fields of a body (anything else in it is ignored); 400 with per-field errors. */
function senderValues(context: RequestContext, body: Record<string, unknown>): Record<string, unknown> {
  const given = Object.fromEntries(senderFields.filter((key) => key in body).map((key) => [key, body[key]]));
  const { values, issues } = validateInput(senderDefinition, given, 'add', context.language, config().siteTimeZone);
  if (issues.length) throw validationError(context.language, issues);
  return Object.fromEntries(senderFields.map((key) => [key, values[key] ?? null]));
}

async function store(context: RequestContext, values: Record<string, unknown>, accountId: number | null) {
  return insertRow(webcontact, {
    ...values,
    status: NEW,
    replyNote: null,
    accountId,
    lang: context.language,
    updatedBy: accountId,
  });
}

/**
 * `POST webcontact/add`: the public contact form. Anyone may send; a well-formed message then counts
 * against the per-address limit (5 per 10 minutes, 429 beyond) before the captcha is checked, so the
 * verifier is never called more often than the limit allows. The answer is only `{id}`: a visitor
 * never gets stored rows back.
 */
export async function addContactMessage(context: RequestContext): Promise<Response> {
  requireAccess(context, 'public');
  const body = await readJsonObject(context.request);
  const values = senderValues(context, body);
  await hit(contactLimit, context.clientAddress);
  await verifyCaptcha(body.captchaToken, context.clientAddress, 'contact');
  const row = await store(context, values, null);
  return json({ id: row.id });
}

/** `POST webcontact/addByAcc`: a message from a signed-in account, linked to it; no captcha. */
async function addByAccount(context: RequestContext): Promise<Response> {
  requireAccess(context, 'user');
  const values = senderValues(context, await readJsonObject(context.request));
  const row = await store(context, values, context.account!.id);
  return json(toWire(webcontact, row, true, config().siteTimeZone));
}

/** Fields staff may change on `update`: what the sender wrote stays as it was received. */
const senderOwned = new Set<string>([...senderFields, 'translationId']);

const hooks: ResourceHooks = {
  routes: [
    {
      method: 'POST',
      path: 'add',
      handler: addContactMessage,
      summary: 'Contact messages: the public contact form (captcha, 5 per address per 10 minutes); answers {id} only',
    },
    // Paths are matched in lower case, so this also serves the spec's `addByAcc`.
    {
      method: 'POST',
      path: 'addbyacc',
      handler: addByAccount,
      summary: 'Contact messages: a message from the signed-in account, linked to it; answers the stored row',
    },
  ],
  // Only the generic update reaches this (add is the route above): staff set the status and the reply note.
  beforeWrite(input) {
    return Object.fromEntries(Object.entries(input).filter(([key]) => !senderOwned.has(key)));
  },
};

export default hooks;

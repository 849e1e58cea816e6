import type { Actor } from '../content/model/actor';
import type { CallInput } from '../content/model/define';
import type { RequestContext } from './context';
import * as newsletter from './handlers/newsletter';
import { sheetAnswer } from './handlers/export';
import * as mailings from '../content/operations/newsletter-mailings';
import * as subscribers from '../content/operations/newsletter-subscribers';
import { sendDigestNow } from '../content/operations/newsletter-digest';
import { absoluteRowUrl as rowLink } from '../public/row-links';

/** A route as lib/api/routes.ts takes it (its type is not imported: that file imports this one). */
type NewsletterRoute = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  noXsrf?: boolean;
  summary: string;
} & (
  | { handler: (context: RequestContext, params: string[]) => Promise<Response> }
  | { operation: (actor: Actor, input: CallInput) => Promise<unknown>; body?: boolean }
);

/**
 * The newsletter's calls (docs/api.md, Newsletter). The visitor's own (sign-up, confirmation,
 * unsubscribe, manage) carry no XSRF check: they have no session to protect, a mail client's
 * one-click unsubscribe sends no cookie, and the site's forms post them without script.
 */
export function newsletterRoutes(): NewsletterRoute[] {
  return [
    {
      method: 'POST',
      path: 'newsletter/subscribe',
      handler: newsletter.subscribe,
      noXsrf: true,
      summary:
        'Signs an address up (`{email, topics, captcha}`); a confirmation link is mailed; answers `{pending: true}` alike for every address',
    },
    {
      method: 'POST',
      path: 'newsletter/confirm',
      handler: newsletter.confirm,
      noXsrf: true,
      summary: "Confirms a sign-up with the mailed link's token `{token}` → `{confirmed}`",
    },
    {
      method: 'GET',
      path: 'newsletter/unsubscribe',
      handler: newsletter.unsubscribe,
      summary: 'Changes nothing: sends a person (or a mail scanner) on to the page with the unsubscribe button',
    },
    {
      method: 'POST',
      path: 'newsletter/unsubscribe',
      handler: newsletter.unsubscribe,
      noXsrf: true,
      summary: 'One-click unsubscribe (RFC 8058): `List-Unsubscribe=One-Click` form-encoded, `?token=…`; answers 200',
    },
    {
      method: 'GET',
      path: 'newsletter/manage',
      handler: newsletter.subscription,
      summary: "The subscription a mailing's token names `?token=…` → `{email, topics, lang, status}`",
    },
    {
      method: 'POST',
      path: 'newsletter/manage',
      handler: newsletter.manage,
      noXsrf: true,
      summary: "Changes a subscription's topics and language `?token=…` `{topics, lang}`",
    },
    {
      method: 'POST',
      path: 'newsletter/preview',
      body: true,
      operation: (actor, { body }) => mailings.previewMailing(actor, body, rowLink),
      summary: 'A mailing as its recipients would get it `{subject, html, text}`; nothing is sent (staff)',
    },
    {
      method: 'POST',
      path: 'newsletter/send',
      body: true,
      operation: (actor, { body }) => mailings.sendMailing(actor, body, rowLink),
      summary:
        'Sends a mailing `{subject, content, items, topics, lang, test}` → `{queued}`; with `test` an address, to it only (staff)',
    },
    {
      method: 'POST',
      path: 'newsletter/mailings',
      body: true,
      operation: (actor, { body }) => mailings.listMailings(actor, body),
      summary: 'Mailings and digests, newest first, with their mails queued, pending, sent and failed (staff)',
    },
    {
      method: 'POST',
      path: 'newsletter/getlist',
      body: true,
      operation: (actor, { body }) => subscribers.listSubscribers(actor, body),
      summary: 'Subscribers `{page, pageSize, status, keyword}`, newest first (Admins)',
    },
    {
      method: 'POST',
      path: 'newsletter/export',
      body: true,
      operation: async (actor, { body }) => sheetAnswer('newsletter', await subscribers.exportSubscribers(actor, body)),
      summary: 'The subscribers a list request selects, with their consent records, as a CSV or XLSX file (Admins)',
    },
    {
      method: 'POST',
      path: 'newsletter/import',
      handler: newsletter.importInvitations,
      summary: 'Invites the addresses of a spreadsheet (multipart `file`): each gets the confirmation mail (Admins)',
    },
    {
      method: 'DELETE',
      path: 'newsletter/delete/:id',
      operation: (actor, { params: [id] }) => subscribers.deleteSubscriber(actor, id),
      summary: "Deletes one subscriber's data at their request (Admins)",
    },
    {
      method: 'POST',
      path: 'newsletter/digest',
      operation: (actor) => sendDigestNow(actor, rowLink),
      summary: 'Sends the digest now, of what was published since the last one → `{queued, items}` (Admins)',
    },
  ];
}

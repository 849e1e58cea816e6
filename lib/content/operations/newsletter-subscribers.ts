import 'server-only';
import { config } from '../../config';
import { translate } from '../../i18n/messages';
import type { Cell } from '../../sheets/cells';
import type { SheetTable } from '../../sheets/read';
import { requireAccess, type Actor } from '../model/actor';
import { ContentError, invalid, notFound, positiveInteger } from '../model/errors';
import { publicNewsletterTopics, subscriberStatuses } from '../model/newsletter';
import { toWireDateTime } from '../model/wire-dates';
import { recordAudit } from '../storage/audit';
import {
  allSubscribers,
  deleteSubscriberById,
  subscriberPage,
  type Subscriber,
  type SubscriberQuery,
} from '../storage/newsletter-subscribers';
import { formatOf, sheetInstant, type SheetFile } from './export';
import { checkMemberTopic, invite, subscriptionInput } from './newsletter';

/**
 * The newsletter's subscribers for Admins (docs/api.md, Newsletter): the list, its export, an
 * import that only invites (each address gets the double opt-in mail; no one is subscribed without
 * confirming) and the deletion of one person's data on request. Every call is in the audit log.
 */

function queryOf(body: Record<string, unknown>): SubscriberQuery {
  const query: SubscriberQuery = {};
  if (body.status !== undefined && body.status !== '' && body.status !== null) {
    const status = subscriberStatuses.find((known) => known === body.status);
    if (!status) throw invalid('newsletterStatus');
    query.status = status;
  }
  if (typeof body.keyword === 'string' && body.keyword.trim()) query.keyword = body.keyword.trim().slice(0, 254);
  return query;
}

/** A positive whole number of a list request, or its default when not given. */
function wholeNumber(value: unknown, fallback: number, key: string): number {
  if (value === undefined || value === null) return fallback;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 1_000_000)
    throw invalid(key, { max: 1_000_000 });
  return value as number;
}

const instant = (value: Date | null) => (value ? toWireDateTime(value, config().siteTimeZone) : null);

const wireSubscriber = (row: Subscriber) => ({
  id: row.id,
  email: row.email,
  topics: row.topics,
  lang: row.lang,
  status: row.status,
  confirmedAt: instant(row.confirmedAt),
  unsubscribedAt: instant(row.unsubscribedAt),
  consentAt: instant(row.consentAt),
  consentForm: row.consentForm,
  consentVersion: row.consentVersion,
});

/** `POST newsletter/getlist`: `{page, pageSize, status, keyword}` → the subscribers, newest first. */
export async function listSubscribers(actor: Actor, body: Record<string, unknown>) {
  requireAccess(actor, 'admin');
  const query = queryOf(body);
  const page = wholeNumber(body.page, 1, 'invalidPage');
  const pageSize = Math.min(100, wholeNumber(body.pageSize, 20, 'invalidPageSize'));
  const { rows, total } = await subscriberPage(query, page, pageSize);
  return { data: rows.map(wireSubscriber), total: Number(total), page, pageSize };
}

/** `POST newsletter/export`: every subscriber the list request selects, with the consent record, as CSV or XLSX. */
export async function exportSubscribers(actor: Actor, body: Record<string, unknown>): Promise<SheetFile> {
  requireAccess(actor, 'admin');
  const { format, request } = formatOf(body);
  const query = queryOf(request);
  const language = actor.language;
  const label = (key: string) => translate(language, `admin.newsletter.columns.${key}`);
  await recordAudit(actor, {
    action: 'export',
    resource: 'newsletter',
    summary: translate(language, 'admin.newsletter.subscribers'),
  });
  const rows = await allSubscribers(query);
  async function* cells(): AsyncGenerator<Cell[]> {
    for (const row of rows) {
      yield [
        row.email,
        row.topics.join(', '),
        row.lang,
        row.status,
        sheetInstant(row.consentAt),
        row.consentAddress,
        row.consentForm,
        row.consentVersion,
        row.confirmedAt ? sheetInstant(row.confirmedAt) : null,
        row.unsubscribedAt ? sheetInstant(row.unsubscribedAt) : null,
      ];
    }
  }
  const columns = [
    'email',
    'topics',
    'lang',
    'status',
    'consentAt',
    'consentAddress',
    'consentForm',
    'consentVersion',
    'confirmedAt',
    'unsubscribedAt',
  ];
  return {
    format,
    title: translate(language, 'admin.newsletter.subscribers'),
    columns: columns.map(label),
    rows: cells(),
  };
}

/**
 * `POST newsletter/import`: a spreadsheet with an e-mail column (and optionally topics and
 * language) → every valid address is sent the double opt-in mail, as if it had signed up; active
 * subscribers are left alone. Answers `{invited, skipped, errors: [{line, message}]}`.
 */
export async function inviteFromSheet(actor: Actor, table: SheetTable) {
  requireAccess(actor, 'admin');
  const header = table.header.map((cell) => cell.trim().toLowerCase());
  const column = (...names: string[]) => header.findIndex((cell) => names.includes(cell));
  const emailAt = column('email', 'e-mail', '電子郵件', 'email address');
  const topicsAt = column('topics', '主題');
  const langAt = column('lang', 'language', '語言');
  if (emailAt < 0) throw invalid('newsletterImportEmail');
  let invited = 0;
  let skipped = 0;
  const errors: { line: number; message: string }[] = [];
  const at = new Date();
  for (const { line, cells } of table.rows) {
    const topics =
      topicsAt >= 0 && cells[topicsAt].trim() ? cells[topicsAt].split(/[,;\s]+/).filter(Boolean) : undefined;
    const lang =
      langAt >= 0 && cells[langAt].trim() === 'en'
        ? 'en'
        : langAt >= 0 && cells[langAt].trim() === 'tw'
          ? 'tw'
          : actor.language;
    try {
      const choice = subscriptionInput({
        email: cells[emailAt],
        topics: topics ?? [...publicNewsletterTopics],
      });
      await checkMemberTopic(choice);
      if (await invite(choice, lang, { at, address: actor.clientAddress, form: 'import' })) invited++;
      else skipped++;
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      errors.push({ line, message: error.messageIn(actor.language) });
    }
  }
  await recordAudit(actor, {
    action: 'import',
    resource: 'newsletter',
    summary: `${invited} invited, ${skipped} skipped, ${errors.length} refused`,
  });
  return { invited, skipped, errors };
}

/** `DELETE newsletter/delete/{id}`: the person's data is removed at once (a request under the personal data law). */
export async function deleteSubscriber(actor: Actor, id: string) {
  requireAccess(actor, 'admin');
  const rowId = positiveInteger(id, 'invalidId');
  if (!(await deleteSubscriberById(rowId))) throw notFound();
  // The address itself is not kept in the log: the row id says which one was deleted.
  await recordAudit(actor, {
    action: 'delete',
    resource: 'newsletter',
    rowId,
    summary: 'subscriber deleted on request',
  });
  return { id: rowId };
}

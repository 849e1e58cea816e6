import 'server-only';
import { config } from '../../config';
import { enqueueMail, mailCountsByStatus } from '../../mail/queue';
import { mailingMail, type MailCard, type MailingBody } from '../../mail/newsletter';
import { translate } from '../../i18n/messages';
import type { WireLanguage } from '../../i18n/languages';
import { withMemberReads } from '../../cache/member-scope';
import { logError } from '../../observability/logger';
import { richTextToPlain, sanitizeRichText } from '../../security/sanitize';
import { requireAccess, type Actor } from '../model/actor';
import { emailPattern } from '../model/validation';
import { invalid, invalidFields, type Issue } from '../model/errors';
import {
  MEMBER_BULLETINS,
  isPublicNewsletterTopic,
  newsletterTopicResource,
  publicNewsletterTopics,
  type NewsletterTopic,
  type PublicNewsletterTopic,
} from '../model/newsletter';
import { resources } from '../model/registry';
import type { Row } from '../model/rows';
import { toWireDateTime } from '../model/wire-dates';
import { recordAudit } from '../storage/audit';
import {
  insertMailing,
  mailingPage,
  markMailingQueued,
  recipientsOf,
  unqueuedMailings,
  type StoredMailing,
} from '../storage/newsletter-mailings';
import { readPublicRow } from '../storage/reads';
import { readWebInfo } from '../storage/settings';
import { memberAddresses, topicsOf } from './newsletter';

/**
 * Mailings to the newsletter's confirmed subscribers (docs/api.md, Newsletter): staff write a
 * subject and rich text, choose items shown as cards, topics and a language; a preview and a test
 * send to one address come first. Sending stores the mailing, then queues one mail per active
 * subscriber of that language whose topics meet the mailing's, each under the once key
 * `mailing:{id}:{subscriber}`, so however often it is queued (again at start-up after a crash,
 * from any server) no address gets it twice. The queue's worker sends them at MAIL_RATE_PER_MINUTE.
 */

/** A public row's address on the site (lib/public knows it; the API passes it in). */
export type RowLink = (language: WireLanguage, resource: string, row: Row) => string | null;

const MAX_ITEMS = 20;
const MAX_SUBJECT = 200;

/** A topic's rows read as its readers may see them: bulletins for members only inside the member scope. */
export const readForTopic = <T>(topic: NewsletterTopic, read: () => Promise<T>): Promise<T> =>
  topic === MEMBER_BULLETINS ? withMemberReads(read) : read();

/** An item shown as a card: a row of a topic (staff choose public rows; a digest's may be for members only). */
export interface MailingItem {
  resource: NewsletterTopic;
  id: number;
}

interface MailingInput {
  subject: string;
  content: string;
  items: MailingItem[];
  topics: NewsletterTopic[];
  lang: WireLanguage;
}

/** The mailing a request describes, checked; refuses with per-field issues in the request's language. */
function mailingInput(actor: Actor, input: Record<string, unknown>): MailingInput {
  const issues: Issue[] = [];
  const subject = typeof input.subject === 'string' ? input.subject.replace(/[\r\n]+/g, ' ').trim() : '';
  if (!subject || subject.length > MAX_SUBJECT)
    issues.push({ field: 'subject', key: 'newsletterSubject', values: { max: MAX_SUBJECT } });
  const content = typeof input.content === 'string' ? sanitizeRichText(input.content) : '';
  if (!richTextToPlain(content)) issues.push({ field: 'content', key: 'newsletterContent', values: {} });
  const rawItems = input.items ?? [];
  const items = Array.isArray(rawItems)
    ? rawItems.flatMap((item) =>
        item &&
        typeof item === 'object' &&
        isPublicNewsletterTopic((item as Record<string, unknown>).resource) &&
        Number.isInteger((item as Record<string, unknown>).id) &&
        ((item as Record<string, unknown>).id as number) > 0
          ? [{ resource: (item as { resource: PublicNewsletterTopic }).resource, id: (item as { id: number }).id }]
          : [],
      )
    : [];
  if (!Array.isArray(rawItems) || items.length !== rawItems.length || items.length > MAX_ITEMS)
    issues.push({ field: 'items', key: 'newsletterItems', values: { max: MAX_ITEMS } });
  const topics = topicsOf(input.topics ?? [...publicNewsletterTopics]);
  if (!topics) issues.push({ field: 'topics', key: 'newsletterTopics', values: {} });
  const lang = input.lang === undefined ? actor.language : input.lang;
  if (lang !== 'tw' && lang !== 'en') issues.push({ field: 'lang', key: 'newsletterLanguage', values: {} });
  if (issues.length) throw invalidFields(issues);
  return { subject, content, items, topics: topics!, lang: lang as WireLanguage };
}

/** A card with the topic of its item, so a digest gives each subscriber the cards of their topics. */
interface TopicCard {
  topic: NewsletterTopic;
  card: MailCard;
}

/** The cards of the chosen items that their topic's readers can see now, in the mailing's language. */
async function cardsOf(mailing: Pick<MailingInput, 'items' | 'lang'>, rowLink: RowLink): Promise<TopicCard[]> {
  const cards: TopicCard[] = [];
  for (const item of mailing.items) {
    const definition = resources[newsletterTopicResource[item.resource]];
    const row = (await readForTopic(item.resource, () => readPublicRow(definition, mailing.lang, item.id))) as
      Row | undefined;
    if (row) cards.push({ topic: item.resource, card: cardOf(mailing.lang, definition.name, row, rowLink) });
  }
  return cards;
}

function cardOf(language: WireLanguage, resource: string, row: Row, rowLink: RowLink): MailCard {
  const when = (row.startAt ?? row.publishAt ?? row.createdAt) as Date | null;
  const summary =
    typeof row.summary === 'string' && row.summary ? row.summary : richTextToPlain(String(row.content ?? ''));
  return {
    title: String(row.title ?? ''),
    date: when instanceof Date ? toWireDateTime(when, config().siteTimeZone).slice(0, 10) : null,
    summary: summary.length > 200 ? `${summary.slice(0, 199)}…` : summary,
    url: rowLink(language, resource, row),
  };
}

const plainOf = (html: string) => richTextToPlain(html.replace(/<\/(p|h\d|li|div)>/g, '</$1>\n'));

async function bodyOf(mailing: MailingInput, rowLink: RowLink): Promise<MailingBody> {
  const cards = await cardsOf(mailing, rowLink);
  return {
    subject: mailing.subject,
    html: mailing.content,
    text: plainOf(mailing.content),
    cards: cards.map((c) => c.card),
  };
}

/** `POST newsletter/preview`: the mail as a subscriber would see it, `{subject, html, text}`, nothing sent. */
export async function previewMailing(actor: Actor, input: Record<string, unknown>, rowLink: RowLink) {
  requireAccess(actor, 'user');
  const mailing = mailingInput(actor, input);
  const site = (await readWebInfo(mailing.lang, { includePrivate: false })).siteName;
  const mail = mailingMail(mailing.lang, site, await bodyOf(mailing, rowLink), null);
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

/**
 * `POST newsletter/send`: with `test` an address, that one mail only (subject marked as a test);
 * otherwise the mailing is stored and queued to every matching active subscriber. → `{queued: n}`.
 */
export async function sendMailing(actor: Actor, input: Record<string, unknown>, rowLink: RowLink) {
  requireAccess(actor, 'user');
  const mailing = mailingInput(actor, input);
  if (input.test !== undefined && input.test !== null && input.test !== '') {
    const to = typeof input.test === 'string' ? input.test.trim() : '';
    if (!emailPattern.test(to) || to.length > 254) throw invalid('newsletterTestAddress');
    const site = (await readWebInfo(mailing.lang, { includePrivate: false })).siteName;
    const mail = mailingMail(mailing.lang, site, await bodyOf(mailing, rowLink), null);
    const subject = translate(mailing.lang, 'mail.newsletter.testSubject', { subject: mail.subject });
    const id = await enqueueMail({ kind: 'newsletter', to: [to], ...mail, subject });
    return { queued: id === null ? 0 : 1 };
  }
  const stored = (await insertMailing({ kind: 'mailing', ...mailing, createdBy: actor.account?.id ?? null }))!;
  await recordAudit(actor, {
    action: 'newsletter',
    resource: 'newsletter',
    rowId: stored.id,
    summary: mailing.subject,
  });
  return { queued: await queueMailing(stored, rowLink) };
}

/**
 * Queues a stored mailing to its recipients (each once, by its once key), then marks it queued with
 * the number of recipients; answers how many were queued by this call. A digest gives each
 * subscriber the cards of their own topics, and nothing to one whose topics had nothing new.
 * Bulletins for members only (the topic and its cards) count for an address only while it is an
 * active Member account's, checked now: a Member removed or disabled since subscribing loses them.
 */
export async function queueMailing(stored: StoredMailing, rowLink: RowLink): Promise<number> {
  const lang = stored.lang === 'en' ? 'en' : 'tw';
  const site = (await readWebInfo(lang, { includePrivate: false })).siteName;
  const cards = await cardsOf({ items: stored.items as MailingInput['items'], lang }, rowLink);
  const recipients = await recipientsOf(lang, stored.topics);
  const members = recipients.some((r) => r.topics.includes(MEMBER_BULLETINS)) ? await memberAddresses() : new Set();
  let queued = 0;
  let addressed = 0;
  for (const recipient of recipients) {
    const topics = recipient.topics.filter((topic) => topic !== MEMBER_BULLETINS || members.has(recipient.email));
    if (!topics.some((topic) => stored.topics.includes(topic))) continue;
    // A staff mailing's public cards go to all its recipients; a digest's, and members-only ones, by topic.
    const own = cards.filter(
      (c) => topics.includes(c.topic) || (stored.kind !== 'digest' && c.topic !== MEMBER_BULLETINS),
    );
    if (stored.kind === 'digest' && !own.length) continue;
    addressed++;
    const body = {
      subject: stored.subject,
      html: stored.content,
      text: plainOf(stored.content),
      cards: own.map((c) => c.card),
    };
    const id = await enqueueMail({
      kind: 'newsletter',
      to: [recipient.email],
      ...mailingMail(lang, site, body, recipient.token),
      onceKey: `${stored.kind}:${stored.id}:${recipient.id}`,
    });
    if (id !== null) queued++;
  }
  await markMailingQueued(stored.id, addressed, new Date());
  return queued;
}

/** At start-up: mailings whose queuing a stopped server left unfinished are queued again (no one twice). */
export async function resumeMailings(rowLink: RowLink): Promise<number> {
  const unfinished = await unqueuedMailings();
  let queued = 0;
  for (const mailing of unfinished) {
    queued += await queueMailing(mailing, rowLink).catch((error) => {
      logError(error, 'newsletter mailing could not be queued');
      return 0;
    });
  }
  return queued;
}

/** `POST newsletter/mailings`: mailings and digests, newest first, with their mails queued, sent and failed. */
export async function listMailings(actor: Actor, input: Record<string, unknown>) {
  requireAccess(actor, 'user');
  const page = Math.max(1, Number.isInteger(input.page) ? (input.page as number) : 1);
  const pageSize = Math.min(100, Math.max(1, Number.isInteger(input.pageSize) ? (input.pageSize as number) : 20));
  const { rows, total } = await mailingPage(page, pageSize);
  const data = [];
  for (const row of rows) {
    const states = await mailCountsByStatus(`${row.kind}:${row.id}:`);
    const of = (status: string) => Number(states.find((state) => state.status === status)?.n ?? 0);
    data.push({
      id: row.id,
      kind: row.kind,
      period: row.period,
      subject: row.subject,
      lang: row.lang,
      topics: row.topics,
      createdAt: toWireDateTime(row.createdAt, config().siteTimeZone),
      // The queue keeps a mail's row 30 days; the counts of those pruned since are the mailing's own.
      queued: states.reduce((sum, state) => sum + Number(state.n), 0) + row.sentCount + row.failedCount,
      pending: of('pending'),
      sent: of('sent') + row.sentCount,
      failed: of('failed') + of('expired') + row.failedCount,
    });
  }
  return { data, total: Number(total), page, pageSize };
}

import 'server-only';
import { enqueueMail } from '../../mail/queue';
import { mailEnabled } from '../../mail/transport';
import { reviewDigestMail } from '../../mail/templates';
import type { WireLanguage } from '../../i18n/languages';
import { requireAccess, type Actor } from '../model/actor';
import { traits, type ResourceDefinition } from '../model/define';
import { invalid, positiveInteger } from '../model/errors';
import { pageOf } from '../model/list-request';
import { allResources, findResource } from '../model/registry';
import { wireInstant } from '../model/wire';
import { accountAddress, adminAddresses } from '../storage/pending';
import { claimDigestDay, dueRows, setReviewDate, type DueRow } from '../storage/reviews';
import { readWebInfo, reviewCycles } from '../storage/settings';
import { auditRow, find, type IdInput } from './resource';
import { adminFormPath, monthsAfter, reviewed, sectionOf } from './review-dates';

/**
 * The review cycle of public content (docs/api.md, Review cycle): 「已檢視」 records a review of a
 * row and moves its date on, staff list what is due, and a daily digest e-mails each author (or
 * the Admins) the rows past their date.
 */

/** The longest cycle a resource may have, in months. */
const MAX_REVIEW_CYCLE_MONTHS = 120;
/** The cycle 「已檢視」 moves a row's date by when its resource has none. */
const DEFAULT_REVIEW_MONTHS = 12;

/** The resources whose rows have review dates. */
const reviewedResources = () => allResources().filter(reviewed);

/**
 * The shared setting `reviewCycles` as sent: an object of months (1 to 120) per resource visitors
 * read (`{"webrule": 12}`); null or `{}` sets none.
 */
export function parseReviewCycles(value: unknown): Record<string, number> {
  if (value === null || value === '') return {};
  const wrong = (detail: string) =>
    invalid('invalidReviewCycles', { value: detail.slice(0, 60), max: MAX_REVIEW_CYCLE_MONTHS });
  if (typeof value !== 'object' || Array.isArray(value)) throw wrong(JSON.stringify(value) ?? '');
  const cycles: Record<string, number> = {};
  for (const [name, months] of Object.entries(value)) {
    const definition = findResource(name);
    if (!definition || !reviewed(definition)) throw wrong(name);
    if (!Number.isInteger(months) || months < 1 || months > MAX_REVIEW_CYCLE_MONTHS)
      throw wrong(`${name}: ${String(months)}`);
    cycles[name] = months;
  }
  return cycles;
}

/**
 * 「已檢視」: the row was reviewed and is right as it is. Records the review (who, now: 「最後檢視」)
 * and the audit line `review`, and moves the row's date on by its resource's cycle.
 */
export async function markReviewed(actor: Actor, definition: ResourceDefinition, id: IdInput) {
  requireAccess(actor, traits(definition).write);
  if (!reviewed(definition)) throw invalid('notReviewed');
  const row = await find(actor, definition, positiveInteger(id));
  const now = new Date();
  const months = (await reviewCycles())[definition.name] ?? DEFAULT_REVIEW_MONTHS;
  const dates = await setReviewDate(definition.name, Number(row.id), monthsAfter(now, months), {
    by: actor.account?.id ?? null,
    at: now,
  });
  await auditRow(actor, definition, 'review', row);
  return {
    id: Number(row.id),
    reviewAt: dates.reviewAt ? wireInstant(dates.reviewAt) : null,
    reviewedAt: dates.reviewedAt ? wireInstant(dates.reviewedAt) : null,
  };
}

const wireDue = (actor: Actor, row: DueRow) => {
  const definition = findResource(row.resource)!;
  const section = sectionOf(definition, row.row);
  return {
    resource: row.resource,
    resourceLabel: definition.label[actor.language],
    rowId: row.rowId,
    ...(section === undefined ? {} : { section }),
    title: row.title,
    reviewAt: wireInstant(row.reviewAt),
  };
};

/** Staff: the rows of the caller's language past their review date, the longest overdue first, paged. */
export async function dueForReview(actor: Actor, body: Record<string, unknown>) {
  requireAccess(actor, 'user');
  const { page, pageSize } = pageOf(body);
  const due = await dueRows(reviewedResources(), new Date(), actor.language);
  return {
    data: due.slice((page - 1) * pageSize, page * pageSize).map((row) => wireDue(actor, row)),
    total: due.length,
    page,
    pageSize,
  };
}

/** The day a digest is for, as YYYYMMDD in the server's clock. */
const dayOf = (now: Date) => now.getFullYear() * 10_000 + (now.getMonth() + 1) * 100 + now.getDate();

/**
 * The daily digest: each author with an address gets the rows they last saved that are past their
 * date, in the rows' language; rows whose author has none go to the Admins. Sent once a day
 * whatever the number of servers; returns how many e-mails were queued.
 */
export async function sendReviewDigest(now = new Date()): Promise<number> {
  if (!mailEnabled()) return 0;
  const due = await dueRows(reviewedResources(), now);
  if (!due.length || !(await claimDigestDay(dayOf(now)))) return 0;
  const groups = new Map<string, { to: string[]; language: WireLanguage; rows: DueRow[] }>();
  for (const row of due) {
    const author = row.updatedBy === null ? undefined : await accountAddress(row.updatedBy);
    const to = author?.email ? [author.email] : await adminAddresses();
    if (!to.length) continue;
    const language: WireLanguage = row.lang === 'en' ? 'en' : 'tw';
    const key = `${language} ${to.join(',')}`;
    const group = groups.get(key) ?? { to, language, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const { siteName } = await readWebInfo(group.language, { includePrivate: false });
    const reader = { language: group.language, account: null, clientAddress: 'digest' } satisfies Actor;
    await enqueueMail({
      kind: 'review',
      to: group.to,
      ...reviewDigestMail(
        group.language,
        siteName,
        group.rows.map((row) => {
          const due = wireDue(reader, row);
          const path = adminFormPath(group.language, findResource(row.resource)!, row.rowId, due.section);
          return { ...due, path, reviewAt: due.reviewAt.slice(0, 10) };
        }),
      ),
    });
  }
  return groups.size;
}

import 'server-only';
import { config } from '../../config';
import { translate } from '../../i18n/messages';
import { wireLanguages, type WireLanguage } from '../../i18n/languages';
import { requireAccess, type Actor } from '../model/actor';
import { MEMBERS } from '../model/audience';
import { MEMBER_BULLETINS, newsletterTopicResource, newsletterTopics } from '../model/newsletter';
import { resources } from '../model/registry';
import { toWireDateTime } from '../model/wire-dates';
import { recordAudit } from '../storage/audit';
import { insertMailing, lastDigestAt } from '../storage/newsletter-mailings';
import { atOrAfter, before, readPublicList } from '../storage/reads';
import type { DigestFrequency } from '../resources/websetting';
import { newsletterDigestFrequency, readWebInfo } from '../storage/settings';
import { queueMailing, readForTopic, type MailingItem, type RowLink } from './newsletter-mailings';

/**
 * The newsletter's digest (`newsletterDigest`: `off`, `daily`, `weekly`): the public news,
 * bulletins and activities, and the bulletins for members only, published since the last digest of
 * a language, to each active subscriber of that language, the cards of their own topics (those for
 * members only to current Members alone: `queueMailing`). One digest per period and language:
 * the mailing's row is unique by `(kind, period, lang)`, so of several servers asking, one sends.
 * Nothing is sent when nothing was published (the period is still marked done).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_DIGEST_ITEMS = 50;

/** The period `now` is in, on the site's calendar: `2026-11-29` (daily) or `2026-W48` (weekly, ISO weeks). */
export function digestPeriod(frequency: Exclude<DigestFrequency, 'off'>, now: Date): string {
  const day = toWireDateTime(now, config().siteTimeZone).slice(0, 10);
  if (frequency === 'daily') return day;
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  // The ISO week's year is that of its Thursday.
  const thursday = new Date(date.getTime() + (3 - weekday) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The items of each topic published in [since, now), newest first: the public rows of each resource,
 * and the bulletins for members only (read in the member scope, which admits them).
 */
async function publishedBetween(lang: WireLanguage, since: Date, now: Date) {
  const items: MailingItem[] = [];
  for (const topic of newsletterTopics) {
    const definition = resources[newsletterTopicResource[topic]];
    const keys = ['publishAt', 'createdAt'];
    const { rows } = await readForTopic(topic, () =>
      readPublicList(definition, lang, {
        // The member scope reads both audiences; the public bulletins are the other topic's.
        filters: topic === MEMBER_BULLETINS ? { audience: MEMBERS } : undefined,
        conditions: [atOrAfter(definition, keys, since), before(definition, keys, now)],
        cacheKey: `digest:${since.toISOString()}:${now.toISOString()}`,
        pageSize: MAX_DIGEST_ITEMS,
      }),
    );
    items.push(...rows.map((row) => ({ resource: topic, id: Number((row as { id: unknown }).id) })));
  }
  return items;
}

interface DigestOutcome {
  /** Mails queued, over both languages. */
  queued: number;
  /** Items found, over both languages. */
  items: number;
}

/**
 * Makes the digest of `period` in each language, unless a server made it already: the items since
 * that language's last digest (the first looks back one period), queued to their subscribers.
 */
async function sendDigest(period: string, lookBackMs: number, rowLink: RowLink, now = new Date()) {
  const outcome: DigestOutcome = { queued: 0, items: 0 };
  for (const lang of wireLanguages) {
    const since = (await lastDigestAt(lang)) ?? new Date(now.getTime() - lookBackMs);
    const site = (await readWebInfo(lang, { includePrivate: false })).siteName;
    const items = await publishedBetween(lang, since, now);
    const stored = await insertMailing(
      {
        kind: 'digest',
        period,
        subject: translate(lang, 'mail.newsletter.digestSubject', { site }),
        content: `<p>${translate(lang, 'mail.newsletter.digestIntro', { site }).replace(/[<>&]/g, '')}</p>`,
        items,
        topics: [...newsletterTopics],
        lang,
        since,
        createdAt: now,
        // Nothing published: the period is done without a mail.
        ...(items.length ? {} : { queuedAt: now }),
      },
      true,
    );
    if (!stored || !items.length) continue;
    outcome.items += items.length;
    outcome.queued += await queueMailing(stored, rowLink);
  }
  return outcome;
}

/** The scheduled digest: the current period's, when the setting is on. */
export async function sendScheduledDigest(rowLink: RowLink, now = new Date()): Promise<DigestOutcome> {
  const frequency = await newsletterDigestFrequency();
  if (frequency === 'off') return { queued: 0, items: 0 };
  return sendDigest(digestPeriod(frequency, now), (frequency === 'daily' ? 1 : 7) * DAY_MS, rowLink, now);
}

/** `POST newsletter/digest` (Admins): a digest now of what was published since the last one, whatever the setting. */
export async function sendDigestNow(actor: Actor, rowLink: RowLink, now = new Date()): Promise<DigestOutcome> {
  requireAccess(actor, 'admin');
  const outcome = await sendDigest(`now:${now.toISOString()}`, 7 * DAY_MS, rowLink, now);
  await recordAudit(actor, {
    action: 'newsletter',
    resource: 'newsletter',
    summary: `digest: ${outcome.items} items, ${outcome.queued} mails`,
  });
  return outcome;
}

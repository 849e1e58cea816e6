import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { enqueueMail } from '../../mail/queue';
import { confirmationMail, listId } from '../../mail/newsletter';
import type { WireLanguage } from '../../i18n/languages';
import { verifyCaptcha } from '../auth/captcha';
import { hit, newsletterLimit, newsletterMailLimit, withinLimit } from '../auth/rate-limit';
import { requireAccess, type Actor } from '../model/actor';
import { Role } from '../model/roles';
import { emailPattern } from '../model/validation';
import { invalid, invalidFields, notFound, type Issue } from '../model/errors';
import {
  MEMBER_BULLETINS,
  NEWSLETTER_CONSENT_VERSION,
  isNewsletterTopic,
  type ConsentForm,
  type NewsletterTopic,
} from '../model/newsletter';
import {
  activeMemberAddresses,
  confirmPendingSignUp,
  deletePendingBefore,
  isMemberAddress,
  storePendingSignUp,
  subscriberWithEmail,
  subscriberWithToken,
  updateSubscriber,
  type Subscriber,
} from '../storage/newsletter-subscribers';
import { readWebInfo } from '../storage/settings';

/**
 * Subscribing to the newsletter with double opt-in (docs/api.md, Newsletter): a sign-up stores the
 * address as `pending` with its consent record and mails a confirmation link; only a confirmed
 * (`active`) address gets mailings. Every answer to a sign-up is the same, so no one can learn
 * whether an address is subscribed. Each subscriber has a token for the unsubscribe and manage
 * links of every mailing.
 */

/** How long a confirmation link works; unconfirmed sign-ups older than this are removed. */
const UNCONFIRMED_DAYS = 7;
const UNCONFIRMED_MS = UNCONFIRMED_DAYS * 24 * 60 * 60 * 1000;

export const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenShape = (value: unknown): value is string => typeof value === 'string' && /^[\w-]{20,64}$/.test(value);

export interface SubscriptionChoice {
  email: string;
  topics: NewsletterTopic[];
}

/** The address and topics of a sign-up, checked; refuses with per-field issues. */
export function subscriptionInput(input: Record<string, unknown>): SubscriptionChoice {
  const issues: Issue[] = [];
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  if (!email) issues.push({ field: 'email', key: 'newsletterEmailRequired', values: {} });
  else if (email.length > 254 || !emailPattern.test(email))
    issues.push({ field: 'email', key: 'newsletterEmailInvalid', values: {} });
  const topics = topicsOf(input.topics);
  if (!topics) issues.push({ field: 'topics', key: 'newsletterTopics', values: {} });
  if (issues.length) throw invalidFields(issues);
  return { email, topics: topics! };
}

/** A non-empty list of known topics, each once; a single string counts as a list of one (a form's one box). */
export function topicsOf(value: unknown): NewsletterTopic[] | null {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.length || !list.every(isNewsletterTopic)) return null;
  return [...new Set(list)];
}

/** The addresses (lower-cased) of every active Member account: who may get bulletins for members only now. */
export async function memberAddresses(): Promise<Set<string>> {
  const rows = await activeMemberAddresses();
  return new Set(
    rows.flatMap((row) => [row.email, row.username].flatMap((value) => (value ? [String(value).toLowerCase()] : []))),
  );
}

/**
 * Refuses bulletins for members only (400 on `topics`) unless the address is an active Member
 * account's: `accountId` that account's, null when no Member is signed in (always refused, so the
 * answer tells no visitor whose address is a Member's), undefined any Member's.
 */
export async function checkMemberTopic(choice: SubscriptionChoice, accountId?: number | null): Promise<void> {
  if (!choice.topics.includes(MEMBER_BULLETINS)) return;
  if (accountId !== null && (await isMemberAddress(choice.email, accountId))) return;
  throw invalidFields([{ field: 'topics', key: 'newsletterMemberTopic', values: {} }]);
}

/**
 * A sign-up (`POST newsletter/subscribe`, the footer's and the page's form): rate limit per client
 * address, then the captcha, then the address is stored as pending (or its pending or unsubscribed
 * row renewed) with the consent record and a confirmation is mailed. An active address is left as
 * it is. The answer is `{pending: true}` in every case. Bulletins for members only: a signed-in
 * Member's own address alone.
 */
export async function subscribe(
  actor: Actor,
  input: Record<string, unknown>,
  form: ConsentForm = 'api',
): Promise<{ pending: true }> {
  requireAccess(actor, 'public');
  const choice = subscriptionInput(input);
  // A signed-in Member makes this call as a visitor (lib/api/dispatch.ts), their account kept as `member`.
  const member = actor.member ?? (actor.account?.role === Role.Member ? actor.account : null);
  await checkMemberTopic(choice, member?.id ?? null);
  await hit(newsletterLimit, actor.clientAddress);
  await verifyCaptcha(input.captcha, actor.clientAddress, 'newsletter');
  await invite(choice, actor.language, { at: new Date(), address: actor.clientAddress, form });
  return { pending: true };
}

interface ConsentRecord {
  at: Date;
  address: string;
  form: ConsentForm;
}

/**
 * Stores a pending sign-up (or renews one that is pending or unsubscribed) and mails its
 * confirmation link; an active subscriber is not touched. Answers whether a confirmation was queued.
 */
export async function invite(choice: SubscriptionChoice, language: WireLanguage, consent: ConsentRecord) {
  const confirmToken = newToken();
  const pending = {
    topics: choice.topics,
    lang: language,
    status: 'pending',
    confirmTokenHash: hashOf(confirmToken),
    consentAt: consent.at,
    consentAddress: consent.address.slice(0, 64),
    consentForm: consent.form,
    consentVersion: NEWSLETTER_CONSENT_VERSION,
    consentLang: language,
  };
  if (!(await storePendingSignUp({ email: choice.email, token: newToken(), createdAt: consent.at }, pending)))
    return false;
  if (!(await withinLimit(newsletterMailLimit, choice.email, consent.at))) return false;
  const site = (await readWebInfo(language, { includePrivate: false })).siteName;
  await enqueueMail({
    kind: 'newsletter-confirm',
    to: [choice.email],
    ...confirmationMail(language, site, confirmToken, UNCONFIRMED_DAYS),
    headers: { 'List-Id': listId(site) },
    expiresAt: new Date(consent.at.getTime() + UNCONFIRMED_MS),
  });
  return true;
}

/** The confirmation link: makes the pending sign-up active; null when the link is unknown, used or too old. */
export async function confirmSubscription(token: unknown, now = new Date()): Promise<Subscriber | null> {
  if (!tokenShape(token)) return null;
  const row = await confirmPendingSignUp(hashOf(token), new Date(now.getTime() - UNCONFIRMED_MS), now);
  return row ?? null;
}

/** The subscriber a mailing's token names, or null. */
export async function subscriberByToken(token: unknown): Promise<Subscriber | null> {
  if (!tokenShape(token)) return null;
  return (await subscriberWithToken(token)) ?? null;
}

/** The subscriber of an address, or null (addresses are kept lower-cased). */
export async function subscriberByEmail(email: string): Promise<Subscriber | null> {
  return (await subscriberWithEmail(email.trim().toLowerCase())) ?? null;
}

/**
 * One-click unsubscribe (RFC 8058) and the manage page's button: the token's subscriber gets no more
 * mail, at once. Refuses a token that names no one (404); an address already unsubscribed stays so.
 */
export async function unsubscribe(token: unknown, now = new Date()): Promise<Subscriber> {
  const subscriber = await subscriberByToken(token);
  if (!subscriber) throw notFound();
  if (subscriber.status === 'unsubscribed') return subscriber;
  const row = await updateSubscriber(subscriber.id, {
    status: 'unsubscribed',
    unsubscribedAt: now,
    confirmTokenHash: null,
  });
  return row ?? subscriber;
}

/** The manage page's save: an active subscriber's topics and language. */
export async function updateSubscription(token: unknown, input: Record<string, unknown>): Promise<Subscriber> {
  const subscriber = await subscriberByToken(token);
  if (!subscriber || subscriber.status !== 'active') throw notFound();
  const topics = topicsOf(input.topics);
  if (!topics) throw invalidFields([{ field: 'topics', key: 'newsletterTopics', values: {} }]);
  // The mailed token proves the address, so any active Member's may keep or add the topic.
  await checkMemberTopic({ email: subscriber.email, topics });
  const lang = input.lang === 'en' || input.lang === 'tw' ? input.lang : null;
  if (!lang) throw invalid('newsletterLanguage');
  return (await updateSubscriber(subscriber.id, { topics, lang }))!;
}

/** Removes sign-ups never confirmed within UNCONFIRMED_DAYS (the housekeeping); returns how many. */
export async function removeUnconfirmed(now = new Date()): Promise<number> {
  return deletePendingBefore(new Date(now.getTime() - UNCONFIRMED_MS));
}

import 'server-only';
import { tooMany } from '../model/errors';
import { countHit } from '../storage/rate-limits';

interface RateLimit {
  bucket: string;
  limit: number;
  windowMs: number;
}

/** Sign-in attempts per client address; the per-account lockout (5 failures) is separate. */
export const signInLimit: RateLimit = { bucket: 'sign-in', limit: 20, windowMs: 10 * 60 * 1000 };
/** Passkey sign-in challenges asked per client address (each is a stored row until it expires or is used). */
export const passkeyOptionsLimit: RateLimit = { bucket: 'passkey-options', limit: 60, windowMs: 10 * 60 * 1000 };
/** Public contact-form messages per client address. */
export const contactLimit: RateLimit = { bucket: 'contact', limit: 5, windowMs: 10 * 60 * 1000 };
/** Public sign-ups for activities per client address. */
export const registrationLimit: RateLimit = { bucket: 'registration', limit: 10, windowMs: 10 * 60 * 1000 };
/** Forgot-password requests per client address (answered 429 alike for every name). */
export const forgotPasswordLimit: RateLimit = { bucket: 'forgot-password', limit: 5, windowMs: 15 * 60 * 1000 };
/** Reset e-mails per account: past it requests are still answered alike, but nothing is sent. */
export const resetMailLimit: RateLimit = { bucket: 'reset-mail', limit: 3, windowMs: 60 * 60 * 1000 };
/** Member invitations sent per client address (an Admin's; a bound on mail sent by one stolen session). */
export const memberInviteLimit: RateLimit = { bucket: 'member-invite', limit: 50, windowMs: 60 * 60 * 1000 };
/** Welcome-link attempts (token and first password) per client address. */
export const memberWelcomeLimit: RateLimit = { bucket: 'member-welcome', limit: 10, windowMs: 15 * 60 * 1000 };
/** Reset attempts (token and new password) per client address. */
export const resetPasswordLimit: RateLimit = { bucket: 'reset-password', limit: 10, windowMs: 15 * 60 * 1000 };

/**
 * Counts one hit in a fixed window, in the database so every app server shares the count, and
 * refuses (`tooMany`: 429 with Retry-After on the API) once the window's limit is passed. One statement, so concurrent
 * hits are never lost.
 */
export async function hit(rule: RateLimit, key: string, now = new Date()): Promise<void> {
  const seconds = await count(rule, key, now);
  if (seconds) throw tooMany(seconds);
}

/** Counts one hit like `hit`, but answers whether it is within the limit instead of refusing. */
export async function withinLimit(rule: RateLimit, key: string, now = new Date()): Promise<boolean> {
  return (await count(rule, key, now)) === 0;
}

/** Counts one hit; returns 0 within the limit, else the seconds until the window ends. */
async function count(rule: RateLimit, key: string, now: Date): Promise<number> {
  const row = await countHit(rule.bucket, key, rule.windowMs, now);
  if (row.hits <= rule.limit) return 0;
  return Math.max(1, Math.ceil((row.windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
}
/** Newsletter sign-ups per client address (the footer's and the page's form, the API). */
export const newsletterLimit: RateLimit = { bucket: 'newsletter', limit: 5, windowMs: 10 * 60 * 1000 };
/** Confirmation e-mails per address: past it sign-ups are answered alike, but nothing is sent. */
export const newsletterMailLimit: RateLimit = { bucket: 'newsletter-mail', limit: 3, windowMs: 60 * 60 * 1000 };

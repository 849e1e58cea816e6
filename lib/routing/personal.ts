/**
 * The public pages a personal link opens, its token in the query: the newsletter's (confirm a
 * sign-up, manage or end a subscription) and an activity sign-up's own page. Paths below the
 * language prefix, for `sitePath`; the mails make them absolute (`absoluteUrl`).
 */
import { withQuery, withToken, type Query } from './site';

/** The newsletter's sign-up page and the pages of a subscriber's token. */
export const newsletterPaths = {
  signUp: '/newsletter',
  confirm: '/newsletter/confirm',
  manage: '/newsletter/manage',
  unsubscribe: '/newsletter/unsubscribe',
} as const;

/** A newsletter page of one subscriber: `/newsletter/manage?token=…&done=saved`. */
export const newsletterTokenPath = (
  page: Exclude<keyof typeof newsletterPaths, 'signUp'>,
  token: string,
  query: Query = {},
) => withToken(newsletterPaths[page], token, query);

/** The one-click unsubscribe of a mailing's `List-Unsubscribe` header (RFC 8058): the API's, without language. */
export const oneClickUnsubscribePath = (token: string) => withToken('/api/newsletter/unsubscribe', token);

/** An activity sign-up's own page (its token is its address): `/registration/{token}`. */
export const registrationPath = (token: string, query: Query = {}) =>
  withQuery(`/registration/${encodeURIComponent(token)}`, query);

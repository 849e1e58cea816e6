/**
 * The newsletter's fixed lists, shared by the public forms, the back office and the server: the
 * topics a subscriber chooses (the areas whose new items a digest tells of), the statuses of a
 * subscriber and the version of the consent wording the forms show (messages `newsletter.consent`):
 * change the version whenever that wording changes, so each consent record names what was agreed to.
 */

/** The topics anyone may choose; each is the resource whose new rows it tells of. */
export const publicNewsletterTopics = ['webnews', 'webbulletin', 'webactivity'] as const;
export type PublicNewsletterTopic = (typeof publicNewsletterTopics)[number];

/**
 * Bulletins for members only (`webbulletin` rows with `audience: "members"`): chosen only for the
 * address of an active Member account, and mailed only while the address still is one.
 */
export const MEMBER_BULLETINS = 'memberBulletins';

export const newsletterTopics = [...publicNewsletterTopics, MEMBER_BULLETINS] as const;
export type NewsletterTopic = (typeof newsletterTopics)[number];

/** The resource whose rows each topic tells of. */
export const newsletterTopicResource: Record<NewsletterTopic, PublicNewsletterTopic> = {
  webnews: 'webnews',
  webbulletin: 'webbulletin',
  webactivity: 'webactivity',
  memberBulletins: 'webbulletin',
};

export const subscriberStatuses = ['pending', 'active', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

export const NEWSLETTER_CONSENT_VERSION = '2026-11';

/** Where a consent was given: the footer's form, the newsletter page, an API client, or staff's invitation. */
export const consentForms = ['footer', 'page', 'api', 'import'] as const;
export type ConsentForm = (typeof consentForms)[number];

export const isNewsletterTopic = (value: unknown): value is NewsletterTopic =>
  newsletterTopics.some((topic) => topic === value);

export const isPublicNewsletterTopic = (value: unknown): value is PublicNewsletterTopic =>
  publicNewsletterTopics.some((topic) => topic === value);

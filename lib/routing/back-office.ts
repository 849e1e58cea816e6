/**
 * The back office's public addresses (docs/back-office.md, Routing): `/{lang}-admin[/…]`, its sign-in
 * `/{lang}-login` and the mailed password reset `/{lang}-reset`. lib/admin/paths.ts builds a screen's
 * path on these and parses them; the e-mails (lib/mail, lib/content/operations) link with them.
 */
import type { WireLanguage } from '../i18n/languages';
import { withToken } from './site';

/** The first segment of the back office's own screens (not a resource's). */
export const adminSegments = {
  settings: 'settings',
  audit: 'audit',
  media: 'media',
  security: 'security',
  review: 'review',
  newsletter: 'newsletter',
  trash: 'trash',
  import: 'import',
  registrations: 'registrations',
  checkin: 'checkin',
} as const;

/** The dashboard: `/tw-admin`. */
export const adminHome = (language: WireLanguage) => `/${language}-admin`;

/** A path below the dashboard: `adminPagePath('tw', 'webnews', 12)` is `/tw-admin/webnews/12`. */
export const adminPagePath = (language: WireLanguage, ...segments: (string | number)[]) =>
  [adminHome(language), ...segments].join('/');

/**
 * A row's form: `/tw-admin/webnews/12`, or with the section of a resource whose section stands in
 * every path (`sectionInPath`), `/tw-admin/webeditor/privacy/5`.
 */
export const adminRowPath = (language: WireLanguage, resource: string, id: number | 'new', sectionKey?: string) =>
  adminPagePath(language, resource, ...(sectionKey ? [sectionKey] : []), id);

/** The sign-in page, with the back-office page to return to after it: `/tw-login?next=%2Ftw-admin%2Fwebnews`. */
export function loginPath(language: WireLanguage, returnTo?: string): string {
  return `/${language}-login${returnTo ? `?next=${encodeURIComponent(returnTo)}` : ''}`;
}

/** The page a mailed password-reset link opens, `/tw-reset?token=…`; without a token, the bare page. */
export const resetPath = (language: WireLanguage, token?: string) =>
  token === undefined ? `/${language}-reset` : withToken(`/${language}-reset`, token);

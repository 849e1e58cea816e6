/**
 * The member area (會員專區) lives below `/{lang}/member`. Its pages are one member's own or carry a
 * form's token, so no cache ever keeps them (`Cache-Control: private, no-store`), and they are not
 * in the site map.
 */
export const MEMBER_AREA = 'member';

export const isMemberAreaPath = (pathname: string) => /^\/(?:tw|en)\/member(?:\/|$)/.test(pathname);

/** How long the recovery codes of a new authenticator stay on the member page (in an HttpOnly cookie). */
export const RECOVERY_CODES_SHOWN_SECONDS = 300;

/** The member area's pages and form targets, below the language prefix. */
export const memberPaths = {
  home: '/member',
  login: '/member/login',
  verify: '/member/login/verify',
  forgot: '/member/forgot',
  reset: '/member/reset',
  welcome: '/member/welcome',
  dues: '/member/dues',
  receipt: (year: number) => `/member/dues/${year}`,
  colleagues: '/member/colleagues',
  sessions: '/member/sessions',
  form: (name: string) => `/member/forms/${name}`,
} as const;

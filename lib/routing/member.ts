/**
 * The member area (會員專區) lives below `/{lang}/member`. Its pages are one member's own or carry a
 * form's token, so no cache ever keeps them (`Cache-Control: private, no-store`), and they are not
 * in the site map. Paths below the language prefix: `sitePath(language, memberPaths.login)`.
 */
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

export const isMemberAreaPath = (pathname: string) => /^\/(?:tw|en)\/member(?:\/|$)/.test(pathname);

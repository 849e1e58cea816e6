/**
 * How the back office's public URLs reach its internal route tree `app/admin/[lang]/…` (proxy.ts):
 * `/tw-admin/x/y` → `/admin/tw/office/x/y`, `/tw-login` → `/admin/tw/login`. A sign-in sub-path
 * goes back to the sign-in page. Anything else (including `/admin/…` itself) is not ours: null.
 */
export type AdminRouting = { rewrite: string } | { redirect: string } | null;

export function adminRouting(pathname: string): AdminRouting {
  const match = /^\/(tw|en)-(admin|login)(\/.*)?$/.exec(pathname);
  if (!match) return null;
  const [, language, area, rest = ''] = match;
  if (area === 'login') return rest && rest !== '/' ? { redirect: `/${language}-login` } : { rewrite: `/admin/${language}/login` };
  return { rewrite: `/admin/${language}/office${rest === '/' ? '' : rest}` };
}

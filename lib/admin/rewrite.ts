import type { WireLanguage } from '../i18n/languages';
import { loginPath, resetPath } from '../routing/back-office';
import { parseAdminPath } from './paths';

/**
 * How the back office's public URLs reach its internal route tree `app/admin/[lang]/…` (proxy.ts):
 * `/tw-admin/x/y` → `/admin/tw/office/x/y`, `/tw-login` → `/admin/tw/login`, `/tw-reset` (the
 * mailed password-reset link) → `/admin/tw/reset`. A sub-path of the sign-in or reset page goes back
 * to that page. A path that names no screen (lib/admin/paths.ts) goes to `/admin/tw/unknown`, whose
 * 404 shows the back office's not-found screen before any sign-in check. Anything else (including
 * `/admin/…` itself) is not ours: null.
 */
/** The internal page of a back-office path that names no screen (app/admin/[lang]/unknown). */
const UNKNOWN_SCREEN = 'unknown';

type AdminRouting = { rewrite: string } | { redirect: string } | null;

export function adminRouting(pathname: string): AdminRouting {
  const match = /^\/(tw|en)-(admin|login|reset)(\/.*)?$/.exec(pathname);
  if (!match) return null;
  const [, wire, area, rest = ''] = match;
  const language = wire as WireLanguage;
  if (area !== 'admin') {
    if (!rest || rest === '/') return { rewrite: `/admin/${language}/${area}` };
    return { redirect: area === 'login' ? loginPath(language) : resetPath(language) };
  }
  if (parseAdminPath(pathname)?.screen.kind === 'notFound') return { rewrite: `/admin/${language}/${UNKNOWN_SCREEN}` };
  return { rewrite: `/admin/${language}/office${rest === '/' ? '' : rest}` };
}

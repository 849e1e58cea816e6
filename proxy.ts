import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './lib/i18n/routing';
import { XSRF_COOKIE } from './lib/api/xsrf-cookie';
import { adminRouting } from './lib/admin/rewrite';

const intl = createMiddleware(routing);

/** The public site's two language prefixes (spec §2). */
const publicSite = /^\/(tw|en)(\/|$)/;

function route(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (publicSite.test(pathname)) return intl(request);
  const admin = adminRouting(pathname);
  if (admin && 'rewrite' in admin) return NextResponse.rewrite(new URL(admin.rewrite + request.nextUrl.search, request.url));
  if (admin) return NextResponse.redirect(new URL(admin.redirect, request.url));
  return NextResponse.redirect(new URL('/tw', request.url));
}

/**
 * Routing before any page renders: /tw and /en go to next-intl (which maps /tw to the zh-TW
 * locale); the back office (/tw-admin, /en-admin) and its sign-in (/tw-login, /en-login) are
 * rewritten to their internal tree app/admin/[lang]; every other path, /admin/… included,
 * redirects to /tw (spec §2). Each browser gets its XSRF-TOKEN cookie here, so the back office
 * has it before its first write.
 */
export default function proxy(request: NextRequest) {
  const response = route(request);
  if (!request.cookies.has(XSRF_COOKIE)) {
    response.cookies.set(XSRF_COOKIE, crypto.randomUUID().replaceAll('-', ''), {
      path: '/',
      sameSite: 'strict',
      httpOnly: false,
      secure: request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https',
    });
  }
  return response;
}

export const config = {
  // Not the API, uploads, Next's own files, or files with an extension (robots.txt, favicon.ico…).
  matcher: ['/((?!api/|api$|uploads/|_next/|_vercel/|.*\\..*).*)'],
};

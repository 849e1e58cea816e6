import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './lib/i18n/routing';
import { XSRF_COOKIE } from './lib/api/xsrf-cookie';

const intl = createMiddleware(routing);

/** The public site's two language prefixes (spec §2); the back office adds its own areas. */
const publicSite = /^\/(tw|en)(\/|$)/;

/**
 * Routing before any page renders: /tw and /en go to next-intl (which maps /tw to the zh-TW
 * locale), and every other path redirects to /tw (spec §2). Each browser gets its XSRF-TOKEN
 * cookie here, so the back office has it before its first write.
 */
export default function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const response = publicSite.test(pathname) ? intl(request) : NextResponse.redirect(new URL('/tw', request.url));
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

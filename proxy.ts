import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { defaultWireLanguage, parseWireLanguage } from './lib/i18n/languages';
import { routing } from './lib/i18n/routing';
import { XSRF_COOKIE } from './lib/api/xsrf-cookie';
import { adminRouting } from './lib/admin/rewrite';
import { isSiteArea } from './lib/public/routes';
import { MEMBER_XSRF_COOKIE, MEMBER_XSRF_HEADER } from './lib/http/cookies';
import { isMemberAreaPath } from './lib/routing/member';
import { sitePath } from './lib/routing/site';

const intl = createMiddleware(routing);

/** The public site's two language prefixes. */
const publicSite = /^\/(tw|en)(\/|$)/;

function route(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (publicSite.test(pathname)) return publicPage(request);
  const admin = adminRouting(pathname);
  if (admin && 'rewrite' in admin)
    return NextResponse.rewrite(new URL(admin.rewrite + request.nextUrl.search, request.url));
  if (admin) return NextResponse.redirect(new URL(admin.redirect, request.url));
  return NextResponse.redirect(new URL(sitePath(defaultWireLanguage), request.url));
}

/** A public page: next-intl maps the /tw prefix to the zh-TW locale. */
function publicPage(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  const [, prefix, below = ''] = /^\/(tw|en)(\/.*)?$/.exec(pathname) ?? [];
  // An address that names no part of the site goes to its language's home page; below a part of
  // the site, one that names no page is that part's 404 (docs/public-site.md, "Error pages").
  const area = below.split('/')[1];
  const home = sitePath(parseWireLanguage(prefix));
  if (area && !isSiteArea(area)) return NextResponse.redirect(new URL(home, request.url));
  const response = intl(request);
  if (isMemberAreaPath(pathname)) return withMemberXsrf(request, response);
  return response;
}

/**
 * A member-area page gets the token its forms echo (double submit): the browser's cookie, or a new
 * one set now and handed to the page in a request header, since the page renders before the browser
 * has the cookie. These pages are never cached (lib/server/cache-headers.ts), so the cookie reaches
 * nobody else.
 */
function withMemberXsrf(request: NextRequest, intlResponse: NextResponse): NextResponse {
  if (intlResponse.headers.has('location')) return intlResponse;
  const known = request.cookies.get(MEMBER_XSRF_COOKIE)?.value;
  const token = known && /^[A-Za-z0-9]{32}$/.test(known) ? known : crypto.randomUUID().replaceAll('-', '');
  const headers = new Headers(request.headers);
  headers.set(MEMBER_XSRF_HEADER, token);
  const rewrite = intlResponse.headers.get('x-middleware-rewrite');
  const response = rewrite
    ? NextResponse.rewrite(new URL(rewrite), { request: { headers } })
    : NextResponse.next({ request: { headers } });
  if (token !== known) {
    response.cookies.set(MEMBER_XSRF_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure: request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https',
    });
  }
  return response;
}

/**
 * Routing before any page renders: /tw and /en go to next-intl (which maps /tw to the zh-TW
 * locale); the back office (/tw-admin, /en-admin) and its sign-in (/tw-login, /en-login) are
 * rewritten to their internal tree app/admin/[lang]; every other path, /admin/… included,
 * redirects to /tw. The back office's pages give each browser its XSRF-TOKEN cookie, so
 * it has one before its first write; of the public pages only the member area's set cookies: its
 * forms' token and the API's (never cached pages).
 */
export default function proxy(request: NextRequest) {
  const response = route(request);
  // Only the back office and the member area get the cookie (the member page's passkey button calls
  // the API): any other public page may be stored by a shared cache, which must never keep one
  // visitor's cookie and hand it to the next; the member area's pages are never cached.
  const { pathname } = request.nextUrl;
  if ((adminRouting(pathname) || isMemberAreaPath(pathname)) && !request.cookies.has(XSRF_COOKIE)) {
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
  // Not the API, uploads, feeds, Next's own files, the few named files at the root, or the operator's
  // endpoints (no redirect, no cookie: docs/operations.md). Any other path, one with a dot included,
  // goes through the same rules (/admin/…/x.y redirects as /admin/… does).
  matcher: [
    '/((?!api/|api$|uploads/|feeds/|_next/|_vercel/|robots\.txt$|sitemap\.xml$|icon\.png$|favicon\.ico$|healthz$|readyz$|metrics$).*)',
  ],
};

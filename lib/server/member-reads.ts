import { withMemberReads } from '../cache/member-scope';
import { memberSessionForToken } from '../content/auth/sessions';
import { MEMBER_SESSION_COOKIE, readCookie } from '../http/cookies';
import { logError } from '../observability/logger';
import { draftModeCookie } from './next';
import type { Stage } from './stage';

/** Pages and files a Member's session changes: the language sites' pages (open data is for everyone) and uploads. */
const MEMBER_PAGE = /^\/(?:(?:tw|en)(?:\/(?!open-data\/)|$)|uploads\/)/;

/**
 * Serves a page or upload request of a signed-in Member of the public site (the member area's
 * cookie session) inside the member scope (lib/cache/member-scope.ts): rows for members only are
 * readable, marked, and nothing is shared with visitors. The answer is `private, no-store` without
 * surrogate keys, whatever the page would say, so no shared cache (Varnish, the server's stored
 * pages) ever keeps it; and the request is rendered in Next.js's draft mode, so Next.js neither
 * keeps it nor hands one render to a Member and a visitor asking for the same page at once.
 */
export function memberReads(dir: string): Stage {
  let draftCookie: string | null | undefined;
  return async (exchange, next) => {
    const { request, path: pathname } = exchange;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !MEMBER_PAGE.test(pathname)) return next();
    const token = readCookie(request.headers.cookie ?? '', MEMBER_SESSION_COOKIE);
    if (!token) return next();
    let session;
    try {
      session = await memberSessionForToken(token);
    } catch (error) {
      logError(error, 'member session');
    }
    if (!session) return next();
    draftCookie ??= draftModeCookie(dir);
    if (draftCookie) request.headers.cookie = `${request.headers.cookie}; ${draftCookie}`;
    exchange.privateAnswer = { ...exchange.privateAnswer, withoutSurrogateKeys: true };
    return withMemberReads(next);
  };
}

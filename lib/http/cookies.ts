import type { HeaderReader } from './request-headers';

/**
 * Reading one cookie from a Cookie header (`a=1; b=2`) or `document.cookie`. Runs in Node and in
 * browsers, so the API's XSRF check and the browser client share it.
 */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    // A malformed escape is the sender's mistake, not a reason to fail: keep the value raw.
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return rest.join('=');
    }
  }
  return null;
}

/** A cookie sent with a request; null when it was not sent. */
export function requestCookie(request: { headers: HeaderReader }, name: string): string | null {
  return readCookie(request.headers.get('cookie') ?? '', name);
}

/** The cookie that carries a draft-preview token from /preview to the public pages (lib/server/preview.ts). */
export const PREVIEW_COOKIE = 'gonghui-preview';

/**
 * The member area's session token (HttpOnly, SameSite=Lax, Secure over HTTPS; lib/public/member/).
 * Its name starts with `session`, so the server never answers a request that carries it with a
 * stored page (lib/server/stored-pages.ts).
 */
export const MEMBER_SESSION_COOKIE = 'session-member';
/** A member sign-in's ticket for its second step, kept between the two forms for as long as the ticket lives. */
export const MEMBER_TICKET_COOKIE = 'session-member-ticket';
/** A new authenticator's recovery codes, shown on the member page for a few minutes after it is turned on. */
export const MEMBER_CODES_COOKIE = 'session-member-codes';
/** The member area forms' XSRF token: an HttpOnly cookie, echoed by each form in a hidden field (double submit). */
export const MEMBER_XSRF_COOKIE = 'member-xsrf';
/** How proxy.ts hands a member-area page the token its forms carry (a new browser has no cookie yet). */
export const MEMBER_XSRF_HEADER = 'x-member-xsrf';

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { requestCookie } from '../http/cookies';
import { ApiError } from './errors';
import type { ApiRequest } from './http';
import { XSRF_COOKIE, XSRF_HEADER } from './xsrf-cookie';

export { XSRF_COOKIE, XSRF_HEADER };

export const newXsrfToken = () => randomBytes(24).toString('base64url');

/** The cookie scripts read and echo back (double-submit): not HttpOnly, same-site only. */
export function xsrfCookie(token: string, secure: boolean): string {
  return `${XSRF_COOKIE}=${token}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function isSecureRequest(request: ApiRequest): boolean {
  return (request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '')) === 'https';
}

/** Non-GET, non-HEAD API calls must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header. */
export function checkXsrf(request: ApiRequest): void {
  if (!xsrfMatches(requestCookie(request, XSRF_COOKIE), request.headers.get(XSRF_HEADER)))
    throw new ApiError(403, 'xsrf');
}

/** Whether the XSRF-TOKEN cookie's value and the X-XSRF-TOKEN header's are the same, and not empty. */
export function xsrfMatches(cookie: string | null, header: string | null): boolean {
  // Compare bytes, not characters: timingSafeEqual throws on buffers of different lengths, and a
  // non-ASCII value has more bytes than characters.
  const a = Buffer.from(cookie ?? '');
  const b = Buffer.from(header ?? '');
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors';
import { XSRF_COOKIE, XSRF_HEADER } from './xsrf-cookie';

export { XSRF_COOKIE, XSRF_HEADER };

export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export const newXsrfToken = () => randomBytes(24).toString('base64url');

/** The cookie scripts read and echo back (double-submit): not HttpOnly, same-site only. */
export function xsrfCookie(token: string, secure: boolean): string {
  return `${XSRF_COOKIE}=${token}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function isSecureRequest(request: Request): boolean {
  return (request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '')) === 'https';
}

/** Non-GET, non-HEAD API calls must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header. */
export function checkXsrf(request: Request): void {
  const cookie = readCookie(request, XSRF_COOKIE);
  const header = request.headers.get(XSRF_HEADER);
  const ok =
    !!cookie && !!header && cookie.length === header.length && timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
  if (!ok) throw new ApiError(403, 'xsrf');
}

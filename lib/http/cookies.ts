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
export function requestCookie(request: Request, name: string): string | null {
  return readCookie(request.headers.get('cookie') ?? '', name);
}

/** The cookie that carries a draft-preview token from /preview to the public pages (lib/server/preview.ts). */
export const PREVIEW_COOKIE = 'gonghui-preview';

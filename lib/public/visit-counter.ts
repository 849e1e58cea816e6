/**
 * Visit counting in the browser (docs/public-site.md, "Visit counter"): the footer's VisitCounter and the site script.
 */
export type CounterView = 'visit' | 'accessible';

/** The accessibility area (`/accessibility/**`) counts the accessible counter, every other page the site's. */
export function counterForPath(pathname: string): CounterView {
  return pathname === '/accessibility' || pathname.startsWith('/accessibility/') ? 'accessible' : 'visit';
}

/** Where the browser counts a visit of each counter. */
export const counterEndpoints: Record<CounterView, string> = {
  visit: '/api/websetting/visitcount',
  accessible: '/api/websetting/accessiblevisitcount',
};

/** A session cookie (no expiry: the browser drops it when it closes) marks a counter as counted. */
export const countedCookie = (view: CounterView) => `gh_counted_${view}`;

/** The browser session's cookies, as far as the counter needs them (lib/public/site-script.ts gives the page's). */
export interface SessionCookies {
  has(name: string): Promise<boolean>;
  /** Sets a cookie for the browser session (no expiry: the browser drops it when it closes). */
  mark(name: string): Promise<void>;
}

/**
 * Counts one visit at `endpoint` unless this browser session has been counted already (the session
 * cookie `cookieName`), and returns the new count (or null when nothing was counted or the request
 * failed). The mark is set before the request, so two tabs opened at once count once. Sent to the
 * browser as its source inside the site script (lib/public/site-script.ts): it uses nothing
 * outside itself.
 */
export async function countOncePerSession(
  endpoint: string,
  cookieName: string,
  cookies: SessionCookies,
  fetcher: typeof fetch,
): Promise<number | null> {
  try {
    if (await cookies.has(cookieName)) return null;
    await cookies.mark(cookieName);
    const response = await fetcher(endpoint, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return body && typeof body === 'object' && 'count' in body && typeof body.count === 'number' ? body.count : null;
  } catch {
    return null;
  }
}

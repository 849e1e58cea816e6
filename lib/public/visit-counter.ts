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

interface CookieJar {
  cookie: string;
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
  jar: CookieJar,
  fetcher: typeof fetch,
): Promise<number | null> {
  if (jar.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${cookieName}=`))) return null;
  jar.cookie = `${cookieName}=1; path=/; SameSite=Lax`;
  try {
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

/**
 * The longest the cache tier keeps a public page's 404. A row can appear at that address without a
 * write that names it (a publication window opening), and a write that does name it purges the 404
 * with the page's other keys; this short bound covers the rest.
 */
export const NOT_FOUND_SHARED_MAX_AGE_SECONDS = 60;

/**
 * How long the cache tier may keep a public response of `status`, given the page's own time
 * (`pageSeconds`, lib/public/cache-headers.ts): a page (200, or a 304 refreshing a kept one) for
 * that time, a not-found page for a short while at most, and nothing else (a 500, a redirect, …):
 * null, so the response carries no tier headers at all.
 */
export function sharedSecondsFor(status: number, pageSeconds: number): number | null {
  if (status === 200 || status === 304) return pageSeconds;
  if (status === 404) return Math.min(pageSeconds, NOT_FOUND_SHARED_MAX_AGE_SECONDS);
  return null;
}

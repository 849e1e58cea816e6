/** The back office's paging: at most 7 page links by default, and the page kept in range. */
export const MAX_PAGE_LINKS = 7;

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** A page between 1 and the number of pages; anything else (0, too large, not a number) corrected. */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}

/** The page numbers to link: a window of at most `max` pages around the current one. */
export function pageLinks(current: number, pages: number, max = MAX_PAGE_LINKS): number[] {
  const count = Math.min(pages, Math.max(1, max));
  const page = clampPage(current, pages);
  const first = Math.min(Math.max(1, page - Math.floor((count - 1) / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * The query string of a screen's filter state in the order of `keys` then `page` (empty values and page 1 left out),
 * `?…` or ''.
 */
export function filterSearch(keys: readonly string[], values: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const key of [...keys, 'page']) {
    const value = values[key];
    if (value && !(key === 'page' && value === '1')) query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

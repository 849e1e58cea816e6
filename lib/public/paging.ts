/** Public list paging: 1-based pages, at most 7 page links, out-of-range pages corrected. */
export const MAX_PAGE_LINKS = 7;

/** A `?page=` value as a page number: anything that is not a positive whole number is page 1. */
export function pageParam(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,9}$/.test(text)) return 1;
  return Math.max(1, Number(text));
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page clamped into 1..pageCount. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), pageCount(total, pageSize));
}

/** At most `max` page numbers around the current page, shifted to stay inside 1..last. */
export function pageWindow(current: number, last: number, max = MAX_PAGE_LINKS): number[] {
  const size = Math.min(max, last);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), last - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** One search parameter as a string (the first when repeated). */
export function searchParam(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** A positive whole number from a search parameter, or undefined. */
export function idParam(value: string | string[] | undefined): number | undefined {
  const text = searchParam(value);
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

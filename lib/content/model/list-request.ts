import { invalid } from './errors';
import { defaultSortOf, traits, type ResourceDefinition } from './define';
import type { SortKey } from './face';
import { isSortable, type ChoiceField } from './fields';
import type { WireLanguage } from '../../i18n/languages';

/** The shared maximum page size: the largest page the old clients ask for, their select lists (docs/decisions.md). */
export const MAX_PAGE_SIZE = 9999;
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE = 1_000_000;

function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,12}$/.test(value.trim())) return Number(value);
  return undefined;
}

export const given = (value: unknown) => value !== undefined && value !== null && value !== '';

function pageNumber(value: unknown, fallback: number, key: 'invalidPage' | 'invalidPageSize', max: number): number {
  if (!given(value)) return fallback;
  const text = String(value).trim();
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw invalid(key, { max });
  return Math.min(Number(text), max);
}

/** `{page, pageSize}` of a list outside the registry (the audit log, the media library); larger sizes are capped. */
export function pageOf(body: Record<string, unknown>): { page: number; pageSize: number } {
  return {
    page: pageNumber(body.page, 1, 'invalidPage', MAX_PAGE),
    pageSize: pageNumber(body.pageSize, DEFAULT_PAGE_SIZE, 'invalidPageSize', MAX_PAGE_SIZE),
  };
}

/** The fields a list may sort by: the common columns and every scalar field. */
function sortableFields(definition: ResourceDefinition): string[] {
  const t = traits(definition);
  return [
    'id',
    ...(t.ordered ? ['order'] : []),
    ...(t.window ? ['publishAt', 'unpublishAt'] : []),
    ...Object.entries(definition.fields)
      .filter(([, f]) => isSortable(f))
      .map(([key]) => key),
    'createdAt',
    'updatedAt',
  ];
}

/**
 * The order of the rows that match a list's keyword best first (lib/content/storage/search-matching.ts,
 * `relevanceScore`): the default order of a list with a keyword, and a `sort` a request may name.
 */
export const RELEVANCE = 'relevance';

/** The list request (docs/api.md, Lists): `{page, pageSize, sort, direction, keyword}`. */
export function parseListRequest(definition: ResourceDefinition, body: Record<string, unknown>) {
  const page = body.page === undefined || body.page === null ? 1 : wholeNumber(body.page);
  if (page === undefined || page < 1 || page > MAX_PAGE) throw invalid('invalidPage', { max: MAX_PAGE });
  const size = body.pageSize === undefined || body.pageSize === null ? DEFAULT_PAGE_SIZE : wholeNumber(body.pageSize);
  if (size === undefined || size < 1) throw invalid('invalidPageSize');
  // Clients send empty strings for "no choice" (a list's initial state), for direction as for sort.
  const direction = given(body.direction) ? String(body.direction).toLowerCase() : 'asc';
  if (direction !== 'asc' && direction !== 'desc') throw invalid('invalidDirection');
  const keyword = typeof body.keyword === 'string' ? body.keyword.trim().slice(0, 200) : '';
  let sort: readonly SortKey[] = defaultSortOf(definition);
  if (given(body.sort) && body.sort !== RELEVANCE) {
    const allowed = sortableFields(definition);
    if (typeof body.sort !== 'string' || !allowed.includes(body.sort)) {
      throw invalid('invalidSort', {
        value: String(body.sort).slice(0, 50),
        allowed: [...allowed, RELEVANCE].join(', '),
      });
    }
    sort = [{ field: body.sort, direction }];
  } else if (keyword) {
    // With a keyword, the best matches first (then the usual order); without one, relevance is the usual order.
    sort = [{ field: RELEVANCE, direction: 'desc' }, ...sort];
  }
  return { page, pageSize: Math.min(size, MAX_PAGE_SIZE), sort, keyword };
}

/** A section id from a path or query string: one of the field's choices, or a 400 that names the field. */
export function choiceFromPath(f: ChoiceField, language: WireLanguage, raw: string): number {
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  if (value === undefined || !f.choices.some((c) => c.value === value)) {
    throw invalid('unknownSection', { field: f.label[language], value: raw.slice(0, 20) });
  }
  return value;
}

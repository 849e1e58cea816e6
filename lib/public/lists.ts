import type { ResourceDefinition } from '../content/model/define';
import { readPublicList, readPublicPage, type PublicQuery } from '../content/storage/reads';
import type { RowOf } from '../content/model/rows';
import type { Section } from '../content/model/sections';
import type { WireLanguage } from '../i18n/languages';
import { idParam } from './paging';

/**
 * Reads shared by the public pages: everything goes through lib/content/storage/reads.ts, with the
 * visitor's scope (language, visibility, publication window) and its cache.
 */

/** One page of a public list as views, with the page actually shown (past the end: the last page). */
export interface PublicList<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A page of a resource's public list, in the order and by the page size its definition's `public`
 * names unless told otherwise, each row turned into what the page shows.
 */
export async function publicList<D extends ResourceDefinition, T>(
  definition: D,
  language: WireLanguage,
  options: PublicQuery & { page: number },
  view: (row: RowOf<D>) => T,
): Promise<PublicList<T>> {
  const { rows, ...page } = await readPublicPage(definition, language, options);
  return { items: rows.map(view), ...page };
}

/** Every public row (a select list's size), e.g. the types of a tab bar, in the list's order unless told. */
export function allPublic<D extends ResourceDefinition>(
  definition: D,
  language: WireLanguage,
  view?: undefined,
  filters?: Record<string, unknown>,
  sort?: PublicQuery['sort'],
): Promise<RowOf<D>[]>;
export function allPublic<D extends ResourceDefinition, T>(
  definition: D,
  language: WireLanguage,
  view: (row: RowOf<D>) => T,
  filters?: Record<string, unknown>,
  sort?: PublicQuery['sort'],
): Promise<T[]>;
export async function allPublic<D extends ResourceDefinition, T>(
  definition: D,
  language: WireLanguage,
  view?: (row: RowOf<D>) => T,
  filters: Record<string, unknown> = {},
  sort?: PublicQuery['sort'],
): Promise<(RowOf<D> | T)[]> {
  const { rows } = await readPublicList(definition, language, { filters, sort });
  return view ? rows.map(view) : rows;
}

/** `{id, name}` of a resource's public rows, by order: the options of a filter. */
export interface NamedOption {
  id: number;
  name: string;
}

export const namedOption = (row: { id: number; name: string | null }): NamedOption => ({
  id: row.id,
  name: row.name ?? '',
});

/** The section a `?type=`/`?region=` value names, or undefined for anything else (no filter). */
export function sectionParam(list: readonly Section[], value: string | string[] | undefined): Section | undefined {
  const id = idParam(value);
  return id === undefined ? undefined : list.find((section) => section.value === id);
}

/** A section's label in the page's language ('' when the value is not in the list). */
export function sectionLabel(list: readonly Section[], value: unknown, language: WireLanguage): string {
  return list.find((section) => section.value === value)?.label[language] ?? '';
}

/** Text of an optional column: null and empty strings become undefined, so views can test it. */
export const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Consecutive items that share a key, in the order given (a list page grouped under headings). */
export function groupBy<T, K>(items: T[], keyOf: (item: T) => K): { key: K; items: T[] }[] {
  const groups: { key: K; items: T[] }[] = [];
  for (const item of items) {
    const key = keyOf(item);
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, items: [item] });
  }
  return groups;
}

import type { SQL } from 'drizzle-orm';
import type { ResourceDefinition, SortKey } from '../content/define';
import { MAX_PAGE_SIZE } from '../content/list-request';
import { listRows, type Row } from '../content/repository';
import type { Section } from '../content/sections';
import { defaultSortOf } from '../content/table';
import type { WireLanguage } from '../i18n/languages';
import { idParam } from './paging';

/**
 * Reads shared by the public pages: everything goes through the
 * repository with the visitor's scope (language, visibility, publication window) and its cache.
 */

/** One page of a public list, with the page actually shown (past the end: the last page). */
export interface PublicList<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ListOptions {
  filters?: Record<string, unknown>;
  sort?: readonly SortKey[];
  page?: number;
  pageSize?: number;
  /** Further conditions; `cacheKey` must describe them for the public cache. */
  conditions?: SQL[];
  cacheKey?: string;
}

export async function publicList<T>(definition: ResourceDefinition, language: WireLanguage, options: ListOptions, view: (row: Row) => T): Promise<PublicList<T>> {
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  const { rows, total, page } = await listRows(definition, { language, publicOnly: true }, {
    filters: options.filters ?? {},
    sort: options.sort ?? defaultSortOf(definition),
    page: options.page ?? 1,
    pageSize,
    conditions: options.conditions,
    cacheKey: options.cacheKey,
  });
  return { items: rows.map(view), total, page, pageSize };
}

/** Every public row (a select list's size), e.g. the types of a tab bar. */
export async function allPublic<T>(definition: ResourceDefinition, language: WireLanguage, view: (row: Row) => T, filters: Record<string, unknown> = {}, sort?: readonly SortKey[]): Promise<T[]> {
  return (await publicList(definition, language, { filters, sort }, view)).items;
}

/** `{id, name}` of a resource's public rows, by order: the options of a filter. */
export interface NamedOption {
  id: number;
  name: string;
}

export const namedOption = (row: Row): NamedOption => ({ id: row.id as number, name: String(row.name ?? '') });

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
export const optionalText = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

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

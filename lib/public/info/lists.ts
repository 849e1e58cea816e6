import type { SQL } from 'drizzle-orm';
import type { ResourceDefinition, SortKey } from '../../content/define';
import { MAX_PAGE_SIZE } from '../../content/list-request';
import { listRows, type Row } from '../../content/repository';
import { sections, type SectionList } from '../../content/sections';
import { defaultSortOf } from '../../content/table';
import type { WireLanguage } from '../../i18n/languages';
import { searchParam } from '../paging';

/** One page of a public list, with what the pager needs. `page` is already clamped to the real range. */
export interface ListPage {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PublicListQuery {
  filters?: Record<string, unknown>;
  sort?: readonly SortKey[];
  page?: number;
  pageSize?: number;
  /** Further conditions; `cacheKey` must describe them (the public cache keys on it). */
  conditions?: SQL[];
  cacheKey?: string;
}

/**
 * A page of the rows visitors may see (language, visibility, window), through the public cache.
 * `listRows` clamps a page past the end to the last page (spec §4).
 */
export async function publicList(definition: ResourceDefinition, language: WireLanguage, query: PublicListQuery = {}): Promise<ListPage> {
  const pageSize = query.pageSize ?? MAX_PAGE_SIZE;
  const { rows, total, page } = await listRows(definition, { language, publicOnly: true }, {
    filters: query.filters ?? {},
    sort: query.sort ?? defaultSortOf(definition),
    page: query.page ?? 1,
    pageSize,
    conditions: query.conditions,
    cacheKey: query.cacheKey,
  });
  return { rows, total, page, pageSize };
}

/** Every public row of a small resource (link types, zones…), in its default order. */
export async function allPublicRows(definition: ResourceDefinition, language: WireLanguage, filters: Record<string, unknown> = {}): Promise<Row[]> {
  return (await publicList(definition, language, { filters })).rows;
}

/** A fixed type (lib/content/sections.ts) as a public page shows it: its value and its name in the language. */
export interface SectionOption {
  value: number;
  key: string;
  label: string;
}

export function sectionOptions(list: SectionList, language: WireLanguage): SectionOption[] {
  return sections[list].map((s) => ({ value: s.value, key: s.key, label: s.label[language] }));
}

/** A `?type=` value that names one of the list's sections, else undefined (unknown values list everything). */
export function sectionParam(list: SectionList, value: string | string[] | undefined): number | undefined {
  const text = searchParam(value);
  if (!/^\d{1,9}$/.test(text)) return undefined;
  return sections[list].find((s) => s.value === Number(text))?.value;
}

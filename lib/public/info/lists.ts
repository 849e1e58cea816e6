import type { ResourceDefinition } from '../../content/define';
import type { Row } from '../../content/repository';
import { sections, type SectionList } from '../../content/sections';
import type { WireLanguage } from '../../i18n/languages';
import { publicList as listPublic, type ListOptions } from '../lists';
import { searchParam } from '../paging';

/** One page of a public list, with what the pager needs. `page` is already clamped to the real range. */
export interface ListPage {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

export type PublicListQuery = ListOptions;

/** A page of the rows visitors may see, as rows (the pages of this folder render them directly). */
export async function publicList(definition: ResourceDefinition, language: WireLanguage, query: PublicListQuery = {}): Promise<ListPage> {
  const { items, ...page } = await listPublic(definition, language, query, (row) => row);
  return { rows: items, ...page };
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

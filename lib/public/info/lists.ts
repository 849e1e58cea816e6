import { sections, type SectionList } from '../../content/model/sections';
import type { WireLanguage } from '../../i18n/languages';
import { searchParam } from '../paging';

/** A fixed type (lib/content/model/sections.ts) as a public page shows it: its value and its name in the language. */
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

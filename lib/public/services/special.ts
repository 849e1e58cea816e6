import { resources } from '../../content/registry';
import type { Row } from '../../content/repository';
import type { WireLanguage } from '../../i18n/languages';
import { allPublicRows } from '../info/lists';

/** The special zones (webspecialgroup) in their order. */
export function specialZones(language: WireLanguage): Promise<Row[]> {
  return allPublicRows(resources.webspecialgroup, language);
}

export interface ZoneSection {
  section: Row;
  items: Row[];
}

/**
 * One zone's sections (webspecialgrouptype) in their order, each with its public items (inside
 * their window). Sections with no item are left out.
 */
export async function zoneSections(language: WireLanguage, groupId: number): Promise<ZoneSection[]> {
  const [sections, items] = await Promise.all([
    allPublicRows(resources.webspecialgrouptype, language, { groupId }),
    allPublicRows(resources.webspecial, language, { groupId }),
  ]);
  return sections.map((section) => ({ section, items: items.filter((item) => item.groupTypeId === section.id) })).filter((s) => s.items.length > 0);
}


import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic } from '../lists';

/** The special zones (webspecialgroup) in their order. */
export function specialZones(language: WireLanguage): Promise<RowOf<typeof resources.webspecialgroup>[]> {
  return allPublic(resources.webspecialgroup, language);
}

interface ZoneSection {
  section: RowOf<typeof resources.webspecialgrouptype>;
  items: RowOf<typeof resources.webspecial>[];
}

/**
 * One zone's sections (webspecialgrouptype) in their order, each with its public items (inside
 * their window). Sections with no item are left out.
 */
export async function zoneSections(language: WireLanguage, groupId: number): Promise<ZoneSection[]> {
  const [sections, items] = await Promise.all([
    allPublic(resources.webspecialgrouptype, language, undefined, { groupId }),
    allPublic(resources.webspecial, language, undefined, { groupId }),
  ]);
  return sections
    .map((section) => ({ section, items: items.filter((item) => item.groupTypeId === section.id) }))
    .filter((s) => s.items.length > 0);
}

import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic } from '../lists';

interface SystemCategory {
  category: RowOf<typeof resources.websystemunittype>;
  systems: RowOf<typeof resources.websystem>[];
}

export interface SystemOwner {
  unit: RowOf<typeof resources.websystemunit>;
  categories: SystemCategory[];
}

/**
 * The online systems page: each owner unit in its order, its categories in theirs, and their systems.
 * Owners and categories with no public system are left out, so no heading stands over nothing.
 */
export async function systemsDirectory(language: WireLanguage): Promise<SystemOwner[]> {
  const [units, categories, systems] = await Promise.all([
    allPublic(resources.websystemunit, language),
    allPublic(resources.websystemunittype, language),
    allPublic(resources.websystem, language),
  ]);
  return units
    .map((unit) => ({
      unit,
      categories: categories
        .filter((category) => category.unitId === unit.id)
        .map((category) => ({
          category,
          systems: systems.filter((s) => s.unitId === unit.id && s.unitTypeId === category.id),
        }))
        .filter((entry) => entry.systems.length > 0),
    }))
    .filter((owner) => owner.categories.length > 0);
}

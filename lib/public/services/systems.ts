import { resources } from '../../content/registry';
import type { Row } from '../../content/repository';
import type { WireLanguage } from '../../i18n/languages';
import { allPublicRows } from '../info/lists';

export interface SystemCategory {
  category: Row;
  systems: Row[];
}

export interface SystemOwner {
  unit: Row;
  categories: SystemCategory[];
}

/**
 * The online systems page: each owner unit in its order, its categories in theirs, and their systems.
 * Owners and categories with no public system are left out, so no heading stands over nothing.
 */
export async function systemsDirectory(language: WireLanguage): Promise<SystemOwner[]> {
  const [units, categories, systems] = await Promise.all([
    allPublicRows(resources.websystemunit, language),
    allPublicRows(resources.websystemunittype, language),
    allPublicRows(resources.websystem, language),
  ]);
  return units
    .map((unit) => ({
      unit,
      categories: categories
        .filter((category) => category.unitId === unit.id)
        .map((category) => ({ category, systems: systems.filter((s) => s.unitId === unit.id && s.unitTypeId === category.id) }))
        .filter((entry) => entry.systems.length > 0),
    }))
    .filter((owner) => owner.categories.length > 0);
}

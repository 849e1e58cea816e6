import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic, optionalText } from '../lists';

/** A unit of the organization chart: the system owners (websystemunit), in order. */
interface OrganizationUnit {
  id: number;
  name: string;
  description?: string;
}

const unit = (row: RowOf<typeof resources.websystemunit>): OrganizationUnit => ({
  id: row.id,
  name: row.name ?? '',
  description: optionalText(row.description),
});

export const organizationUnits = (language: WireLanguage): Promise<OrganizationUnit[]> =>
  allPublic(resources.websystemunit, language, unit);

import { resources } from '../../content/registry';
import type { Row } from '../../content/repository';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic, optionalText } from '../lists';

/** A unit of the organization chart: the system owners (websystemunit), in order (DESIGN §8). */
export interface OrganizationUnit {
  id: number;
  name: string;
  description?: string;
}

const unit = (row: Row): OrganizationUnit => ({ id: row.id as number, name: String(row.name ?? ''), description: optionalText(row.description) });

export const organizationUnits = (language: WireLanguage): Promise<OrganizationUnit[]> => allPublic(resources.websystemunit, language, unit);

import type { ResourceDefinition } from '../../content/model/define';
import { resources } from '../../content/model/registry';
import type { Row } from '../../content/model/rows';
import { sections, type Section } from '../../content/model/sections';
import { traits } from '../../content/model/define';
import { sectionStamp } from '../../content/storage/update-times';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic, optionalText } from '../lists';

/** A board member or committee member (websupervisor, webcommittee). */
interface Person {
  id: number;
  name: string;
  title: string;
  organization?: string;
  organizationTitle?: string;
  /** Upload id of the photo. */
  photo?: string;
}

/**
 * One board or committee: its people in order and the "last updated" mark the back office set (`getupdatetime`).
 */
export interface PeopleGroup {
  section: Section;
  updatedAt: Date | null;
  people: Person[];
}

const person = (row: Row): Person => ({
  id: Number(row.id),
  name: String(row.name ?? ''),
  title: String(row.title ?? ''),
  organization: optionalText(row.organization),
  organizationTitle: optionalText(row.organizationTitle),
  photo: optionalText(row.photo),
});

/** The people of each section (in the list's order), read in one query, with each section's stamp. */
async function peopleBySection(
  definition: ResourceDefinition,
  list: readonly Section[],
  language: WireLanguage,
): Promise<PeopleGroup[]> {
  const key = traits(definition).parents[0];
  const rows = await allPublic(
    definition,
    language,
    (row) => ({ section: Number(row[key]), person: person(row) }),
    {},
    [
      { field: key, direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ],
  );
  return Promise.all(
    list.map(async (section) => ({
      section,
      updatedAt: await sectionStamp(definition, section.value, language),
      people: rows.filter((row) => row.section === section.value).map((row) => row.person),
    })),
  );
}

/** Both boards (理事會, 監事會). */
export const boards = (language: WireLanguage): Promise<PeopleGroup[]> =>
  peopleBySection(resources.websupervisor, sections.boards, language);

/** Every committee, or only the one given (`?type=`). */
export async function committees(language: WireLanguage, only?: Section): Promise<PeopleGroup[]> {
  const groups = await peopleBySection(resources.webcommittee, sections.committees, language);
  return only ? groups.filter((group) => group.section.value === only.value) : groups;
}

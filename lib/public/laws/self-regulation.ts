import { isMembersOnly } from '../../content/model/audience';
import { cachedRead } from '../../cache/public-reads';
import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import { latestChange } from '../../content/storage/update-times';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic, namedOption, optionalText, publicList, type NamedOption, type PublicList } from '../lists';
import { idParam } from '../paging';
import { referenceName } from './detail';
import { uploadIds } from '../attachments';

const definition = resources.webdiscipline;

/** The types (tabs) of the self-regulation page, in order. */
export const disciplineTypes = (language: WireLanguage): Promise<NamedOption[]> =>
  allPublic(resources.webdisciplinetype, language, namedOption);

/** The `?type=` of the page when it is one of the types; anything else shows every type. */
export function typeParam(types: NamedOption[], value: string | string[] | undefined): NamedOption | undefined {
  const id = idParam(value);
  return types.find((type) => type.id === id);
}

/** The date the page shows as "last updated" (webdiscipline/getupdatetime: the latest change among public rules). */
export function disciplinesUpdatedAt(language: WireLanguage): Promise<Date | null> {
  return cachedRead(definition.name, JSON.stringify({ updated: language }), () =>
    latestChange(definition, { language, publicOnly: true }),
  );
}

export interface DisciplineSummary {
  id: number;
  typeId: number;
  title: string;
  documentNumber?: string;
  promulgatedOn?: string;
  amendedOn?: string;
  /** For signed-in Members only (lib/content/model/audience.ts). */
  membersOnly: boolean;
}

const summary = (row: RowOf<typeof definition>): DisciplineSummary => ({
  id: row.id,
  typeId: row.typeId ?? 0,
  title: row.title ?? '',
  documentNumber: optionalText(row.documentNumber),
  promulgatedOn: optionalText(row.promulgatedOn),
  amendedOn: optionalText(row.amendedOn),
  membersOnly: isMembersOnly(row),
});

/** A page of rules of one type, or of all types kept together in the types' row order. */
export function disciplines(
  language: WireLanguage,
  options: { typeId?: number; page: number },
): Promise<PublicList<DisciplineSummary>> {
  return publicList(
    definition,
    language,
    {
      filters: options.typeId === undefined ? {} : { typeId: options.typeId },
      page: options.page,
    },
    summary,
  );
}

interface DisciplineDetail extends DisciplineSummary {
  typeName?: string;
  content?: string;
  files: string[];
}

export async function disciplineDetail(
  row: RowOf<typeof definition>,
  language: WireLanguage,
): Promise<DisciplineDetail> {
  return {
    ...summary(row),
    typeName: await referenceName(resources.webdisciplinetype, language, row.typeId),
    content: optionalText(row.content),
    files: uploadIds(row.files),
  };
}

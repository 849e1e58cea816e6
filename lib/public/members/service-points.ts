import { resources } from '../../content/model/registry';
import type { Section } from '../../content/model/sections';
import type { WireLanguage } from '../../i18n/languages';
import { readPublicPage } from '../../content/storage/reads';
import { allPublic, namedOption, optionalText, type NamedOption, type PublicList } from '../lists';

/** A regional service point (webareainfo) with the name of its member institution. */
export interface ServicePoint {
  id: number;
  areaType: number;
  regionCode: number;
  name: string;
  address?: string;
  phone?: string;
  url?: string;
  note?: string;
  member?: NamedOption;
}

/**
 * A page of service points of one kind (`?type=`, sections.areaTypes) and one county or city
 * (`?region=`, sections.regions; webareainfo/getselectlist), either or both optional, kept
 * together by region and kind in their order.
 */
export async function servicePoints(
  language: WireLanguage,
  options: { areaType?: Section; region?: Section; page: number; memberId?: number },
): Promise<PublicList<ServicePoint>> {
  const filters: Record<string, number> = {};
  if (options.areaType) filters.areaType = options.areaType.value;
  if (options.region) filters.regionCode = options.region.value;
  if (options.memberId !== undefined) filters.memberDeptId = options.memberId;
  const [list, memberNames] = await Promise.all([
    readPublicPage(resources.webareainfo, language, { filters, page: options.page }),
    allPublic(resources.webmemberdept, language, namedOption),
  ]);
  const byId = new Map(memberNames.map((member) => [member.id, member]));
  const { rows, ...page } = list;
  return {
    ...page,
    items: rows.map((row) => ({
      id: row.id,
      areaType: row.areaType,
      regionCode: row.regionCode,
      name: row.name ?? '',
      address: optionalText(row.address),
      phone: optionalText(row.phone),
      url: optionalText(row.url),
      note: optionalText(row.note),
      member: row.memberDeptId === null ? undefined : byId.get(row.memberDeptId),
    })),
  };
}

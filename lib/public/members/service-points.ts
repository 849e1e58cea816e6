import { resources } from '../../content/registry';
import type { Row } from '../../content/repository';
import type { Section } from '../../content/sections';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic, namedOption, optionalText, publicList, type NamedOption, type PublicList } from '../lists';

export const SERVICE_POINTS_PER_PAGE = 20;

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
    publicList(
      resources.webareainfo,
      language,
      {
        filters,
        sort: [
          { field: 'regionCode', direction: 'asc' },
          { field: 'areaType', direction: 'asc' },
          { field: 'order', direction: 'asc' },
        ],
        page: options.page,
        pageSize: SERVICE_POINTS_PER_PAGE,
      },
      (row: Row) => row,
    ),
    allPublic(resources.webmemberdept, language, namedOption),
  ]);
  const byId = new Map(memberNames.map((member) => [member.id, member]));
  return {
    ...list,
    items: list.items.map((row) => ({
      id: row.id as number,
      areaType: row.areaType as number,
      regionCode: row.regionCode as number,
      name: String(row.name ?? ''),
      address: optionalText(row.address),
      phone: optionalText(row.phone),
      url: optionalText(row.url),
      note: optionalText(row.note),
      member: byId.get(row.memberDeptId as number),
    })),
  };
}

import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import type { Section } from '../../content/model/sections';
import type { WireLanguage } from '../../i18n/languages';
import { optionalText, publicList, type PublicList } from '../lists';

/**
 * A member institution as the public site shows it: only public fields (the contact person is
 * for the back office, `public: false` in its definition).
 */
export interface Member {
  id: number;
  name: string;
  shortName?: string;
  category: number;
  address?: string;
  phone?: string;
  fax?: string;
  website?: string;
  department?: string;
  /** Upload id. */
  logo?: string;
  /** `YYYY-MM-DD`. */
  joinedOn?: string;
}

export const memberView = (row: RowOf<typeof resources.webmemberdept>): Member => ({
  id: row.id,
  name: row.name ?? '',
  shortName: optionalText(row.shortName),
  category: row.category,
  address: optionalText(row.address),
  phone: optionalText(row.phone),
  fax: optionalText(row.fax),
  website: optionalText(row.website),
  department: optionalText(row.department),
  logo: optionalText(row.logo),
  joinedOn: optionalText(row.joinedOn),
});

/** A page of members of one category (`?type=`), or of all kept together by category, in order. */
export function members(
  language: WireLanguage,
  options: { category?: Section; page: number },
): Promise<PublicList<Member>> {
  return publicList(
    resources.webmemberdept,
    language,
    {
      filters: options.category ? { category: options.category.value } : {},
      page: options.page,
    },
    memberView,
  );
}

import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic } from '../lists';

export interface LinkGroup {
  type: RowOf<typeof resources.weblinktype>;
  links: RowOf<typeof resources.weblink>[];
}

/** The related links page: each link type in its order with its links; empty types are left out. */
export async function linkDirectory(language: WireLanguage): Promise<LinkGroup[]> {
  const [types, links] = await Promise.all([
    allPublic(resources.weblinktype, language),
    allPublic(resources.weblink, language),
  ]);
  return types
    .map((type) => ({ type, links: links.filter((link) => link.typeId === type.id) }))
    .filter((group) => group.links.length > 0);
}

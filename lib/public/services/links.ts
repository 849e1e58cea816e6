import { resources } from '../../content/registry';
import type { Row } from '../../content/repository';
import type { WireLanguage } from '../../i18n/languages';
import { allPublicRows } from '../info/lists';

export interface LinkGroup {
  type: Row;
  links: Row[];
}

/** The related links page: each link type in its order with its links; empty types are left out. */
export async function linkDirectory(language: WireLanguage): Promise<LinkGroup[]> {
  const [types, links] = await Promise.all([allPublicRows(resources.weblinktype, language), allPublicRows(resources.weblink, language)]);
  return types.map((type) => ({ type, links: links.filter((link) => link.typeId === type.id) })).filter((group) => group.links.length > 0);
}

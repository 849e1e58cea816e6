import { redirect } from 'next/navigation';
import { cache } from 'react';
import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import { type WireLanguage } from '../../i18n/languages';
import { sitePath } from '../../routing/site';
import { publicRowOr404 } from '../detail';
import { publicRowPath } from '../row-links';
import { itemPath } from '../routes';

/** A zone page's zone: public in the language, else a redirect to its counterpart or the zone list, else 404. */
export const zoneOr404 = cache(
  (language: WireLanguage, idText: string): Promise<RowOf<typeof resources.webspecialgroup>> =>
    publicRowOr404(resources.webspecialgroup, language, idText, (id) => itemPath('special', id)),
);

/**
 * A zone item and its zone for `/special/{groupId}/{itemId}`. The item decides: a path naming the
 * wrong zone (or an id of the other language, whose counterpart sits in another zone) redirects to
 * the item's own path, so each item has one URL.
 */
export const zoneItemOr404 = cache(
  async (
    language: WireLanguage,
    groupIdText: string,
    itemIdText: string,
  ): Promise<{ zone: RowOf<typeof resources.webspecialgroup>; item: RowOf<typeof resources.webspecial> }> => {
    const item = await publicRowOr404(
      resources.webspecial,
      language,
      itemIdText,
      (id) => `${itemPath('special', groupIdText)}/${id}`,
    );
    if (String(item.groupId) !== groupIdText) redirect(sitePath(language, publicRowPath('webspecial', item)!));
    return { zone: await zoneOr404(language, groupIdText), item };
  },
);

import type { Metadata } from 'next';
import { cache } from 'react';
import { otherLanguage, type WireLanguage } from '../i18n/languages';
import type { ResourceDefinition } from '../content/model/define';
import {
  announcementKinds,
  announcementPage,
  announcementRowOf,
  announcementQuery,
  type AnnouncementKindName,
  type AnyAnnouncementRow,
} from './announcements';
import { shareImageUrl } from './attachments';
import { publicRowOr404 } from './detail';
import { detailPageMetadata, pageMetadata } from './metadata';
import { route } from './routes';
import { withQuery } from '../routing/site';
import { translationsIn } from '../i18n/params';

/**
 * The metadata of the news, bulletins and activities pages. A filtered or later page is a page of
 * its own (its canonical URL keeps `type`, `when` and `page`); its counterpart in the other
 * language is the same view without the type, whose ids belong to one language.
 */
export async function announcementListMetadata(
  name: AnnouncementKindName,
  language: WireLanguage,
  params: Record<string, string | string[] | undefined>,
): Promise<Metadata> {
  const kind = announcementKinds[name];
  const t = await translationsIn(language, 'site');
  // The same cached read as the page: the title and canonical URL name the page actually shown.
  const list = await announcementPage(kind, language, announcementQuery(kind, params));
  const type = list.type;
  const when = list.when === 'past' ? 'past' : undefined;
  const page = list.page;
  const base = route(kind.route).path;
  const title = [
    t(`routes.${kind.route}`),
    type?.name,
    when ? t('announcements.when.past') : undefined,
    page > 1 ? t('pager.page', { page }) : undefined,
  ]
    .filter(Boolean)
    .join(' – ');
  return pageMetadata({
    language,
    path: withQuery(base, { type: type?.id, when, page: page > 1 ? page : undefined }),
    title,
    alternates: { [otherLanguage(language)]: withQuery(base, { when }) },
  });
}

/** A detail page's row (hidden, expired or unknown: 404; the other language's id: redirect), once per request. */
export const announcementRow = cache(
  async (name: AnnouncementKindName, language: WireLanguage, idText: string): Promise<AnyAnnouncementRow> => {
    const kind = announcementKinds[name];
    const base = route(kind.route).path;
    // The three kinds' definitions differ; their rows share what the pages read (AnyAnnouncementRow).
    return announcementRowOf(
      kind.definition,
      await publicRowOr404(kind.definition, language, idText, (id) => `${base}/${id}`),
    );
  },
);

export async function announcementDetailMetadata(
  name: AnnouncementKindName,
  language: WireLanguage,
  idText: string,
): Promise<Metadata> {
  const kind = announcementKinds[name];
  const row = await announcementRow(name, language, idText);
  return detailPageMetadata<ResourceDefinition>(language, kind.definition, row, {
    title: row.title ?? '',
    text: row.summary || row.content,
    image: await shareImageUrl(row.image),
  });
}

import type { Metadata } from 'next';
import { cache } from 'react';
import { getTranslations } from 'next-intl/server';
import type { Row } from '../content/repository';
import { otherLanguage, toWireLanguage, type Locale } from '../i18n/languages';
import { announcementKinds, announcementPage, announcementQuery, summaryText, type AnnouncementKindName } from './announcements';
import { imageUrl } from './attachments';
import { counterpartPath, publicRowOr404 } from './detail';
import { pageMetadata } from './metadata';
import { route } from './routes';
import { withQuery } from './urls';

/**
 * The metadata of the news, bulletins and activities pages. A filtered or later page is a page of
 * its own (its canonical URL keeps `type`, `when` and `page`); its counterpart in the other
 * language is the same view without the type, whose ids belong to one language.
 */
export async function announcementListMetadata(
  name: AnnouncementKindName,
  locale: Locale,
  params: Record<string, string | string[] | undefined>,
): Promise<Metadata> {
  const kind = announcementKinds[name];
  const language = toWireLanguage(locale);
  const t = await getTranslations({ locale, namespace: 'site' });
  // The same cached read as the page: the title and canonical URL name the page actually shown.
  const list = await announcementPage(kind, language, announcementQuery(kind, params));
  const type = list.type;
  const when = list.when === 'past' ? 'past' : undefined;
  const page = list.page;
  const base = route(kind.route).path;
  const title = [t(`routes.${kind.route}`), type?.name, when ? t('announcements.when.past') : undefined, page > 1 ? t('pager.page', { page }) : undefined]
    .filter(Boolean)
    .join(' – ');
  return pageMetadata({
    locale,
    path: withQuery(base, { type: type?.id, when, page: page > 1 ? page : undefined }),
    title,
    alternates: { [otherLanguage(language)]: withQuery(base, { when }) },
  });
}

/** A detail page's row (hidden, expired or unknown: 404; the other language's id: redirect), once per request. */
export const announcementRow = cache(async (name: AnnouncementKindName, locale: Locale, idText: string): Promise<Row> => {
  const kind = announcementKinds[name];
  const base = route(kind.route).path;
  return publicRowOr404(kind.definition, toWireLanguage(locale), idText, (id) => `${base}/${id}`, base);
});

export async function announcementDetailMetadata(name: AnnouncementKindName, locale: Locale, idText: string): Promise<Metadata> {
  const kind = announcementKinds[name];
  const language = toWireLanguage(locale);
  const row = await announcementRow(name, locale, idText);
  const base = route(kind.route).path;
  const pathOf = (id: number) => `${base}/${id}`;
  const [other, image] = await Promise.all([counterpartPath(kind.definition, row, language, pathOf), imageUrl(row.image)]);
  return pageMetadata({
    locale,
    path: pathOf(row.id as number),
    title: String(row.title ?? ''),
    description: summaryText(row, 200),
    alternates: { [otherLanguage(language)]: other },
    type: 'article',
    image: image ?? undefined,
  });
}

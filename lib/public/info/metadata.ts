import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ResourceDefinition } from '../../content/define';
import { getRow, type Row } from '../../content/repository';
import { otherLanguage, toWireLanguage, type Locale } from '../../i18n/languages';
import { richTextToPlain } from '../../security/sanitize';
import { pageMetadata } from '../metadata';
import { publicRowPath } from '../row-links';
import { route, type RouteId } from '../routes';
import { withQuery } from '../urls';

/**
 * The metadata of a page of the route table: its name as title (after `title`, a filtered or
 * detail page's own name), its description, and its path; `query` keeps the parameters that make
 * a distinct page (a category), never paging or searches.
 */
export async function routePageMetadata(
  locale: Locale,
  id: RouteId,
  description: string,
  extra: { title?: string; query?: Record<string, string | number | undefined> } = {},
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'site.routes' });
  return pageMetadata({
    locale,
    path: withQuery(route(id).path, extra.query ?? {}),
    title: extra.title ? `${extra.title} - ${t(id)}` : t(id),
    description,
  });
}

/**
 * The metadata of a detail page: the row's title, a description (given, or the start of its text),
 * its public path, and the hreflang of its counterpart in the other language when that is public.
 */
export async function rowPageMetadata(locale: Locale, definition: ResourceDefinition, row: Row, title: string, description?: string | null): Promise<Metadata> {
  const language = toWireLanguage(locale);
  const other = otherLanguage(language);
  const counterpartId = row.translationId as number | null;
  const counterpart = counterpartId ? await getRow(definition, { language: other, publicOnly: true }, counterpartId) : undefined;
  const text = description || richTextToPlain(String(row.content ?? ''));
  return pageMetadata({
    locale,
    path: publicRowPath(definition.name, row)!,
    title,
    description: text.length > 160 ? `${text.slice(0, 157)}…` : text || undefined,
    alternates: { [other]: counterpart ? publicRowPath(definition.name, counterpart) : null },
    type: 'article',
  });
}

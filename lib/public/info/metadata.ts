import type { Metadata } from 'next';
import type { WireLanguage } from '../../i18n/languages';
import { pageMetadata } from '../metadata';
import { route, type RouteId } from '../routes';
import { withQuery } from '../../routing/site';
import { translationsIn } from '../../i18n/params';

/**
 * The metadata of a page of the route table: its name as title (after `title`, a filtered or
 * detail page's own name), its description, and its path; `query` keeps the parameters that make
 * a distinct page (a category), never paging or searches.
 */
export async function routePageMetadata(
  language: WireLanguage,
  id: RouteId,
  description: string,
  extra: { title?: string; query?: Record<string, string | number | undefined> } = {},
): Promise<Metadata> {
  const t = await translationsIn(language, 'site.routes');
  return pageMetadata({
    language,
    path: withQuery(route(id).path, extra.query ?? {}),
    title: extra.title ? `${extra.title} - ${t(id)}` : t(id),
    description,
  });
}

import type { WireLanguage } from '../i18n/languages';
import { routeTrail } from './routes';
import { routeHref } from './links';
import { translationsIn } from '../i18n/params';
import { sitePath } from '../routing/site';

/** A breadcrumb entry: its label, its URL and whether it is shown as a link. */
export interface BreadcrumbItem {
  label: string;
  url: string;
  isLink: boolean;
}

/**
 * The trail from the home page to a route (built from the route table: each route's name and optional
 * link override; an entry is a link when its route has a screen or an override), plus entries
 * below it such as a detail page's title.
 */
export async function breadcrumbTrail(
  language: WireLanguage,
  id: string,
  below: { label: string; path: string }[] = [],
): Promise<BreadcrumbItem[]> {
  const t = await translationsIn(language, 'site.routes');
  const trail = routeTrail(id).map((route) => ({
    label: t(route.id),
    url: routeHref(language, route),
    isLink: route.page !== false || route.link !== undefined,
  }));
  return [...trail, ...below.map(({ label, path }) => ({ label, url: sitePath(language, path), isLink: true }))];
}

import type { WireLanguage } from '@/lib/i18n/languages';
import { routeHref } from '@/lib/public/links';
import { routeTree, type RouteNode } from './site-map-tree';
import { translationsIn } from '@/lib/i18n/params';

/**
 * Every page of the route table as nested lists of links; a group without a page of its own is plain text over its
 * pages.
 */
export async function SiteMapTree({ language, label }: { language: WireLanguage; label: string }) {
  const t = await translationsIn(language, 'site.routes');
  const entry = ({ route, children }: RouteNode) => {
    const hasPage = route.page !== false || route.link !== undefined;
    return (
      <li key={route.id}>
        {hasPage ? <a href={routeHref(language, route)}>{t(route.id)}</a> : <span>{t(route.id)}</span>}
        {children.length > 0 && <ul>{children.map(entry)}</ul>}
      </li>
    );
  };
  return (
    <nav aria-label={label}>
      <ul>{entry(routeTree())}</ul>
    </nav>
  );
}

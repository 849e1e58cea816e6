/**
 * The public site map (DESIGN §8): every page's path, its place in the tree, and the area of the
 * spec §2 it belongs to. The main navigation, breadcrumbs, the site-map page, the sitemap.xml
 * and the language switch all read this one table, so a page is added here once.
 *
 * A route's label is the message `site.routes.{id}`. Paths are below the locale prefix
 * (`/tw`, `/en`). A group (`page: false`) has no screen of its own: in breadcrumbs it is not a
 * link unless it names a `link` override (spec §2: "an entry is a link if the route has a screen
 * or a link override").
 */
export interface SiteRoute {
  id: RouteId;
  /** Below the locale prefix; '' is the home page. Groups have the path of their first page. */
  path: string;
  parent?: RouteId;
  /** The spec §2 feature area the page belongs to. */
  area: string;
  /** False for a heading in the menu with no page of its own. Default true. */
  page?: boolean;
  /** Where a group's breadcrumb entry points (a link override). */
  link?: string;
  /** Shown in the main navigation (groups and their pages). Default true for groups' children. */
  inMenu?: boolean;
}

const routeList = [
  { id: 'home', path: '', area: 'mainpage' },

  { id: 'about', path: '/about', parent: 'home', area: 'web-about', page: false, link: '/about' },
  { id: 'aboutIntro', path: '/about', parent: 'about', area: 'web-about' },
  { id: 'organization', path: '/about/organization', parent: 'about', area: 'web-about' },
  { id: 'directors', path: '/about/directors', parent: 'about', area: 'web-about' },
  { id: 'committees', path: '/about/committees', parent: 'about', area: 'web-about' },
  { id: 'milestones', path: '/about/milestones', parent: 'about', area: 'web-about' },
  { id: 'videos', path: '/about/videos', parent: 'about', area: 'web-about' },

  { id: 'announcements', path: '/news', parent: 'home', area: 'web-info', page: false },
  { id: 'news', path: '/news', parent: 'announcements', area: 'web-info' },
  { id: 'bulletins', path: '/bulletins', parent: 'announcements', area: 'bulletin' },
  { id: 'activities', path: '/activities', parent: 'announcements', area: 'activity' },

  { id: 'lawsGroup', path: '/laws', parent: 'home', area: 'web-law', page: false },
  { id: 'laws', path: '/laws', parent: 'lawsGroup', area: 'web-law' },
  { id: 'selfRegulation', path: '/self-regulation', parent: 'lawsGroup', area: 'rule' },

  { id: 'membersGroup', path: '/members', parent: 'home', area: 'web-member', page: false },
  { id: 'members', path: '/members', parent: 'membersGroup', area: 'web-member' },
  { id: 'servicePoints', path: '/service-points', parent: 'membersGroup', area: 'member' },

  { id: 'info', path: '/qa', parent: 'home', area: 'web-info', page: false },
  { id: 'qa', path: '/qa', parent: 'info', area: 'related-info' },
  { id: 'glossary', path: '/glossary', parent: 'info', area: 'related-info' },
  { id: 'education', path: '/education', parent: 'info', area: 'related-info' },
  { id: 'statistics', path: '/statistics', parent: 'info', area: 'related-info' },
  { id: 'tests', path: '/tests', parent: 'info', area: 'related-info' },
  { id: 'research', path: '/research', parent: 'info', area: 'related-info' },

  { id: 'services', path: '/systems', parent: 'home', area: 'system', page: false },
  { id: 'systems', path: '/systems', parent: 'services', area: 'system' },
  { id: 'special', path: '/special', parent: 'services', area: 'web-special' },
  { id: 'links', path: '/links', parent: 'services', area: 'related-link' },

  { id: 'contact', path: '/contact', parent: 'home', area: 'contact-us' },

  // Outside the main menu: the footer and the accessibility marks link to these.
  { id: 'accessibility', path: '/accessibility', parent: 'home', area: 'web-disability', inMenu: false },
  { id: 'accesskeys', path: '/accessibility/accesskeys', parent: 'accessibility', area: 'disability', inMenu: false },
  { id: 'siteMap', path: '/site-map', parent: 'home', area: 'web-disability', inMenu: false },
  { id: 'search', path: '/search', parent: 'home', area: 'mainpage', inMenu: false },
  { id: 'privacy', path: '/privacy', parent: 'home', area: 'web-about', inMenu: false },
  { id: 'copyright', path: '/copyright', parent: 'home', area: 'web-about', inMenu: false },
] as const satisfies readonly (Omit<SiteRoute, 'id' | 'parent'> & { id: string; parent?: string })[];

export type RouteId = (typeof routeList)[number]['id'];

export const siteRoutes: readonly SiteRoute[] = routeList as readonly SiteRoute[];

const byId = new Map<RouteId, SiteRoute>(siteRoutes.map((route) => [route.id, route]));

export function route(id: RouteId): SiteRoute {
  return byId.get(id)!;
}

/** The route and its ancestors, from the home page down (for breadcrumbs). */
export function routeTrail(id: RouteId): SiteRoute[] {
  const trail: SiteRoute[] = [];
  for (let current: SiteRoute | undefined = route(id); current; current = current.parent ? route(current.parent) : undefined) {
    trail.unshift(current);
  }
  return trail;
}

/** The main navigation: the home page's children in the menu, each with its pages. */
export function menu(): { group: SiteRoute; pages: SiteRoute[] }[] {
  return siteRoutes
    .filter((r) => r.parent === 'home' && r.inMenu !== false)
    .map((group) => ({ group, pages: siteRoutes.filter((r) => r.parent === group.id) }));
}

/**
 * The public site map: every page's path, its place in the tree, and the feature area it belongs
 * to. The main navigation, breadcrumbs, the site-map page, the sitemap.xml
 * and the language switch all read this one table, so a page is added here once.
 *
 * A route's label is the message `site.routes.{id}`. Paths are below the locale prefix
 * (`/tw`, `/en`). A group (`page: false`) has no screen of its own: in breadcrumbs it is not a
 * link unless it names a `link` override: an entry is a link if its route has a page of its own
 * or a link override.
 *
 * A resource whose `public.route` names no route of this table has a page of its own: its entry is
 * derived from its definition (lib/content/model/face.ts) and added after the hand-written ones, named by
 * the resource's label, shown by the generic pages of `app/[locale]/[route]`.
 */
import type { ResourceDefinition } from '../content/model/define';
import type { Label } from '../content/model/fields';
import { allResources } from '../content/model/registry';
import type { WireLanguage } from '../i18n/languages';

export interface SiteRoute {
  id: string;
  /** Below the locale prefix; '' is the home page. Groups have the path of their first page. */
  path: string;
  parent?: string;
  /** The feature area the page belongs to: the old site's module (`web-about`…), or the resource's name. */
  area: string;
  /** False for a heading in the menu with no page of its own. Default true. */
  page?: boolean;
  /** Where a group's breadcrumb entry points (a link override). */
  link?: string;
  /** Shown in the main navigation (groups and their pages). Default true for groups' children. */
  inMenu?: boolean;
  /** A resource's own route: the resource whose rows the generic pages show, and its name. */
  resource?: string;
  label?: Label;
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
  { id: 'openData', path: '/open-data', parent: 'home', area: 'open-data', inMenu: false },
  { id: 'newsletter', path: '/newsletter', parent: 'home', area: 'newsletter', inMenu: false },
] as const satisfies readonly (Omit<SiteRoute, 'id' | 'parent'> & { id: string; parent?: string })[];

export type RouteId = (typeof routeList)[number]['id'];

const handWritten: readonly SiteRoute[] = routeList;
const handWrittenIds = new Set(handWritten.map((r) => r.id));
const groupIds = new Set(handWritten.filter((r) => r.parent === 'home' && r.page === false).map((r) => r.id));

const kebab = (id: string) => id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The site-map entry of a resource's own route (its `public.route` is not a hand-written route). */
function resourceRoute(definition: ResourceDefinition): SiteRoute | null {
  const face = definition.public;
  if (!face || handWrittenIds.has(face.route)) return null;
  const path = face.path ?? `/${kebab(face.route)}`;
  if (!/^\/[a-z0-9][a-z0-9-]*$/.test(path))
    throw new Error(`Resource ${definition.name}: its public path ${path} must be one lower-case segment`);
  const parent = face.parent ?? (groupIds.has(definition.menu) ? definition.menu : 'home');
  return { id: face.route, path, parent, area: definition.name, resource: definition.name, label: definition.label };
}

/** The hand-written routes and, after them, the routes resources declare (one per route id: the first resource's). */
export function buildSiteRoutes(resources: readonly ResourceDefinition[]): SiteRoute[] {
  const routes = [...handWritten];
  for (const definition of resources) {
    const derived = resourceRoute(definition);
    if (!derived || routes.some((r) => r.id === derived.id)) continue;
    if (routes.some((r) => r.path === derived.path))
      throw new Error(`Resource ${definition.name}: the path ${derived.path} is already a page of the site`);
    if (!routes.some((r) => r.id === derived.parent))
      throw new Error(`Resource ${definition.name}: its public parent ${derived.parent} is not a route`);
    routes.push(derived);
  }
  return routes;
}

/** Every route: built once, from the registry as it stands when this module loads. */
export const siteRoutes: readonly SiteRoute[] = buildSiteRoutes(allResources());

const byId = new Map<string, SiteRoute>(siteRoutes.map((route) => [route.id, route]));

export function route(id: RouteId): SiteRoute {
  return byId.get(id)!;
}

const areaSegments = new Set(siteRoutes.map((r) => r.path.split('/')[1]).filter(Boolean));
// Addresses that are not in the site map: the draft preview's, the 500 page (lib/server/error-pages.ts),
// the language switch of a row's page (lib/public/detail.ts), a sign-up's manage page (its e-mails' link),
// the calendar feed of activities and the member area (lib/public/member/).
for (const segment of ['preview', 'server-error', 'language-switch', 'registration', 'activities.ics', 'member'])
  areaSegments.add(segment);

/**
 * Whether a path's first segment below the locale is a part of the site (`news` in `/news/1/more`):
 * an address below a known part that names no page is a 404; one that names no part of the site
 * at all goes home (docs/public-site.md, "Error pages").
 */
export function isSiteArea(segment: string | undefined): boolean {
  return segment !== undefined && areaSegments.has(segment);
}

/** The path of one item below a list route: `itemPath('laws', 12)` is `/laws/12`. */
export function itemPath(id: RouteId, item: string | number): string {
  return `${route(id).path}/${item}`;
}

/** A route by an id that is not known when compiling (a resource's own route), or undefined. */
export function findRoute(id: string): SiteRoute | undefined {
  return byId.get(id);
}

/**
 * The names of the routes resources declare, as `site.routes` messages of the language: added to
 * the message files' own (lib/i18n/request.ts), so every page names them as it names the others.
 */
export function resourceRouteNames(language: WireLanguage): Record<string, string> {
  return Object.fromEntries(siteRoutes.flatMap((r) => (r.label ? [[r.id, r.label[language]]] : [])));
}

/** The route and its ancestors, from the home page down (for breadcrumbs). */
export function routeTrail(id: string): SiteRoute[] {
  const trail: SiteRoute[] = [];
  for (
    let current: SiteRoute | undefined = findRoute(id);
    current;
    current = current.parent ? findRoute(current.parent) : undefined
  ) {
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

import { siteRoutes, type SiteRoute } from '@/lib/public/routes';

export interface RouteNode {
  route: SiteRoute;
  children: RouteNode[];
}

/**
 * The route table as a tree below the home page, in the table's order. A group whose first page has
 * the group's own path (e.g. "About" and "Introduction") stays a heading over its pages.
 */
export function routeTree(routes: readonly SiteRoute[] = siteRoutes): RouteNode {
  const childrenOf = (id: string): RouteNode[] =>
    routes.filter((r) => r.parent === id).map((r) => ({ route: r, children: childrenOf(r.id) }));
  const home = routes.find((r) => r.parent === undefined);
  if (!home) throw new Error('The route table has no home page');
  return { route: home, children: childrenOf(home.id) };
}

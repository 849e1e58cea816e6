/** The site map page's tree (網站導覽): every route of the route table once, under its parent, in order. */
import { routeTree, type RouteNode } from '../../components/site/accessibility/site-map-tree';
import { siteRoutes, type SiteRoute } from '../../lib/public/routes';

function flatten(node: RouteNode, parent?: string): { id: string; parent?: string }[] {
  return [{ id: node.route.id, parent }, ...node.children.flatMap((child) => flatten(child, node.route.id))];
}

describe('site map tree', () => {
  test("holds every route exactly once, each under its parent, in the table's order", () => {
    const tree = routeTree();
    expect(tree.route.id).toBe('home');
    const entries = flatten(tree);
    expect(entries.map((e) => e.id).sort()).toEqual(siteRoutes.map((r) => r.id).sort());
    for (const entry of entries) expect(entry.parent).toBe(siteRoutes.find((r) => r.id === entry.id)!.parent);
    const info = tree.children.find((child) => child.route.id === 'info')!;
    expect(info.children.map((child) => child.route.id)).toEqual(
      siteRoutes.filter((r) => r.parent === 'info').map((r) => r.id),
    );
  });

  test('nests deeper pages below theirs (the access key guide below the accessibility statement)', () => {
    const accessibility = routeTree().children.find((child) => child.route.id === 'accessibility')!;
    expect(accessibility.children.map((child) => child.route.id)).toEqual(['accesskeys']);
  });

  test('needs a home page', () => {
    const orphans: SiteRoute[] = [{ id: 'qa', path: '/qa', parent: 'info', area: 'related-info' }];
    expect(() => routeTree(orphans)).toThrow('no home page');
  });
});

import { allResources } from '../../lib/content/model/registry';
import { publicPlaces, publicRowPath, publicRowUrl } from '../../lib/public/row-links';
import { siteRoutes } from '../../lib/public/routes';

describe('public row links', () => {
  it('gives every public resource a path on a real page of the site map', () => {
    const pagePaths = new Set(siteRoutes.filter((r) => r.page !== false).map((r) => r.path));
    for (const resource of allResources().filter((r) => !['account', 'webcontact'].includes(r.name))) {
      const path = publicRowPath(resource.name, {
        id: 7,
        page: 1,
        category: 0,
        groupId: 3,
        classId: 2,
        unitId: 4,
        eventDate: '2024-05-01',
        initial: 'T',
      });
      expect(path).not.toBeNull();
      const [pathname] = path!.split(/[?#]/);
      const known = pagePaths.has(pathname) || [...pagePaths].some((p) => p && pathname.startsWith(`${p}/`));
      expect({ resource: resource.name, known }).toEqual({ resource: resource.name, known: true });
    }
  });

  it('keeps accounts and contact messages off the public site', () => {
    expect(publicRowPath('account', { id: 1 })).toBeNull();
    expect(publicRowPath('webcontact', { id: 1 })).toBeNull();
  });

  it('builds detail, filtered-list and section paths with the language prefix', () => {
    expect(publicRowUrl('tw', 'webnews', { id: 12 })).toBe('/tw/news/12');
    expect(publicRowUrl('en', 'webqa', { id: 5, category: 2 })).toBe('/en/qa?type=2#item-5');
    expect(publicRowUrl('en', 'webmemorabilia', { id: 5, eventDate: '2019-03-01' })).toBe(
      '/en/about/milestones?year=2019#item-5',
    );
    expect(publicRowUrl('tw', 'webeditor', { id: 9, page: 3 })).toBe('/tw/research#item-9');
    expect(publicRowUrl('tw', 'webspecial', { id: 9, groupId: 2 })).toBe('/tw/special/2/9');
  });

  it('names the public pages that show a resource: its route, or one per fixed page for the page sections', () => {
    expect(publicPlaces('webnews')).toEqual([{ route: 'news' }]);
    expect(publicPlaces('webspecialgrouptype')).toEqual([{ route: 'special' }]);
    expect(publicPlaces('webeditor').map((place) => place.route)).toEqual([
      'aboutIntro',
      'organization',
      'research',
      'members',
      'accessibility',
      'privacy',
      'copyright',
    ]);
    expect(publicPlaces('webeditor')[2]).toEqual({ route: 'research', filters: { page: 3 } });
    expect(publicPlaces('account')).toEqual([]);
  });
});

import { readByVisitors } from '../../lib/content/model/define';
import { allResources } from '../../lib/content/model/registry';
import { publicPlaces, publicRowPath, publicRowUrl, rowAtPath } from '../../lib/public/row-links';
import { siteRoutes } from '../../lib/public/routes';

describe('public row links', () => {
  it('gives every public resource a path on a real page of the site map', () => {
    const pagePaths = new Set(siteRoutes.filter((r) => r.page !== false).map((r) => r.path));
    for (const resource of allResources().filter(readByVisitors)) {
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

  it('keeps what visitors may not read (accounts, contact messages, dues) off the public site', () => {
    const hidden = allResources().filter((r) => !readByVisitors(r));
    expect(hidden.map((r) => r.name)).toEqual(expect.arrayContaining(['account', 'webcontact', 'webmemberdues']));
    for (const resource of hidden)
      expect({ [resource.name]: publicRowPath(resource.name, { id: 1 }) }).toEqual({ [resource.name]: null });
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

describe('rowAtPath', () => {
  it('finds the row of every page a row has of its own, as publicRowPath gives it', () => {
    for (const resource of allResources()) {
      const path = publicRowPath(resource.name, { id: 7, groupId: 3 });
      if (!path || /[?#]/.test(path) || !/\/7$/.test(path)) continue;
      expect([path, rowAtPath(path)?.definition.name, rowAtPath(path)?.id]).toEqual([path, resource.name, 7]);
    }
    expect(rowAtPath('/news/12')?.definition.name).toBe('webnews');
    expect(rowAtPath('/special/3/12')?.definition.name).toBe('webspecial');
  });

  it.each(['/news', '/news/abc', '/no-such-list/12', '/news/1234567890', '', '/news/12/more'])(
    '%j is no row',
    (path) => {
      expect(rowAtPath(path)).toBeNull();
    },
  );
});

import { buildMenu, entryMatches, menuResourceNames, resourcesInMenuOrder } from '@/lib/admin/menu';
import { allResources } from '@/lib/content/model/registry';
import { sections } from '@/lib/content/model/sections';

describe('back-office menu', () => {
  it('places every registry resource exactly once', () => {
    const names = menuResourceNames();
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(
      allResources()
        .map((r) => r.name)
        .sort(),
    );
  });

  it('gives each section of a per-section resource its own entry', () => {
    const about = buildMenu('tw', 1).find((g) => g.id === 'about')!;
    const boards = about.entries.find((e) => e.screen.kind === 'list' && e.screen.resource === 'websupervisor')!;
    expect(boards.children?.map((c) => [c.label?.tw, c.href])).toEqual([
      ['理事會', '/tw-admin/websupervisor/directors'],
      ['監事會', '/tw-admin/websupervisor/supervisors'],
    ]);
    const pages = buildMenu('en', 1).find((g) => g.id === 'pages')!;
    expect(pages.entries[0].children).toHaveLength(sections.editorPages.length);
    const news = buildMenu('en', 1).find((g) => g.id === 'announcements')!.entries[0];
    expect(news).toMatchObject({ href: '/en-admin/webnews', label: { en: 'News' } });
    expect(news.children).toBeUndefined();
  });

  it('shows accounts and web settings to Admins only', () => {
    const hrefs = (role: 0 | 1) => buildMenu('tw', role).flatMap((g) => g.entries.map((e) => e.href));
    expect(hrefs(1)).toEqual(expect.arrayContaining(['/tw-admin/account', '/tw-admin/settings']));
    expect(hrefs(0)).not.toContain('/tw-admin/account');
    expect(hrefs(0)).not.toContain('/tw-admin/settings');
    expect(
      buildMenu('tw', 0)
        .find((g) => g.id === 'system')
        ?.entries.map((e) => e.href),
    ).toEqual(['/tw-admin/media', '/tw-admin/newsletter']);
    expect(hrefs(0)).toContain('/tw-admin/webcontact');
    expect(resourcesInMenuOrder(0).map((r) => r.name)).not.toContain('account');
    expect(resourcesInMenuOrder(1).map((r) => r.name)).toContain('account');
  });

  it('marks the entry of the current screen, including a row form of its list', () => {
    const [about] = buildMenu('tw', 1);
    const supervisors = about.entries[0].children![1];
    expect(entryMatches(supervisors, { kind: 'edit', resource: 'websupervisor', section: 2, id: 3 })).toBe(true);
    expect(entryMatches(supervisors, { kind: 'edit', resource: 'websupervisor', section: 1, id: 3 })).toBe(false);
    expect(entryMatches(about.entries[0], { kind: 'list', resource: 'websupervisor', section: 1 })).toBe(true);
    expect(entryMatches(about.entries[1], { kind: 'dashboard' })).toBe(false);
  });
});

describe('the audit log', () => {
  test('is in the menu for Admins only', async () => {
    const { buildMenu } = await import('../../lib/admin/menu');
    const hrefs = (role: 0 | 1) => buildMenu('tw', role).flatMap((group) => group.entries.map((entry) => entry.href));
    expect(hrefs(1)).toContain('/tw-admin/audit');
    expect(hrefs(0)).not.toContain('/tw-admin/audit');
  });
});

describe('the media library', () => {
  test('is in the system group for both roles, and marks itself current', () => {
    for (const role of [0, 1] as const) {
      const entry = buildMenu('en', role)
        .find((g) => g.id === 'system')!
        .entries.find((e) => e.screen.kind === 'media')!;
      expect(entry.href).toBe('/en-admin/media');
      expect(entryMatches(entry, { kind: 'media' })).toBe(true);
      expect(entryMatches(entry, { kind: 'audit' })).toBe(false);
    }
  });
});

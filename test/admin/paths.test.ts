import { adminPath, otherLanguagePath, parseAdminPath, safeReturnTo, sectionFieldOf } from '@/lib/admin/paths';
import { loginPath } from '@/lib/routing/back-office';
import { findResource } from '@/lib/content/model/registry';

describe('back-office paths', () => {
  it('parses the dashboard, settings, lists, new and edit screens', () => {
    expect(parseAdminPath('/tw-admin')).toEqual({ language: 'tw', screen: { kind: 'dashboard' } });
    expect(parseAdminPath('/en-admin/')).toEqual({ language: 'en', screen: { kind: 'dashboard' } });
    expect(parseAdminPath('/en-admin/settings')?.screen).toEqual({ kind: 'settings' });
    expect(parseAdminPath('/en-admin/review')?.screen).toEqual({ kind: 'review' });
    expect(adminPath('tw', { kind: 'review' })).toBe('/tw-admin/review');
    expect(parseAdminPath('/en-admin/review/1')?.screen).toEqual({ kind: 'notFound' });
    expect(parseAdminPath('/en-admin/newsletter')?.screen).toEqual({ kind: 'newsletter' });
    expect(adminPath('tw', { kind: 'newsletter' })).toBe('/tw-admin/newsletter');
    expect(parseAdminPath('/tw-admin/webnews')?.screen).toEqual({ kind: 'list', resource: 'webnews' });
    expect(parseAdminPath('/tw-admin/webnews/new')?.screen).toEqual({ kind: 'new', resource: 'webnews' });
    expect(parseAdminPath('/tw-admin/webnews/12')?.screen).toEqual({ kind: 'edit', resource: 'webnews', id: 12 });
  });

  it('puts the section key of a per-section resource in the path', () => {
    expect(parseAdminPath('/tw-admin/websupervisor/supervisors')?.screen).toEqual({
      kind: 'list',
      resource: 'websupervisor',
      section: 2,
    });
    expect(parseAdminPath('/tw-admin/webqa/general/new')?.screen).toEqual({
      kind: 'new',
      resource: 'webqa',
      section: 0,
    });
    expect(parseAdminPath('/tw-admin/webeditor/privacy/5')?.screen).toEqual({
      kind: 'edit',
      resource: 'webeditor',
      section: 6,
      id: 5,
    });
    expect(adminPath('en', { kind: 'edit', resource: 'webeditor', section: 6, id: 5 })).toBe(
      '/en-admin/webeditor/privacy/5',
    );
    expect(adminPath('tw', { kind: 'list', resource: 'webcommittee', section: 1 })).toBe(
      '/tw-admin/webcommittee/legal',
    );
  });

  it('round-trips every screen of every resource', () => {
    for (const name of ['webnews', 'websupervisor', 'webareainfo', 'account', 'webcontact']) {
      const section = sectionFieldOf(findResource(name)!)?.list[0].value;
      for (const screen of [
        { kind: 'list' as const, resource: name, ...(section === undefined ? {} : { section }) },
        { kind: 'new' as const, resource: name, ...(section === undefined ? {} : { section }) },
        { kind: 'edit' as const, resource: name, id: 7, ...(section === undefined ? {} : { section }) },
      ]) {
        expect(parseAdminPath(adminPath('en', screen))).toEqual({ language: 'en', screen });
      }
    }
  });

  it('answers notFound for unknown resources, sections and ids, and null outside the back office', () => {
    for (const path of [
      '/tw-admin/nothing',
      '/tw-admin/websupervisor',
      '/tw-admin/websupervisor/nope',
      '/tw-admin/webnews/0',
      '/tw-admin/webnews/x',
      '/tw-admin/webnews/1/2',
      '/tw-admin/settings/x',
    ]) {
      expect(parseAdminPath(path)?.screen).toEqual({ kind: 'notFound' });
    }
    expect(parseAdminPath('/tw')).toBeNull();
    expect(parseAdminPath('/tw-adminx')).toBeNull();
    expect(parseAdminPath('/admin/tw')).toBeNull();
  });

  const origin = 'https://site.example';

  it('keeps the wanted page through sign-in, but only a back-office page of this site', () => {
    expect(loginPath('tw', '/tw-admin/webnews?page=2')).toBe('/tw-login?next=%2Ftw-admin%2Fwebnews%3Fpage%3D2');
    expect(safeReturnTo('tw', '/tw-admin/webnews?page=2', origin)).toBe('/tw-admin/webnews?page=2');
    expect(safeReturnTo('en', `${origin}/en-admin/media#top`, origin)).toBe('/en-admin/media#top');
    // Dot segments that stay inside the back office resolve to the page they name.
    expect(safeReturnTo('en', '/en-admin/webnews/../settings', origin)).toBe('/en-admin/settings');
  });

  // The usual open-redirect payloads: each must land on the dashboard, never off the site.
  it.each([
    ['nothing', null],
    ['empty', ''],
    ['another origin', 'https://evil.example/tw-admin'],
    ['protocol-relative', '//evil.example/tw-admin'],
    ['dot segment to a protocol-relative path', '/en-admin/..//evil.example'],
    ['leading dot segment', '/..//evil.example'],
    ['encoded dot segment', '/%2e%2e//evil.example'],
    ['encoded dot segment in the back office', '/en-admin/%2E%2E//evil.example'],
    ['backslash', '/\\evil.example'],
    ['two backslashes', '/\\\\evil.example/en-admin'],
    ['backslash dot segment in the back office', '/en-admin\\..\\\\evil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded backslash in the back office', '/en-admin/%5C%5Cevil.example'],
    ['encoded slash in the back office', '/en-admin/%2F%2Fevil.example'],
    ['scheme with no slashes', 'https:evil.example'],
    ['other scheme with no slashes', 'http:evil.example/en-admin'],
    ['javascript', 'javascript:alert(1)'],
    ['tab inside the scheme', 'java\tscript:alert(1)'],
    ['newline inside the scheme', 'ht\ntps://evil.example/en-admin'],
    ['tab inside a protocol-relative path', '/\t/evil.example/en-admin'],
    ['public page', '/tw'],
    ['sign-in page', '/tw-login'],
    ['malformed escape', '/en-admin/%E0%A4%A'],
  ])('refuses %s', (_name, wanted) => {
    expect(safeReturnTo('en', wanted, origin)).toBe('/en-admin');
  });
});

describe('language switch in the back office', () => {
  it('keeps lists and settings, and sends a row form to its list', () => {
    expect(otherLanguagePath('/tw-admin/webqa/general')).toBe('/en-admin/webqa/general');
    expect(otherLanguagePath('/en-admin/settings')).toBe('/tw-admin/settings');
    expect(otherLanguagePath('/tw-admin/webeditor/privacy/5')).toBe('/en-admin/webeditor/privacy');
    expect(otherLanguagePath('/tw-admin/webnews/new')).toBe('/en-admin/webnews');
    expect(otherLanguagePath('/tw-admin/nothing')).toBe('/en-admin');
  });
});

describe('trash, import, audit and media screens', () => {
  test('are built and parsed both ways', async () => {
    const { adminPath, otherLanguagePath, parseAdminPath } = await import('../../lib/admin/paths');
    expect(adminPath('tw', { kind: 'trash', resource: 'webnews' })).toBe('/tw-admin/webnews/trash');
    expect(parseAdminPath('/tw-admin/webnews/trash')?.screen).toEqual({ kind: 'trash', resource: 'webnews' });
    // A resource with one list per section has one trash for all its sections.
    expect(parseAdminPath('/en-admin/webeditor/trash')?.screen).toEqual({ kind: 'trash', resource: 'webeditor' });
    expect(adminPath('en', { kind: 'import', resource: 'webmemberdept' })).toBe('/en-admin/webmemberdept/import');
    expect(parseAdminPath('/tw-admin/webmemberdept/import')?.screen).toEqual({
      kind: 'import',
      resource: 'webmemberdept',
    });
    expect(otherLanguagePath('/tw-admin/webmemberdept/import')).toBe('/en-admin/webmemberdept/import');
    expect(adminPath('en', { kind: 'audit' })).toBe('/en-admin/audit');
    expect(parseAdminPath('/en-admin/audit')?.screen).toEqual({ kind: 'audit' });
    expect(parseAdminPath('/en-admin/audit/x')?.screen).toEqual({ kind: 'notFound' });
    expect(adminPath('tw', { kind: 'media' })).toBe('/tw-admin/media');
    expect(parseAdminPath('/tw-admin/media')?.screen).toEqual({ kind: 'media' });
    expect(parseAdminPath('/tw-admin/media/1')?.screen).toEqual({ kind: 'notFound' });
  });
});

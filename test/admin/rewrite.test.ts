import { adminRouting } from '@/lib/admin/rewrite';

describe('back-office routing', () => {
  it('rewrites the back office and sign-in of both languages to the internal tree', () => {
    expect(adminRouting('/tw-admin')).toEqual({ rewrite: '/admin/tw/office' });
    expect(adminRouting('/en-admin/')).toEqual({ rewrite: '/admin/en/office' });
    expect(adminRouting('/en-admin/webnews/12')).toEqual({ rewrite: '/admin/en/office/webnews/12' });
    expect(adminRouting('/tw-login')).toEqual({ rewrite: '/admin/tw/login' });
    expect(adminRouting('/en-login/')).toEqual({ rewrite: '/admin/en/login' });
    expect(adminRouting('/en-login/extra')).toEqual({ redirect: '/en-login' });
  });

  it('rewrites the password-reset page of both languages, a sub-path going back to it', () => {
    expect(adminRouting('/tw-reset')).toEqual({ rewrite: '/admin/tw/reset' });
    expect(adminRouting('/en-reset/')).toEqual({ rewrite: '/admin/en/reset' });
    expect(adminRouting('/en-reset/extra')).toEqual({ redirect: '/en-reset' });
  });

  it('sends a path that names no screen to the not-found page of its language', () => {
    for (const path of [
      '/tw-admin/no-such-screen',
      '/tw-admin/webnews/12/more',
      '/tw-admin/settings/x',
      '/tw-admin/webnews/abc',
    ]) {
      expect(adminRouting(path)).toEqual({ rewrite: '/admin/tw/unknown' });
    }
    expect(adminRouting('/en-admin/nothing')).toEqual({ rewrite: '/admin/en/unknown' });
    expect(adminRouting('/en-admin/settings')).toEqual({ rewrite: '/admin/en/office/settings' });
    expect(adminRouting('/en-admin/webnews/new')).toEqual({ rewrite: '/admin/en/office/webnews/new' });
  });

  it('leaves every other path alone, including the internal tree itself', () => {
    for (const path of [
      '/tw',
      '/en/news',
      '/admin/tw/office',
      '/tw-adminx',
      '/fr-admin',
      '/',
      '/x/tw-admin',
      '/tw-resetx',
      '/fr-reset',
    ]) {
      expect(adminRouting(path)).toBeNull();
    }
  });
});

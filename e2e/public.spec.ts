import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import enSite from '../messages/en/site.json';
import twSite from '../messages/tw/site.json';

/** Every browser error of a page, collected while a test runs. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return axe.violations.map(
    (v) => `${page.url()} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** The href of the first item link of a list page. */
async function firstItemHref(page: Page, list: string): Promise<string> {
  await page.goto(list);
  const href = await page.locator('main .list-item h2 a').first().getAttribute('href');
  expect(href).toMatch(/\/\d+$/);
  return href!;
}

test.describe('public site: layout and pages', () => {
  test('the root and unknown paths redirect to /tw', async ({ page }) => {
    for (const path of ['/', '/no/such/page', '/tw/no-such-page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/tw$/);
    }
  });

  for (const [language, lang, headings] of [
    ['tw', 'zh-Hant-TW', ['最新消息', '最新公告', '近期活動', '快速連結']],
    ['en', 'en', ['Latest news', 'Latest bulletins', 'Upcoming activities', 'Quick links']],
  ] as const) {
    test(`/${language}: every page of news, bulletins, activities, search and home renders with its content, accessibly, without console errors`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const errors = consoleErrors(page);
      const violations: string[] = [];
      const response = await page.goto(`/${language}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      for (const heading of headings)
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      expect(
        await page.locator('#latest-news ~ ul li, section[aria-labelledby="latest-news"] li').count(),
      ).toBeGreaterThanOrEqual(5);
      violations.push(...(await axeViolations(page)));

      const pages = [
        `/${language}/news`,
        `/${language}/bulletins`,
        `/${language}/activities`,
        `/${language}/activities?when=past`,
      ];
      for (const list of [`/${language}/news`, `/${language}/bulletins`, `/${language}/activities`])
        pages.push(await firstItemHref(page, list));
      pages.push(`/${language}/search`, `/${language}/search?q=${language === 'tw' ? '信託' : 'trust'}`);
      for (const path of pages) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.locator('h1')).not.toBeEmpty();
        await expect(page.locator('nav.breadcrumbs')).toBeVisible();
        if (!path.endsWith('/search'))
          expect(
            await page.locator('main .list-item, main article .prose, main article').count(),
            path,
          ).toBeGreaterThan(0);
        violations.push(...(await axeViolations(page)));
      }
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test('the header shows the name and logo from the web settings; the footer its contact details, counter and update date', async ({
    page,
    request,
  }) => {
    for (const [path, language, visits, updated] of [
      ['/tw', 'tw', '瀏覽人次', '更新日期'],
      ['/en', 'en', 'Visits', 'Updated'],
    ] as const) {
      const info = await (
        await request.get('/api/websetting/webinfo', { headers: { 'web-language': language } })
      ).json();
      await page.goto(path);
      const home = page.locator('header').getByRole('link', { name: info.siteName });
      await expect(home).toBeVisible();
      // An uploaded logo is offered as sized copies: its src is its URL with a width, a format and a version.
      if (info.logoUrl)
        await expect(home.locator('img')).toHaveAttribute(
          'src',
          new RegExp(`^${info.logoUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?w=\\d+&f=\\w+&v=\\d+)?$`),
        );
      await expect(page).toHaveTitle(new RegExp(info.siteName));
      const footer = page.locator('footer');
      if (info.address) await expect(footer).toContainText(info.address);
      if (info.phone) await expect(footer).toContainText(info.phone);
      if (info.email)
        await expect(footer.getByRole('link', { name: info.email })).toHaveAttribute('href', `mailto:${info.email}`);
      await expect(footer.locator('dt', { hasText: visits })).toBeVisible();
      await expect(footer.locator('dt', { hasText: updated })).toBeVisible();
      await expect(footer.locator('.site-footer__counters dd time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test('a browser session is counted once, by the browser, not by rendering pages', async ({ browser, request }) => {
    const before = (await (await request.get('/api/websetting/oldvisitcount')).json()).count as number;
    const context = await browser.newContext();
    const page = await context.newPage();
    let counted = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/websetting/visitcount')) counted++;
    });
    const first = page.waitForResponse((r) => r.url().includes('/api/websetting/visitcount'));
    await page.goto('/tw');
    const body = await (await first).json();
    // The footer shows the count the browser just made (with the previous site's count added).
    await expect(page.locator('.site-footer__counters dd').first()).toHaveText(
      new Intl.NumberFormat('zh-TW').format(body.count + before),
    );
    await page.goto('/tw/news');
    await page.reload();
    // A second count would be a request: none is made before the network goes quiet.
    // eslint-disable-next-line playwright/no-networkidle
    await page.waitForLoadState('networkidle');
    expect(counted).toBe(1);
    expect((await context.cookies()).find((c) => c.name === 'gh_counted_visit')?.expires).toBe(-1);
    await context.close();
    // Rendering a page without script counts nothing.
    const plain = await request.get('/tw');
    expect(plain.status()).toBe(200);
  });

  test('the accesskey marks U, C and Z are in the header, main and footer and point at themselves', async ({
    page,
  }) => {
    for (const language of ['tw', 'en']) {
      await page.goto(`/${language}/news`);
      for (const [key, area] of [
        ['U', 'header'],
        ['C', 'main'],
        ['Z', 'footer'],
      ]) {
        const mark = page.locator(`${area} a[accesskey="${key}"]`);
        await expect(mark).toHaveCount(1);
        await expect(mark).toHaveText(/^:::/);
        await expect(mark).toHaveAttribute('href', `#accesskey-${key.toLowerCase()}`);
      }
    }
    await page.goto('/tw');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: '跳到主要內容' })).toBeFocused();
  });

  test('the main menu opens with the keyboard, closes with Escape, and marks the current page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/tw/bulletins');
    const groupLink = page.locator('.main-nav__group-link', { hasText: '最新訊息' });
    const group = page.locator('.main-nav__group', { has: groupLink });
    await expect(group).toHaveClass(/main-nav__group--current/);
    // The drop-down is closed: its links are in the page (for search engines and no-script) but hidden.
    const submenu = group.locator('.main-nav__pages');
    await expect(submenu).toBeHidden();
    await expect(submenu.locator('a', { hasText: /^公告$/ })).toHaveAttribute('aria-current', 'page');
    await page.locator('.site-search button').focus();
    // Tab goes through the language switch, the first group and its pages, to this group.
    for (let i = 0; i < 12 && !(await groupLink.evaluate((a) => a === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(groupLink).toBeFocused();
    await expect(submenu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(submenu.getByRole('link', { name: '最新消息', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenu).toBeHidden();
    await expect(groupLink).toBeFocused();
  });

  test('on a phone the menu folds behind a button, and without script it is simply shown', async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 320, height: 800 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/en');
      const news = page.locator('.main-nav').getByRole('link', { name: 'News', exact: true });
      if (javaScriptEnabled) {
        await expect(news).toBeHidden();
        const button = page.getByRole('button', { name: 'Menu' });
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        // The open menu shows one group's pages at a time: open the group that holds News.
        await page.locator('.main-nav').getByRole('button', { name: 'Pages of News and events' }).click();
      }
      await expect(news).toBeVisible();
      // Nothing is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await context.close();
    }
  });

  test('file-like paths are a plain 404, and the site has an icon', async ({ request, page }) => {
    expect((await request.get('/favicon.ico')).status()).toBe(404);
    await page.goto('/tw');
    const iconLink = page.locator('link[rel="icon"]');
    await expect(iconLink).toHaveAttribute('href', /./);
    const served = await request.get((await iconLink.getAttribute('href'))!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/png');
  });

  test('responses carry the security headers; the XSRF cookie comes from the API, never from a public page', async ({
    request,
  }) => {
    const response = await request.get('/tw');
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-powered-by']).toBeUndefined();
    expect(headers['set-cookie']).toBeUndefined();
    const api = await request.get('/api/websetting/webinfo');
    expect(api.headers()['set-cookie']).toMatch(/XSRF-TOKEN=[^;]+; Path=\/; SameSite=strict/i);
    // The back office's window is kept apart from others; public pages go without that (lib/security/headers.mjs).
    expect(headers['cross-origin-opener-policy']).toBeUndefined();
    for (const path of ['/tw-admin', '/tw-admin/webnews', '/en-login', '/tw-reset'])
      expect((await request.get(path)).headers()['cross-origin-opener-policy'], path).toBe('same-origin');
  });

  test('HEAD of a public page answers as its GET would, without the body, whether rendered or kept', async ({
    request,
  }) => {
    // A search nobody made before is rendered for this request; the news list comes from a copy.
    for (const path of [`/en/search?q=head-${Date.now()}`, '/tw/news', '/tw/news']) {
      const head = await request.head(path);
      expect(head.status(), path).toBe(200);
      expect(head.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(await head.body(), path).toHaveLength(0);
    }
  });

  test("public pages run only the site's own script, not Next.js's runtime (but the contact form's page)", async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    /** The page's script files, and whether its HTML carries the React payload. */
    async function scriptsOf(path: string): Promise<{ files: string[]; payload: boolean }> {
      const files: string[] = [];
      const listener = (request: import('@playwright/test').Request) => {
        if (request.resourceType() === 'script') files.push(request.url());
      };
      page.on('request', listener);
      // Every script the page loads, late ones too: the network going quiet is the only end there is.
      // eslint-disable-next-line playwright/no-networkidle
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      page.off('request', listener);
      return { files, payload: (await response!.text()).includes('__next_f') };
    }
    const detail = await firstItemHref(page, '/en/news');
    for (const path of ['/tw', '/tw/news', detail, '/en/about', '/tw/no-such-page', '/tw/news?page=2'])
      expect(await scriptsOf(path), path).toEqual({ files: [], payload: false });
    // The parts drawn by client components still know the page: the language switch, the menu's current group.
    await page.goto(detail);
    await expect(page.locator('a.language-switch')).toHaveAttribute(
      'href',
      `/tw/language-switch?from=${encodeURIComponent(detail.replace('/en', ''))}`,
    );
    await expect(page.locator('.main-nav__group--current')).toHaveCount(1);
    // The contact form is React in the browser: its page keeps the runtime, and the menu works there too.
    const contact = await scriptsOf('/tw/contact');
    expect(contact.payload).toBe(true);
    expect(contact.files.some((url) => url.includes('/_next/static/chunks/'))).toBe(true);
    await page.setViewportSize({ width: 320, height: 800 });
    const menu = page.getByRole('button', { name: '選單' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('.main-nav').getByRole('link', { name: '最新訊息', exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the print stylesheet hides the navigation chrome and keeps the content', async ({ page }) => {
    await page.goto('/tw/news');
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.main-nav')).toBeHidden();
    await expect(page.locator('.pager')).toBeHidden();
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('main .list-item').first()).toBeVisible();
  });
});

test.describe('public site: lists, details and search', () => {
  test('a page number past the end shows the last page; bad page numbers show the first', async ({ page }) => {
    await page.goto('/tw/news?page=999');
    const current = page.locator('.pager a[aria-current="page"]');
    const last = await current.textContent();
    expect(Number(last)).toBeGreaterThan(1);
    await expect(page.locator('.pager a').filter({ hasText: /^\d+$/ }).last()).toHaveText(last!);
    expect(await page.locator('main .list-item').count()).toBeGreaterThan(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/tw/news\\?page=${last}$`));
    for (const bad of ['0', '-3', 'abc']) {
      await page.goto(`/tw/news?page=${bad}`);
      await expect(page.locator('.pager a[aria-current="page"]')).toHaveText('1');
    }
  });

  test('paging shows at most 7 page links', async ({ page }) => {
    await page.goto('/tw/search?q=%E4%BF%A1%E8%A8%97&page=10');
    const numbers = page.locator('.pager a').filter({ hasText: /^\d+$/ });
    expect(await numbers.count()).toBeLessThanOrEqual(7);
    await expect(page.locator('.pager a[aria-current="page"]')).toHaveText('10');
  });

  test('bulletins filter by type and activities split into upcoming and past', async ({ page }) => {
    await page.goto('/en/bulletins');
    const options = page.getByLabel('Type').locator('option');
    const typeId = await options.nth(1).getAttribute('value');
    const typeName = (await options.nth(1).textContent())!;
    await page.goto(`/en/bulletins?type=${typeId}`);
    const tags = await page.locator('main .list-item .tag').allTextContents();
    expect(tags.length).toBeGreaterThan(0);
    expect(new Set(tags)).toEqual(new Set([typeName]));
    // An unknown type shows the whole list rather than an error.
    const unknown = await page.goto('/en/bulletins?type=999999');
    expect(unknown?.status()).toBe(200);
    expect(await page.locator('main .list-item').count()).toBeGreaterThan(0);

    const now = Date.now();
    for (const [when, upcoming] of [
      ['', true],
      ['?when=past', false],
    ] as const) {
      await page.goto(`/en/activities${when}`);
      const starts = await page
        .locator('main .list-item__meta time:first-of-type')
        .evaluateAll((times) => times.map((t) => t.getAttribute('datetime')!));
      expect(starts.length).toBeGreaterThan(0);
      for (const start of starts) {
        if (!upcoming) expect(new Date(start).getTime()).toBeLessThan(now);
      }
      await expect(page.locator('.tabs a[aria-current="page"]')).toHaveText(
        upcoming ? 'Upcoming and current' : 'Past activities',
      );
    }
  });

  test('the breadcrumbs of a detail page follow the route data: label, url and isLink', async ({ page }) => {
    const href = await firstItemHref(page, '/tw/news');
    await page.goto(href);
    const title = (await page.locator('h1').textContent())!;
    const items = page.locator('nav.breadcrumbs li');
    await expect(items).toHaveCount(4);
    // 首頁 (link) › 最新訊息 (a group without its own page: not a link) › 最新消息 (link) › the item (current).
    await expect(items.nth(0).getByRole('link', { name: '首頁' })).toHaveAttribute('href', '/tw');
    await expect(items.nth(1)).toHaveText('最新訊息');
    await expect(items.nth(1).locator('a')).toHaveCount(0);
    await expect(items.nth(2).getByRole('link', { name: '最新消息' })).toHaveAttribute('href', '/tw/news');
    await expect(items.nth(3).locator('[aria-current="page"]')).toHaveText(title);
    const ld = await page.locator('nav.breadcrumbs script[type="application/ld+json"]').textContent();
    const list = JSON.parse(ld!);
    expect(list['@type']).toBe('BreadcrumbList');
    expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual(['首頁', '最新訊息', '最新消息', title]);
    // In the structured data every crumb but the last has an item: the group's is the page it opens.
    expect(list.itemListElement[1].item).toMatch(/\/tw\/news$/);
  });

  test('site search finds rows of several kinds and links to their public pages', async ({ page }) => {
    await page.goto('/en/search?q=trust');
    await expect(page.getByRole('status')).toContainText('results for “trust”');
    const links = await page
      .locator('main ol.list .list-item h2 a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(links).toHaveLength(10);
    for (const href of links) expect(href).toMatch(/^\/en\//);
    const response = await page.goto(links[0]);
    expect(response?.status()).toBe(200);
    await page.goto('/en/search?q=zzzz-no-such-words');
    await expect(page.locator('.empty-state')).toContainText('Nothing matches');
  });

  for (const [language, query, simplified, site] of [
    ['tw', '信託業法', '信托业法', twSite],
    ['en', 'Trust Enterprise Act', 'trust enterprise act', enSite],
  ] as const) {
    test(`/${language}: site search is one ranked list with areas, years, dates and marked snippets, filtered and paged without JavaScript, accessibly`, async ({
      browser,
      page: scripted,
    }) => {
      const routeNames: string[] = Object.values(site.routes);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/${language}/search?q=${encodeURIComponent(simplified)}`);
      // The law of that exact name first, however the query was written.
      await expect(page.locator('main ol.list .list-item h2 a').first()).toHaveText(query);
      await expect(page.locator('main ol.list .list-item').first().locator('.tag')).toHaveText(site.routes.laws);
      await expect(page.locator('main ol.list .list-item time').first()).toHaveAttribute('datetime', /^\d{4}-/);
      expect(await page.locator('main ol.list mark').count()).toBeGreaterThan(0);
      const areaLinks = page.getByRole('navigation', { name: site.search.groupsLabel }).getByRole('link');
      const areas = await areaLinks.evaluateAll((as) =>
        as.map((a) => ({ text: a.textContent!, href: a.getAttribute('href')! })),
      );
      expect(areas.length).toBeGreaterThan(2);
      const count = (text: string) => Number(text.match(/[(（](\d+)[)）]$/)![1]);
      const total = areas.slice(1).reduce((sum, { text }) => sum + count(text), 0);
      await expect(page.getByRole('status')).toContainText(String(total));
      for (const { text } of areas.slice(1)) expect(routeNames).toContain(text.replace(/\s*[(（]\d+[)）]$/, ''));
      // An area: only its results, as many as its count says.
      await page.goto(new URL(areas[1].href, page.url()).href);
      await expect(page.getByRole('status')).toContainText(String(count(areas[1].text)));
      const area = areas[1].text.replace(/\s*[(（]\d+[)）]$/, '');
      for (const tag of await page.locator('main ol.list .list-item .tag').allTextContents()) expect(tag).toBe(area);
      // A year, within the area.
      const years = page.getByRole('navigation', { name: site.search.yearsLabel }).getByRole('link');
      const year = (await years.nth(1).textContent())!;
      await years.nth(1).click();
      await expect(page).toHaveURL(/year=\d{4}/);
      await expect(page.getByRole('status')).toContainText(String(count(year)));
      await context.close();

      await scripted.goto(`/${language}/search?q=${encodeURIComponent(query)}`);
      expect(await axeViolations(scripted)).toEqual([]);
      await scripted.goto(`/${language}/search?q=${language === 'tw' ? '%E5%8F%B0%E7%81%A3' : 'trsut'}`);
      if (language === 'en') await expect(scripted.getByRole('link', { name: 'trust', exact: true })).toBeVisible();
      expect(await scripted.locator('main ol.list .list-item').count()).toBeGreaterThan(0);
    });
  }
});

test.describe('public site: without JavaScript', () => {
  test('navigation, a filter, a search, paging and the language switch work with plain HTML', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/tw');
    // Navigation: the menu's links (a group's pages show while focus is inside it).
    await page.locator('.main-nav').getByRole('link', { name: '最新訊息', exact: true }).focus();
    await page.locator('.main-nav').getByRole('link', { name: '公告', exact: true }).click();
    await expect(page).toHaveURL(/\/tw\/bulletins$/);
    // A filter: the type select and its submit button.
    const select = page.getByLabel('類別', { exact: true });
    const value = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(value!);
    await page.getByRole('button', { name: '查詢' }).click();
    await expect(page).toHaveURL(new RegExp(`/tw/bulletins\\?type=${value}$`));
    await expect(page.getByRole('link', { name: '清除條件' })).toBeVisible();
    // A search from the header.
    await page.getByRole('combobox', { name: '全站搜尋' }).first().fill('信託');
    await page.locator('header').getByRole('button', { name: '搜尋' }).click();
    await expect(page).toHaveURL(/\/tw\/search\?q=/);
    await expect(page.getByRole('status')).toContainText('信託');
    // Paging.
    await page.locator('.pager').getByRole('link', { name: '第 2 頁' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('.pager a[aria-current="page"]')).toHaveText('2');
    // The language switch on a detail page lands on its counterpart. Other tests add news without
    // one, so take a public row whose English counterpart is public too.
    const anonymous = { 'x-xsrf-token': 'e2e-xsrf', cookie: 'XSRF-TOKEN=e2e-xsrf' };
    const list = await (
      await request.post('/api/webnews/getlist', {
        data: { page: 1, pageSize: 100 },
        headers: { ...anonymous, 'web-language': 'tw' },
      })
    ).json();
    let pairedId: number | undefined;
    for (const row of list.data as { id: number; translationId: number | null }[]) {
      if (
        row.translationId &&
        (await request.get(`/api/webnews/get/${row.translationId}`, { headers: { 'web-language': 'en' } })).ok()
      ) {
        pairedId = row.id;
        break;
      }
    }
    expect(pairedId).toBeDefined();
    await page.goto(`/tw/news/${pairedId}`);
    await expect(page).toHaveURL(/\/tw\/news\/\d+$/);
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/news\/\d+$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).not.toBeEmpty();
    await expect(page.locator('noscript')).toHaveCount(1);
    await context.close();
  });
});

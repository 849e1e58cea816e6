import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminHeaders } from './helpers';

/**
 * The about, laws, self-regulation, members and service-point pages on the
 * production server with the demo content: every page in both languages, server-rendered,
 * accessible, without console errors; GET forms without JavaScript; paging past the end; hidden
 * rows as 404; and the video watch link counting a view.
 */

const pages = [
  { path: '/about', tw: '本會簡介', en: 'About the Association', content: 'section[id^="item-"] h2' },
  { path: '/about/organization', tw: '組織架構', en: 'Organization', content: '[id^="unit-"]' },
  { path: '/about/directors', tw: '理監事', en: 'Directors and supervisors', content: '#type-1 [id^="item-"]' },
  { path: '/about/committees', tw: '委員會', en: 'Committees', content: '#type-1 [id^="item-"]' },
  { path: '/about/committees?type=2', tw: '委員會', en: 'Committees', content: '#type-2 [id^="item-"]' },
  { path: '/about/milestones', tw: '大事紀', en: 'Milestones', content: 'li[id^="item-"]' },
  { path: '/about/videos', tw: '影音專區', en: 'Videos', content: 'li[id^="item-"]' },
  { path: '/laws', tw: '法規查詢', en: 'Laws and regulations', content: 'li[id^="item-"]' },
  { path: '/self-regulation', tw: '自律規範', en: 'Self-regulation rules', content: 'li[id^="item-"]' },
  { path: '/members', tw: '會員機構', en: 'Member institutions', content: 'li[id^="item-"]' },
  { path: '/service-points', tw: '地區服務據點', en: 'Regional service points', content: 'li[id^="item-"]' },
];

/** Opens a page, checks the status, the heading and that nothing failed in the console, then runs axe. */
async function openChecked(page: Page, url: string, heading: string | RegExp) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations.map((v) => `${url} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
  expect(errors, url).toEqual([]);
}

test.describe('about, laws, self-regulation, members and service-point pages', () => {
  for (const language of ['tw', 'en'] as const) {
    for (const item of pages) {
      test(`/${language}${item.path} renders its content accessibly`, async ({ page }) => {
        await openChecked(page, `/${language}${item.path}`, item[language]);
        expect(await page.locator(item.content).count()).toBeGreaterThan(0);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          'href',
          new RegExp(`/${language}${item.path.split('?')[0]}$`),
        );
      });
    }

    for (const [list, pattern] of [
      ['/laws', /\/laws\/\d+$/],
      ['/self-regulation', /\/self-regulation\/\d+$/],
      ['/members', /\/members\/\d+$/],
      ['/about/videos', /\/about\/videos\/\d+$/],
    ] as const) {
      test(`/${language}${list} leads to detail pages that render accessibly`, async ({ page }) => {
        await page.goto(`/${language}${list}`);
        const link = page.locator('li[id^="item-"] h2 a, li[id^="item-"] h3 a').first();
        const title = (await link.textContent())!.trim();
        const href = (await link.getAttribute('href'))!;
        expect(href).toMatch(pattern);
        await openChecked(page, href, title);
        const crumbs = page.locator('nav.breadcrumbs li');
        await expect(crumbs.last()).toHaveText(title);
      });
    }
  }

  test('breadcrumbs come from the route table: groups without a page are not links', async ({ page }) => {
    await page.goto('/tw/laws');
    const crumbs = page.locator('nav.breadcrumbs li');
    await expect(crumbs).toHaveText(['首頁', '法規專區', '法規查詢']);
    await expect(crumbs.nth(0).locator('a')).toHaveAttribute('href', '/tw');
    await expect(crumbs.nth(1).locator('a')).toHaveCount(0);
    await expect(crumbs.nth(2).locator('[aria-current="page"]')).toHaveCount(1);
    await page.goto('/en/about/directors');
    await expect(page.locator('nav.breadcrumbs li')).toHaveText(['Home', 'About us', 'Directors and supervisors']);
    // The About group has a link override to the introduction.
    await expect(page.locator('nav.breadcrumbs li').nth(1).locator('a')).toHaveAttribute('href', '/en/about');
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((text) => text.includes('"BreadcrumbList"') && text.includes('Directors and supervisors'))).toBe(
      true,
    );
  });

  test('the boards show their last-updated dates', async ({ page }) => {
    await page.goto('/tw/about/directors');
    for (const board of ['#type-1', '#type-2']) {
      await expect(page.locator(`${board} time[datetime]`).first()).toBeVisible();
    }
  });

  test('the law search filters without JavaScript (GET form)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/tw/laws');
    const allText = (await page.getByRole('status').textContent())!;
    const all = Number(/\d+/.exec(allText)![0]);
    const className = (await page.locator('#law-class option').nth(1).textContent())!.trim();
    await page.getByLabel('法規類別').selectOption({ label: className });
    await page.getByLabel('發布日期（起）').fill('2000-01-01');
    await page.getByRole('button', { name: '查詢' }).click();
    await expect(page).toHaveURL(/[?&]class=\d+/);
    await expect(page).toHaveURL(/[?&]from=2000-01-01/);
    const filtered = Number(/\d+/.exec((await page.getByRole('status').textContent())!)![0]);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(all);
    const tags = await page.locator('li[id^="item-"] .tag').allTextContents();
    expect(tags.filter((tag) => tag === className)).toHaveLength(await page.locator('li[id^="item-"]').count());
    // Once a class is chosen, only its business lines are offered.
    const groups = await page
      .locator('#law-business optgroup')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('label')));
    expect(groups).toEqual([className]);
    // A keyword that matches nothing shows the empty state and a way back.
    await page.getByLabel('關鍵字').fill('不存在的關鍵字xyz');
    await page.getByRole('button', { name: '查詢' }).click();
    await expect(page.getByText('查無符合條件的法規')).toBeVisible();
    await expect(page.getByRole('link', { name: '顯示全部法規' })).toHaveAttribute('href', '/tw/laws');
    await context.close();
  });

  test('unknown filter values show a list, never an error', async ({ request }) => {
    for (const url of [
      '/tw/laws?class=999999&business=abc&attribute=-1&from=2020-99-99&to=x',
      '/en/service-points?type=99&region=abc',
      '/tw/members?type=0',
      '/tw/about/milestones?year=1066',
      '/tw/about/videos?type=x',
      '/tw/self-regulation?type=999999',
    ]) {
      expect((await request.get(url)).status(), url).toBe(200);
    }
  });

  test('service points filter by region', async ({ page }) => {
    await page.goto('/tw/service-points?region=1');
    const regions = await page.locator('li[id^="item-"] .tag:first-child').allTextContents();
    expect(regions.length).toBeGreaterThan(0);
    expect(new Set(regions)).toEqual(new Set(['臺北市']));
    await expect(page.getByLabel('縣市')).toHaveValue('1');
  });

  test('a page number past the end shows the last page', async ({ page }) => {
    await page.goto('/tw/laws');
    const pager = page.locator('nav.pager');
    await expect(pager).toBeVisible();
    const lastText = (await pager.locator('.pager__status').textContent())!;
    const last = Number(/共 (\d+) 頁/.exec(lastText)![1]);
    const response = await page.goto('/tw/laws?page=9999');
    expect(response?.status()).toBe(200);
    await expect(page.locator('nav.pager [aria-current="page"]')).toHaveText(String(last));
    expect(await page.locator('nav.pager a').count()).toBeLessThanOrEqual(7 + 2);
  });

  test('a hidden law is a 404, and shows again when made visible', async ({ page, request }) => {
    const headers = await adminHeaders(request, 'tw');
    const list = await (await request.post('/api/webrule/getlist', { data: { page: 1, pageSize: 1 }, headers })).json();
    const id = list.data[0].id;
    expect((await page.goto(`/tw/laws/${id}`))?.status()).toBe(200);
    expect((await request.put('/api/webrule/update', { data: { id, isVisible: false }, headers })).status()).toBe(200);
    try {
      expect((await page.goto(`/tw/laws/${id}`))?.status()).toBe(404);
      expect((await request.get('/tw/laws/not-a-number')).status()).toBe(404);
      expect((await request.get('/tw/laws/999999')).status()).toBe(404);
    } finally {
      await request.put('/api/webrule/update', { data: { id, isVisible: true }, headers });
    }
    expect((await page.goto(`/tw/laws/${id}`))?.status()).toBe(200);
  });

  test('the video watch link adds one view and goes to the player', async ({ page, request }) => {
    await page.goto('/tw/about/videos');
    const thumb = page.locator('li[id^="item-"] a[rel="nofollow"]').first();
    const href = (await thumb.getAttribute('href'))!;
    const id = Number(/\/about\/videos\/(\d+)\/watch$/.exec(href)![1]);
    // No third-party frame or image is loaded on the list page.
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.locator('img[src*="youtube"], img[src*="ytimg"], img[src*="vimeo"]')).toHaveCount(0);
    const clicksOf = async () =>
      (await (await request.get(`/api/webvision/get/${id}`, { headers: { 'web-language': 'tw' } })).json())
        .clicks as number;
    const before = await clicksOf();
    const response = await request.get(href, { maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect(response.headers()['location']).toMatch(/^https:\/\/(www\.youtube\.com|vimeo\.com)\//);
    expect(await clicksOf()).toBe(before + 1);
    expect((await request.head(href, { maxRedirects: 0 })).status()).toBe(303);
    expect(await clicksOf()).toBe(before + 1);
    // An unknown video's play link leads to its page: the site's 404 in its frame.
    const unknown = await request.get('/tw/about/videos/999999/watch');
    expect([unknown.status(), unknown.url()]).toEqual([404, expect.stringMatching(/\/tw\/about\/videos\/999999$/)]);
    expect(await unknown.text()).not.toContain('__next_error__');
  });
});

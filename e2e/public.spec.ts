import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { adminHeaders } from './helpers';

test.describe('public site', () => {
  test('the root and unknown paths redirect to /tw', async ({ page }) => {
    for (const path of ['/', '/no/such/page', '/tw/no-such-page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/tw$/);
    }
  });

  for (const [path, lang, heading, switchText] of [
    ['/tw', 'zh-Hant-TW', '最新消息', 'English'],
    ['/en', 'en', 'Latest news', '中文'],
  ] as const) {
    test(`${path} renders the latest news on the server, accessibly`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      expect(await page.locator('#latest-news ~ ul li').count()).toBeGreaterThanOrEqual(5);
      await expect(page.getByRole('link', { name: switchText })).toBeVisible();
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test('the page works without JavaScript, and the language switch and skip link are plain links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/tw');
    await expect(page.getByRole('heading', { name: '最新消息' })).toBeVisible();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { name: 'Latest news' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await context.close();
  });

  test('the header shows the association\'s name and logo from the web settings', async ({ page, request }) => {
    for (const [path, language] of [['/tw', 'tw'], ['/en', 'en']] as const) {
      const info = await (await request.get('/api/websetting/webinfo', { headers: { 'web-language': language } })).json();
      expect(info.siteName).toBeTruthy();
      await page.goto(path);
      const home = page.locator('header').getByRole('link', { name: info.siteName });
      await expect(home).toBeVisible();
      if (info.logoUrl) await expect(home.locator('img')).toHaveAttribute('src', info.logoUrl);
      await expect(page).toHaveTitle(new RegExp(info.siteName));
    }
  });

  test('file-like paths are a plain 404, and the site has an icon', async ({ request, page }) => {
    expect((await request.get('/favicon.ico')).status()).toBe(404);
    await page.goto('/tw');
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBeTruthy();
    const served = await request.get(icon!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/svg+xml');
  });

  test('responses carry the security headers and the XSRF cookie', async ({ request }) => {
    const response = await request.get('/tw');
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-powered-by']).toBeUndefined();
    expect(headers['set-cookie']).toMatch(/XSRF-TOKEN=[^;]+; Path=\/; SameSite=strict/i);
  });

  test('news added through the API appears on the home page at once', async ({ request, page }) => {
    const headers = await adminHeaders(request, 'en');
    const title = `E2E news ${Date.now()}`;
    const added = await request.post('/api/webnews/add', { headers, data: { title, summary: 'Added by the end-to-end test.', isPinned: true } });
    expect(added.status()).toBe(200);
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(title) })).toBeVisible();
    await page.goto('/tw');
    await expect(page.getByText(title)).toHaveCount(0);
  });
});

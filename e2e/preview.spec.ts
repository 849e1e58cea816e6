import { expect, test } from './fixtures';
import { adminHeaders, expectNoAxeViolations, nextTestAddress, signInTo } from './helpers';

/**
 * Draft preview: 預覽 on a row visitors cannot see yet opens it on its real public page, with a
 * banner and noindex, for whoever holds the link; without it, or with a wrong one, it is a 404.
 */
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

const taipeiWire = (instant: Date) => new Date(instant.getTime() + 8 * 3600_000).toISOString().slice(0, 19);

test('preview a scheduled row from its form; visitors still get a 404', async ({ page, request, browser }) => {
  const title = `排程預覽 ${Date.now()}`;
  const added = await request.post('/api/webnews/add', {
    headers: await adminHeaders(request, 'tw'),
    data: { title, isVisible: true, publishAt: taipeiWire(new Date(Date.now() + 48 * 3600_000)) },
  });
  const { id } = await added.json();
  await signInTo(page, `/tw-admin/webnews/${id}`, 'tw');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: '在網站上預覽（另開新視窗）' }).click(),
  ]);
  // The preview renders the draft afresh (no stored copy): on a busy machine it takes more than 5 s.
  await expect(popup).toHaveURL(new RegExp(`/tw/news/${id}$`), { timeout: 15_000 });
  await expect(popup.locator('h1')).toHaveText(title);
  await expect(popup.getByRole('status').filter({ hasText: '預覽' })).toContainText('這是預覽頁面');
  await expect(popup.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(1);
  await expectNoAxeViolations(popup);
  const again = await popup.request.get(`/tw/news/${id}`);
  expect(again.status()).toBe(200);
  expect(again.headers()['x-robots-tag']).toBe('noindex');
  expect(again.headers()['cache-control']).toBe('private, no-store');
  // A visitor without the link, right after the preview was rendered: still not found.
  const visitor = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': nextTestAddress() } });
  const response = await (await visitor.newPage()).goto(`/tw/news/${id}`);
  expect(response?.status()).toBe(404);
  await visitor.close();
});

test("a wrong preview token is the site's 404 in the link's language", async ({ page }) => {
  const response = await page.goto('/en/preview?token=not-a-valid-token-0123456789');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/not found/i);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import enErrors from '../messages/en/errors.json';
import twErrors from '../messages/tw/errors.json';
import enSite from '../messages/en/site.json';
import twSite from '../messages/tw/site.json';
import enAdmin from '../messages/en/admin.json';
import twAdmin from '../messages/tw/admin.json';

/**
 * A page that is not there is a 404 in the site's frame and the page's language: the header (with
 * its search), the page's own search form and the way home; the back office shows its own screen.
 */
async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const [language, lang, errors, site] of [
  ['tw', 'zh-Hant-TW', twErrors, twSite],
  ['en', 'en', enErrors, enSite],
] as const) {
  test(`an unknown row is a 404 in the site's frame, in ${language}`, async ({ page }) => {
    const response = await page.goto(`/${language}/news/99999`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(new RegExp(`^${errors.notFoundTitle}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(errors.notFoundTitle);
    await expect(page.locator('main')).toContainText(errors.notFoundText);
    // The site's header with its own search, the menu and the footer.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('search', { name: site.header.searchLabel })).toBeVisible();
    await expect(page.getByRole('navigation', { name: site.header.menuLabel })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // The page's own search leads to the site search with the keyword.
    const search = page.getByRole('search', { name: errors.searchLabel });
    await search.getByLabel(errors.searchKeyword).fill('news');
    const home = page.getByRole('navigation', { name: errors.waysOn }).getByRole('link', { name: errors.home });
    await expect(home).toHaveAttribute('href', `/${language}`);
    await expect(
      page.getByRole('navigation', { name: errors.waysOn }).getByRole('link', { name: errors.siteMap }),
    ).toHaveAttribute('href', `/${language}/site-map`);
    expect(await axeViolations(page)).toEqual([]);
    await search.getByRole('button', { name: errors.searchButton }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/search\\?q=news$`));
  });
}

test('malformed ids are the same 404 page', async ({ request }) => {
  for (const path of ['/tw/news/not-a-number', '/en/bulletins/0']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain(
      path.startsWith('/en') ? enErrors.notFoundTitle : twErrors.notFoundTitle,
    );
  }
});

test("the back office's unknown screen is a 404 with its own screen, in its language", async ({ page }) => {
  for (const [path, lang, admin] of [
    ['/en-admin/no-such-screen', 'en', enAdmin],
    ['/tw-admin/webnews/12/more', 'zh-Hant-TW', twAdmin],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(admin.notFound.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(admin.notFound.title);
    await expect(page.getByRole('link', { name: admin.notFound.back })).toHaveAttribute('href', path.slice(0, 9));
    expect(await axeViolations(page)).toEqual([]);
  }
});

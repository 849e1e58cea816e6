import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './helpers';
import enSite from '../messages/en/site.json';
import twSite from '../messages/tw/site.json';

/**
 * The header's search box suggests titles as one types (an ARIA combobox over GET
 * /api/search/suggest), used with the keyboard alone; without script it stays a plain form.
 */
for (const [language, typed, title, site] of [
  ['tw', '信託業法', '信託業法', twSite],
  ['en', 'Trust Enterprise', 'Trust Enterprise Act', enSite],
] as const) {
  test(`/${language}: suggestions as one types, chosen with the keyboard, accessibly`, async ({ page }) => {
    await page.goto(`/${language}`);
    const box = page.getByRole('combobox', { name: site.header.searchLabel });
    await box.focus();
    await page.keyboard.type(typed);
    const list = page.getByRole('listbox', { name: site.header.suggestionsLabel });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = list.getByRole('option');
    expect(await options.count()).toBeLessThanOrEqual(8);
    await expect(options.first()).toHaveText(title);
    await expectNoAxeViolations(page);

    // Down moves to the first title, up back to the input; Escape closes the list.
    await page.keyboard.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await page.keyboard.press('ArrowUp');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    // Enter on a chosen title opens it; Enter with none chosen searches.
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${language}/(laws|news|bulletins)/\\d+`));
    await expect(page.locator('h1')).toHaveText(title);

    await page.goto(`/${language}`);
    await page.getByRole('combobox', { name: site.header.searchLabel }).fill(typed);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${language}/search\\?q=`));
  });
}

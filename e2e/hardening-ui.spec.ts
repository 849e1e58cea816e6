import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { siteRoutes } from '../lib/public/routes';

/** WCAG relative luminance contrast of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? [])
      .slice(0, 3)
      .map(Number)
      .map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * What Chromium does for an access key: focus the element, and activate it when it is a link.
 * (Headless Chromium does not take Alt + key from the test's keyboard, so the two steps are done
 * here; a mark that linked to another page would leave it on the second.)
 */
async function pressAccessKey(page: Page, key: string) {
  const element = page.locator(`[accesskey="${key}"]`);
  await element.focus();
  if ((await element.evaluate((e) => e.tagName)) === 'A') await page.keyboard.press('Enter');
}

async function firstDetailPath(page: Page, list: string): Promise<string> {
  await page.goto(list);
  const href = await page
    .locator('main a[href]')
    .evaluateAll(
      (links, prefix) =>
        links.map((a) => a.getAttribute('href') ?? '').find((h) => new RegExp(`^${prefix}/\\d+$`).test(h)),
      list,
    );
  expect(href, list).toBeTruthy();
  return href!;
}

test.describe('keyboard', () => {
  test('each access key moves focus within the page', async ({ page }) => {
    for (const path of ['/tw/news', '/en']) {
      await page.goto(path);
      for (const [key, target] of [
        ['U', '#accesskey-u'],
        ['C', '#accesskey-c'],
        ['Z', '#accesskey-z'],
        ['S', '#site-search-q'],
      ]) {
        await pressAccessKey(page, key);
        await expect(page.locator(target), `${path} Alt+${key}`).toBeFocused();
        expect(new URL(page.url()).pathname).toBe(path);
      }
    }
    // The guide lists every key the pages have, S included.
    await page.goto('/en/accessibility/accesskeys');
    for (const key of ['U', 'C', 'Z', 'S'])
      await expect(page.locator('main tbody kbd', { hasText: new RegExp(`^${key}$`) })).toHaveCount(1);
  });

  test('the focus ring has at least 3:1 against the page', async ({ page }) => {
    await page.goto('/en/news');
    await page.keyboard.press('Tab');
    const { outline, background } = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      return {
        outline: getComputedStyle(element).outlineColor,
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(contrast(outline, background)).toBeGreaterThanOrEqual(3);
  });

  test('the phone menu shows one group’s pages at a time and Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/en/bulletins');
    const toggle = page.locator('nav.main-nav button[aria-controls]');
    await toggle.click();
    const list = page.locator('nav.main-nav ul').first();
    await expect(list).toBeVisible();
    const height = (await list.boundingBox())!.height;
    expect(height).toBeLessThan(900);
    // The current page's group is open; another group opens with its button and closes the first.
    await expect(page.locator('nav.main-nav a[aria-current="page"]')).toBeVisible();
    const buttons = page.locator('nav.main-nav li > button[aria-expanded]');
    expect(await buttons.count()).toBeGreaterThan(3);
    await buttons.last().click();
    await expect(buttons.last()).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('nav.main-nav a[aria-current="page"]')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('layout', () => {
  test('no page of any area scrolls sideways at 320 px', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 320, height: 640 });
    const byArea = new Map<string, string>();
    for (const route of siteRoutes)
      if (route.page !== false && !byArea.has(route.area)) byArea.set(route.area, route.path);
    const paths = [...byArea.values()].flatMap((path) => [`/en${path}`, `/tw${path}`]);
    paths.push(
      await firstDetailPath(page, '/en/education'),
      await firstDetailPath(page, '/tw/education'),
      await firstDetailPath(page, '/en/special'),
    );
    const wide: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      const [scroll, client] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      if (scroll > client) wide.push(`${path}: ${scroll} > ${client}`);
    }
    expect(wide).toEqual([]);
  });

  test('the footer’s labels never break inside at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/tw');
    const labels = page.locator('footer dt');
    expect(await labels.count()).toBeGreaterThan(0);
    for (const label of await labels.all()) {
      // The label's own line boxes (the row may be taller when its value wraps).
      const lines = await label.evaluate((dt) => {
        const range = document.createRange();
        range.selectNodeContents(dt);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(1);
    }
  });

  test('the home page’s content mark is not under the banner', async ({ page }) => {
    await page.goto('/tw');
    const mark = page.locator('#accesskey-c');
    await mark.focus();
    const box = (await mark.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('#accesskey-c') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(true);
  });

  test('the laws date range: no fixed-format hint, the two ends side by side', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/en/laws');
    await expect(page.locator('main')).not.toContainText('YYYY-MM-DD');
    const from = (await page.locator('#law-from').boundingBox())!;
    const to = (await page.locator('#law-to').boundingBox())!;
    expect(Math.abs(from.y - to.y)).toBeLessThan(2);
  });
});

test.describe('language and print', () => {
  test('dates: one format per language, and a span within one day gives its date once', async ({ page }) => {
    for (const path of ['/tw', '/tw/activities', '/en', '/en/activities']) {
      await page.goto(path);
      const text = await page.locator('main').innerText();
      expect(text, path).not.toMatch(/\d{4}\/\d{1,2}\/\d{1,2}/);
      expect(text, path).not.toMatch(/([A-Z][a-z]{2} \d{1,2}, \d{4}), \d\d:\d\d – \1/);
      expect(text, path).not.toMatch(/(\d{4}年\d{1,2}月\d{1,2}日) \d\d:\d\d – \1/);
    }
  });

  test('Chinese text on an English page says so with lang', async ({ page }) => {
    await page.goto('/en/glossary');
    const cells = page.locator('main tbody tr td:nth-child(3) > span');
    expect(await cells.count()).toBeGreaterThan(0);
    for (const cell of await cells.all()) {
      const [text, lang] = await cell.evaluate((span) => [span.textContent ?? '', span.getAttribute('lang')]);
      expect(lang, text).toBe(/\p{Script=Han}/u.test(text) ? 'zh-Hant-TW' : 'en');
    }
    expect(await page.locator('main tbody [lang="zh-Hant-TW"]').count()).toBeGreaterThan(0);
  });

  test('print: the footer is readable; decorative images and the pinned mark do not print', async ({ page }) => {
    await page.goto('/tw/news');
    await page.emulateMedia({ media: 'print' });
    const footer = page.locator('footer');
    const colors = await footer.evaluate((element) =>
      [...element.querySelectorAll('*')]
        .filter((e) => e.textContent?.trim() && e.getClientRects().length > 0)
        .map((e) => getComputedStyle(e).color),
    );
    for (const color of colors) expect(contrast(color, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(4.5);
    for (const hidden of ['main .badge', 'img[alt=""]']) {
      for (const element of await page.locator(hidden).all()) await expect(element).toBeHidden();
    }
  });
});

test.describe('sign-in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('posts, and never puts the password in the address', async ({ page }) => {
    await page.goto('/en-login');
    await page.locator('#login-username').fill('someone');
    await page.locator('#login-password').fill('secret-password-123');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('-login')),
      page.locator('form:has(#login-password) button[type="submit"]').click(),
    ]);
    expect(request.method()).toBe('POST');
    await page.waitForLoadState();
    expect(page.url()).not.toContain('secret-password-123');
    expect(page.url()).not.toContain('password');
  });

  test('says that the back office needs JavaScript, in both languages (noscript)', async ({ page }) => {
    for (const [path, text] of [
      ['/tw-login', '後台需要 JavaScript'],
      ['/en-login', 'The back office needs JavaScript'],
    ]) {
      await page.goto(path);
      await expect(page.locator('.admin-login-noscript')).toBeVisible();
      await expect(page.locator('.admin-login-noscript')).toContainText(text);
    }
  });
});

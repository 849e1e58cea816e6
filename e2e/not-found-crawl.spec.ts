import { type APIRequestContext, type Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import enErrors from '../messages/en/errors.json';
import twErrors from '../messages/tw/errors.json';
import enSite from '../messages/en/site.json';
import twSite from '../messages/tw/site.json';
import { adminHeaders, expectNoAxeViolations } from './helpers';

/**
 * Every public 404 is a page of the site as the server sends it, read the way a crawler, a link
 * checker or a browser without script reads it: the site's frame in the page's language, the
 * not-found heading, the page's own search form and the ways on, never Next.js's empty error shell
 * (docs/public-site.md, "Error pages").
 */
const languages = {
  tw: { lang: 'zh-Hant-TW', errors: twErrors, site: twSite },
  en: { lang: 'en', errors: enErrors, site: enSite },
} as const;
type Language = keyof typeof languages;

/** The 404s of each kind of public page: unknown and malformed rows, the special zones, a wrong preview link. */
const unknownPaths = [
  '/news/987654321',
  '/bulletins/987654321',
  '/activities/987654321',
  '/laws/99999999',
  '/self-regulation/99999999',
  '/members/99999999',
  '/education/99999999',
  '/statistics/99999999',
  '/tests/99999999',
  '/about/videos/99999999',
  '/special/99999999',
  '/special/99999999/99999999',
  '/news/not-a-number',
  '/bulletins/0',
  '/laws/1234567890',
  '/preview/invalid',
  // Below a part of the site, an address that names no page.
  '/news/1/more',
  '/about/history',
  '/laws/1/2',
  '/special/1/2/3',
  '/search/more',
];

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What a plain HTTP client gets for `path`, checked against the site's 404 page in `language`. */
async function expectFramedNotFound(request: APIRequestContext, path: string, language: Language) {
  const { lang, errors, site } = languages[language];
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(404);
  const html = await response.text();
  expect(html, path).not.toContain('__next_error__');
  expect(html, path).toContain(`<html lang="${lang}"`);
  expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1], path).toBe(errors.notFoundTitle);
  expect(html, path).toContain(escaped(errors.notFoundText));
  expect(html, path).toMatch(/<meta name="robots" content="noindex[^"]*"\/>/);
  // The site's frame: the header with its search and the menu, the footer.
  expect(html, path).toMatch(/<header[\s>]/);
  expect(html, path).toContain(`aria-label="${escaped(site.header.searchLabel)}"`);
  expect(html, path).toContain(`aria-label="${escaped(site.header.menuLabel)}"`);
  expect(html, path).toMatch(/<footer[\s>]/);
  // The page's own search form, which works without script, and the ways on.
  const form = new RegExp(
    `<form[^>]*role="search"[^>]*aria-label="${escaped(errors.searchLabel)}"[^>]*action="/${language}/search"[^>]*method="get"`,
  );
  expect(html, path).toMatch(form);
  expect(html, path).toContain(`href="/${language}" rel="home"`);
  expect(html, path).toContain(`href="/${language}/site-map"`);
  // Kept by the cache tier a short while only (lib/public/cache-policy.ts), and purged with the page's keys.
  const seconds = Number(/s-maxage=(\d+)/.exec(response.headers()['cache-control'] ?? '')?.[1]);
  expect(seconds, path).toBeGreaterThan(0);
  expect(seconds, path).toBeLessThanOrEqual(60);
  expect(response.headers().xkey, path).toContain('site');
}

/**
 * axe runs its script in the page, which a page without JavaScript cannot: it checks the same
 * document, the server's HTML with every script taken out, in a page where only axe runs.
 */
async function expectNoAxeViolationsWithoutScript(browser: Browser, path: string, status = 404) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() === 'script') return route.abort();
    if (!route.request().isNavigationRequest()) return route.continue();
    const response = await route.fetch();
    return route.fulfill({ response, body: (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, '') });
  });
  expect((await page.goto(path))?.status()).toBe(status);
  await expect(page.locator('html')).not.toHaveClass(/\bjs\b/);
  await expectNoAxeViolations(page);
  await context.close();
}

test.describe('a public 404 is the site page, rendered on the server', () => {
  for (const language of Object.keys(languages) as Language[]) {
    test(`unknown, malformed and invalid addresses, in ${language}`, async ({ request }) => {
      for (const path of unknownPaths) await expectFramedNotFound(request, `/${language}${path}`, language);
    });

    test(`a hidden row's page, in ${language}`, async ({ request }) => {
      const headers = await adminHeaders(request, language);
      const added = await request.post('/api/webnews/add', {
        headers,
        data: { title: `Hidden 404 ${language} ${Date.now()}`, summary: 'E2E', isVisible: false },
      });
      expect(added.status(), await added.text()).toBe(200);
      const { id } = await added.json();
      await expectFramedNotFound(request, `/${language}/news/${id}`, language);
      // Served again from the app's own page cache, it is the same page.
      await expectFramedNotFound(request, `/${language}/news/${id}`, language);
      expect((await request.delete(`/api/webnews/delete/${id}`, { headers })).status()).toBe(200);
    });
  }
});

test('a row of the other language without a counterpart is a 404; the language switch leads to the list', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request, 'tw');
  const added = await request.post('/api/webnews/add', {
    headers,
    data: { title: `只有中文 ${Date.now()}`, summary: 'E2E', isVisible: true },
  });
  expect(added.status(), await added.text()).toBe(200);
  const { id } = await added.json();
  await expectFramedNotFound(request, `/en/news/${id}`, 'en');
  // The Chinese row's page switches to the English list, not to that 404.
  await page.goto(`/tw/news/${id}`);
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/news$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await request.delete(`/api/webnews/delete/${id}`, { headers })).status()).toBe(200);
});

test("an address that names no part of the site goes to its language's home page", async ({ request }) => {
  for (const language of Object.keys(languages) as Language[]) {
    const response = await request.get(`/${language}/no-such-part/1`, { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(new URL(response.headers().location, 'http://x').pathname).toBe(`/${language}`);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, language] of [
    ['/tw/news/987654321', 'tw'],
    ['/en/laws/99999999', 'en'],
  ] as const) {
    test(`${path} shows the not-found page in the site's frame, and its search works`, async ({ page, browser }) => {
      const { lang, errors, site } = languages[language];
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page).toHaveTitle(new RegExp(`^${errors.notFoundTitle}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(errors.notFoundTitle);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('search', { name: site.header.searchLabel })).toBeVisible();
      await expect(page.getByRole('navigation', { name: site.header.menuLabel })).toBeAttached();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const ways = page.getByRole('navigation', { name: errors.waysOn });
      await expect(ways.getByRole('link', { name: errors.home })).toHaveAttribute('href', `/${language}`);
      await expect(ways.getByRole('link', { name: errors.siteMap })).toHaveAttribute('href', `/${language}/site-map`);
      await expectNoAxeViolationsWithoutScript(browser, path);
      const search = page.getByRole('search', { name: errors.searchLabel });
      await search.getByLabel(errors.searchKeyword).fill('news');
      await search.getByRole('button', { name: errors.searchButton }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/search\\?q=news$`));
    });
  }
});

/** List pages, and the address of the rows each links to. */
const rowPages = [
  ['/news', /\/news\/\d+/],
  ['/bulletins', /\/bulletins\/\d+/],
  ['/activities', /\/activities\/\d+/],
  ['/laws', /\/laws\/\d+/],
  ['/self-regulation', /\/self-regulation\/\d+/],
  ['/members', /\/members\/\d+/],
  ['/education', /\/education\/\d+/],
  ['/statistics', /\/statistics\/\d+/],
  ['/tests', /\/tests\/\d+/],
  ['/about/videos', /\/about\/videos\/\d+/],
  ['/special', /\/special\/\d+/],
] as const;

test.describe("a found row's page is sent whole, never the not-found content first", () => {
  test.use({ javaScriptEnabled: false });

  for (const language of Object.keys(languages) as Language[]) {
    test(`every kind of row page, in ${language}`, async ({ request, page }) => {
      const { errors } = languages[language];
      const found: string[] = [];
      for (const [list, row] of rowPages) {
        const html = await (await request.get(`/${language}${list}`)).text();
        const path = new RegExp(`href="(/${language}${row.source})"`).exec(html)?.[1];
        expect(path, `a row linked from ${list}`).toBeTruthy();
        found.push(path!);
      }
      // A zone's page lists its items, which are row pages of their own.
      const zone = await (await request.get(found.at(-1)!)).text();
      const item = new RegExp(`href="(/${language}/special/\\d+/\\d+)"`).exec(zone)?.[1];
      expect(item, 'an item of a zone').toBeTruthy();
      found.push(item!);
      for (const path of found) {
        // Twice: the render, then the copy the server keeps of it.
        for (const round of [1, 2]) {
          const response = await request.get(path);
          expect(response.status(), path).toBe(200);
          const html = await response.text();
          // No Suspense boundary around the page: a boundary not ready with the frame would send the
          // not-found fallback, and the page after it hidden for a script to swap in.
          // (Next.js's own boundaries hold nothing: `<!--$--><!--/$-->`.)
          expect(html, `${path} (${round})`).not.toMatch(/<!--\$[?!]?-->(?!<!--\/\$-->)/);
          expect(html, `${path} (${round})`).not.toContain('hidden id="S:');
          expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1], path).not.toBe(errors.notFoundTitle);
        }
      }
      // As a browser without script shows it: the row's heading, not the not-found page.
      for (const path of [found[0], found.at(-1)!]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(errors.notFoundTitle);
      }
    });
  }
});

test.describe('the 500 page is the site page too, rendered on the server', () => {
  for (const language of Object.keys(languages) as Language[]) {
    test(`in ${language}`, async ({ request, browser }) => {
      const { lang, errors, site } = languages[language];
      // The page a failed public page is sent as (lib/server/error-pages.ts), at its own address.
      const path = `/${language}/server-error`;
      const response = await request.get(path);
      expect(response.status()).toBe(500);
      expect(response.headers()['cache-control']).toBe('no-store');
      expect(response.headers().xkey).toBeUndefined();
      const html = await response.text();
      expect(html).not.toContain('__next_error__');
      expect(html).toContain(`<html lang="${lang}"`);
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(errors.errorTitle);
      expect(html).toContain(escaped(errors.errorText));
      expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"\/>/);
      expect(html).toContain(`aria-label="${escaped(site.header.menuLabel)}"`);
      expect(html).toMatch(/<footer[\s>]/);
      expect(html).toContain(`href="/${language}" rel="home"`);
      await expectNoAxeViolationsWithoutScript(browser, path, 500);
    });
  }
});

import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminHeaders } from './helpers';

/** The head's SEO tags of the page shown. */
async function headTags(page: Page) {
  return page.evaluate(() => ({
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    alternates: Object.fromEntries(
      [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    ),
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    og: Object.fromEntries(
      [...document.querySelectorAll('meta[property^="og:"]')].map((m) => [
        m.getAttribute('property'),
        m.getAttribute('content'),
      ]),
    ),
    feeds: [...document.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')].map((l) =>
      l.getAttribute('href'),
    ),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
  }));
}

async function addNews(request: APIRequestContext, data: Record<string, unknown>) {
  const headers = await adminHeaders(request, 'tw');
  const response = await request.post('/api/webnews/add', { headers, data: { summary: 'E2E', ...data } });
  expect(response.status(), await response.text()).toBe(200);
  return { headers, row: await response.json() };
}

test.describe('public site: search engines', () => {
  test('every page has a title, description, canonical URL, hreflang with x-default, OpenGraph and valid JSON-LD', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/tw/news');
    const detail = await page.locator('main .list-item h2 a').first().getAttribute('href');
    await page.goto('/tw/activities');
    const activity = await page.locator('main .list-item h2 a').first().getAttribute('href');
    const expectedTypes: Record<string, string[]> = {
      '/tw': ['Organization'],
      [detail!]: ['NewsArticle', 'BreadcrumbList'],
      [activity!]: ['Event', 'BreadcrumbList'],
    };
    for (const path of [
      '/tw',
      '/en',
      '/tw/news',
      '/en/bulletins',
      '/tw/activities',
      '/en/search',
      detail!,
      activity!,
    ]) {
      await page.goto(path);
      const tags = await headTags(page);
      const url = new URL(page.url());
      expect(await page.title(), path).not.toBe('');
      expect(tags.description, path).toBeTruthy();
      expect(tags.canonical, path).toBe(`${url.origin}${url.pathname}${url.search}`);
      const language = url.pathname.slice(1, 3);
      expect(tags.alternates[language === 'tw' ? 'zh-Hant-TW' : 'en'], path).toBe(tags.canonical);
      expect(tags.alternates['x-default'], path).toMatch(/^http/);
      expect(tags.og['og:title'], path).toBeTruthy();
      expect(tags.og['og:url'], path).toBe(tags.canonical);
      expect(tags.feeds, path).toEqual([
        `${url.origin}/feeds/${language}/news.xml`,
        `${url.origin}/feeds/${language}/bulletins.xml`,
      ]);
      // Every JSON-LD block parses and names its schema.org type.
      const blocks = tags.jsonLd.map((text) => JSON.parse(text));
      for (const block of blocks) {
        expect(block['@context']).toBe('https://schema.org');
        expect(typeof block['@type']).toBe('string');
      }
      for (const type of expectedTypes[path] ?? [])
        expect(
          blocks.map((b) => b['@type']),
          path,
        ).toContain(type);
      // The other language's alternate is a page that exists (a detail page's counterpart).
      const other = tags.alternates[language === 'tw' ? 'en' : 'zh-Hant-TW'];
      if (other) expect((await page.request.get(other)).status(), other).toBe(200);
    }
    await page.goto(detail!);
    const article = (await headTags(page)).jsonLd.map((t) => JSON.parse(t)).find((b) => b['@type'] === 'NewsArticle');
    expect(article.headline).toBe(await page.locator('h1').textContent());
    expect(new Date(article.datePublished).toString()).not.toBe('Invalid Date');
    expect(article.publisher.name).toBeTruthy();
    await page.goto(activity!);
    const event = (await headTags(page)).jsonLd.map((t) => JSON.parse(t)).find((b) => b['@type'] === 'Event');
    expect(new Date(event.startDate).toString()).not.toBe('Invalid Date');
    expect(event.location['@type']).toBe('Place');
    await page.goto('/tw');
    const organization = (await headTags(page)).jsonLd
      .map((t) => JSON.parse(t))
      .find((b) => b['@type'] === 'Organization');
    expect(organization.name).toBeTruthy();
    expect(organization.url).toMatch(/\/tw$/);
  });

  test('robots.txt allows the site and keeps crawlers out of the API and back office', async ({ request }) => {
    const text = await (await request.get('/robots.txt')).text();
    for (const line of ['Allow: /', 'Disallow: /api/', 'Disallow: /tw-admin', 'Disallow: /en-login'])
      expect(text).toContain(line);
    expect(text).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  });

  test('the RSS feeds of news and bulletins are valid RSS 2.0 in each language', async ({ page, request }) => {
    await page.goto('/tw');
    for (const url of [
      '/feeds/tw/news.xml',
      '/feeds/en/news.xml',
      '/feeds/tw/bulletins.xml',
      '/feeds/en/bulletins.xml',
    ]) {
      const response = await request.get(url);
      expect(response.headers()['content-type']).toContain('application/rss+xml');
      const xml = await response.text();
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          version: doc.documentElement.getAttribute('version'),
          links: [...doc.querySelectorAll('item > link')].map((l) => l.textContent),
        };
      }, xml);
      expect(parsed.error, url).toBeNull();
      expect(parsed.version).toBe('2.0');
      expect(parsed.links.length).toBeGreaterThan(0);
      const first = new URL(parsed.links[0]!);
      expect((await request.get(first.pathname)).status()).toBe(200);
    }
    expect((await request.get('/feeds/tw/other.xml')).status()).toBe(404);
  });
});

test.describe('public site: visibility, publication window and fresh content', () => {
  test('the sitemap lists every visible news row with its alternates, and never a hidden or expired one', async ({
    request,
  }) => {
    const { headers, row: hidden } = await addNews(request, { title: `E2E hidden ${Date.now()}`, isVisible: false });
    const { row: expired } = await addNews(request, {
      title: `E2E expired ${Date.now()}`,
      publishAt: '2020-01-01 00:00',
      unpublishAt: '2020-02-01 00:00',
    });
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const language of ['tw', 'en'] as const) {
      // Anonymous, as a visitor reads it: only the public rows.
      const list = await request.post('/api/webnews/getlist', {
        headers: { 'web-language': language, 'x-xsrf-token': 'e2e', cookie: 'XSRF-TOKEN=e2e' },
        data: { page: 1, pageSize: 9999 },
      });
      const { data } = await list.json();
      expect(data.length).toBeGreaterThan(5);
      for (const row of data) expect(locs, `news ${row.id}`).toContain(`/${language}/news/${row.id}`);
    }
    expect(locs).not.toContain(`/tw/news/${hidden.id}`);
    expect(locs).not.toContain(`/tw/news/${expired.id}`);
    for (const path of ['/tw', '/en', '/tw/news', '/en/activities', '/tw/laws', '/en/site-map'])
      expect(locs).toContain(path);
    // A translated row names its counterpart.
    const entry = sitemap.split('<url>').find((u) => /<loc>[^<]*\/tw\/news\/1<\/loc>/.test(u))!;
    expect(entry).toMatch(/hreflang="en" href="[^"]*\/en\/news\/\d+"/);
    expect(entry).toContain('hreflang="x-default"');
    await request.delete(`/api/webnews/delete/${hidden.id}`, { headers });
    await request.delete(`/api/webnews/delete/${expired.id}`, { headers });
  });

  test('a hidden or expired row is a 404; making it visible shows it on the next request', async ({ request }) => {
    const { headers, row: hidden } = await addNews(request, { title: `E2E hidden ${Date.now()}`, isVisible: false });
    const { row: expired } = await addNews(request, {
      title: `E2E expired ${Date.now()}`,
      publishAt: '2020-01-01 00:00',
      unpublishAt: '2020-02-01 00:00',
    });
    const { row: future } = await addNews(request, {
      title: `E2E future ${Date.now()}`,
      publishAt: '2099-01-01 00:00',
    });
    for (const row of [hidden, expired, future])
      expect((await request.get(`/tw/news/${row.id}`)).status(), row.title).toBe(404);
    expect((await request.get('/tw/news/not-a-number')).status()).toBe(404);
    expect((await request.get('/tw/news/99999999')).status()).toBe(404);
    const shown = await request.put('/api/webnews/update', { headers, data: { id: hidden.id, isVisible: true } });
    expect(shown.status()).toBe(200);
    const page = await request.get(`/tw/news/${hidden.id}`);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(hidden.title);
    for (const row of [hidden, expired, future]) await request.delete(`/api/webnews/delete/${row.id}`, { headers });
  });

  test('an update through the API appears on the public pages on the next request', async ({ page, request }) => {
    const { headers, row } = await addNews(request, { title: `E2E first ${Date.now()}`, isPinned: true });
    await page.goto(`/tw/news/${row.id}`);
    await expect(page.locator('h1')).toHaveText(row.title);
    await page.goto('/tw');
    await expect(page.getByRole('link', { name: row.title })).toBeVisible();
    // The list's first page is now in the whole-page cache too.
    await page.goto('/tw/news');
    await expect(page.getByRole('link', { name: row.title })).toBeVisible();
    const renamed = `E2E renamed ${Date.now()}`;
    expect((await request.put('/api/webnews/update', { headers, data: { id: row.id, title: renamed } })).status()).toBe(
      200,
    );
    await page.goto(`/tw/news/${row.id}`);
    await expect(page.locator('h1')).toHaveText(renamed);
    await page.goto('/tw/news');
    await expect(page.getByRole('link', { name: renamed })).toBeVisible();
    await page.goto('/tw');
    await expect(page.getByRole('link', { name: renamed })).toBeVisible();
    expect(await (await request.get('/feeds/tw/news.xml')).text()).toContain(renamed);
    // Only in its own language.
    await page.goto('/en');
    await expect(page.getByText(renamed)).toHaveCount(0);
    await request.delete(`/api/webnews/delete/${row.id}`, { headers });
    expect((await request.get(`/tw/news/${row.id}`)).status()).toBe(404);
  });
});

test.describe('public site: lists kept whole like any page', () => {
  test('a list is kept by the one whole-page cache, with or without a query string, and names its own address', async ({
    request,
  }) => {
    const kept = async (path: string) => {
      let answer = await request.get(path);
      await expect
        .poll(async () => (answer = await request.get(path)).headers()['x-cache'], { timeout: 5_000, intervals: [100] })
        .toBe('HIT');
      return answer;
    };
    const cached = await kept('/tw/news');
    expect(cached.status()).toBe(200);
    // Next.js keeps no page of its own.
    expect(cached.headers()['x-nextjs-cache']).toBeUndefined();
    const queried = await kept('/tw/news?page=1');
    expect(queried.status()).toBe(200);
    // The same page either way, and it names its own address.
    const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical(await cached.text())).toMatch(/\/tw\/news$/);
    expect(canonical(await queried.text())).toMatch(/\/tw\/news$/);
  });

  test('a list page links the other language and marks its menu group', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const list of ['/en/laws', '/tw/about/committees']) {
      await page.goto(list);
      await expect(page).toHaveURL(new RegExp(`${list}$`));
      const other = list.startsWith('/tw') ? list.replace('/tw', '/en') : list.replace('/en', '/tw');
      await expect(page.locator('a.language-switch')).toHaveAttribute('href', other);
      await expect(page.locator('.main-nav__group--current')).toHaveCount(1);
    }
    expect(errors).toEqual([]);
  });
});

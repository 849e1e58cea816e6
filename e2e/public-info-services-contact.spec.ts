/**
 * The info, services, contact and accessibility pages of the public site: each
 * page in both languages on the server, accessibly, with route-data breadcrumbs; the glossary and
 * the contact form without JavaScript.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { siteRoutes, type RouteId } from '../lib/public/routes';
import twSite from '../messages/tw/site.json';
import enSite from '../messages/en/site.json';
import twContact from '../messages/tw/contact.json';
import enContact from '../messages/en/contact.json';
import { adminHeaders, startServer } from './helpers';
import { E2E_PORT } from './worker';

const labels = { tw: twSite.routes, en: enSite.routes } as const;
type Language = keyof typeof labels;

/** Console errors of a page, collected from before its first request. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** The breadcrumb trail of a route as the route table says, from the home page down. */
function trailOf(id: RouteId, language: Language): { label: string; link: boolean }[] {
  const trail = [];
  for (let route = siteRoutes.find((r) => r.id === id); route; route = siteRoutes.find((r) => r.id === route!.parent)) {
    trail.unshift({
      label: labels[language][route.id as RouteId],
      link: route.page !== false || route.link !== undefined,
    });
  }
  return trail;
}

async function expectBreadcrumbs(page: Page, id: RouteId, language: Language, below: string[] = []) {
  const trail = [...trailOf(id, language).map((entry) => entry.label), ...below];
  const crumbs = page.locator('nav.breadcrumbs li');
  await expect(crumbs).toHaveText(trail);
  await expect(crumbs.last().locator('[aria-current="page"]')).toHaveCount(1);
  // Groups without a page of their own are text, everything else above the current page a link.
  for (const [i, entry] of trailOf(id, language).entries()) {
    if (i === trail.length - 1) continue;
    await expect(crumbs.nth(i).locator('a')).toHaveCount(entry.link ? 1 : 0);
  }
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'BreadcrumbList');
  expect(list.itemListElement.map((item: { name: string }) => item.name)).toEqual(trail);
}

/** What each page must show besides its heading: a locator that must match at least once. */
const pages: { id: RouteId; path: string; content: string }[] = [
  { id: 'qa', path: '/qa', content: 'li[id^="item-"] details summary' },
  { id: 'glossary', path: '/glossary', content: 'tbody tr[id^="item-"]' },
  { id: 'education', path: '/education', content: 'li[id^="item-"] h2 a' },
  { id: 'statistics', path: '/statistics', content: 'tbody tr[id^="item-"] a' },
  { id: 'tests', path: '/tests', content: 'li[id^="item-"] dl' },
  { id: 'research', path: '/research', content: 'section[id^="item-"] .prose' },
  { id: 'systems', path: '/systems', content: 'section[id^="unit-"] li[id^="item-"] a[rel="noopener noreferrer"]' },
  { id: 'special', path: '/special', content: 'li[id^="item-"].card h2 a' },
  { id: 'links', path: '/links', content: 'section[id^="type-"] li[id^="item-"] a[rel="noopener noreferrer"]' },
  { id: 'contact', path: '/contact', content: 'form textarea[name="message"]' },
  { id: 'accessibility', path: '/accessibility', content: 'section[id^="item-"] .prose' },
  { id: 'accesskeys', path: '/accessibility/accesskeys', content: 'tbody kbd' },
  { id: 'siteMap', path: '/site-map', content: 'nav ul ul a' },
  { id: 'privacy', path: '/privacy', content: 'section[id^="item-"] .prose' },
  { id: 'copyright', path: '/copyright', content: 'section[id^="item-"] .prose' },
];

test.describe('info, services, contact and accessibility pages', () => {
  for (const language of ['tw', 'en'] as const) {
    for (const { id, path, content } of pages) {
      test(`/${language}${path} renders its content on the server, accessibly, with its breadcrumbs`, async ({
        page,
      }) => {
        const errors = watchConsole(page);
        const response = await page.goto(`/${language}${path}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(labels[language][id]);
        expect(await page.locator(`main ${content}`).count()).toBeGreaterThan(0);
        await expect(page).toHaveTitle(new RegExp(`^${labels[language][id].replace(/[()]/g, '\\$&')}`));
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${language}${path}$`));
        await expectBreadcrumbs(page, id, language);
        await expectAccessible(page);
        expect(errors).toEqual([]);
      });
    }

    test(`/${language} detail pages of education, statistics, tests and zones render with their trail`, async ({
      page,
    }) => {
      const errors = watchConsole(page);
      for (const [id, listPath, link] of [
        ['education', '/education', 'li[id^="item-"] h2 a'],
        ['statistics', '/statistics', 'tbody a'],
        ['tests', '/tests', 'li[id^="item-"] h3 a'],
      ] as const) {
        await page.goto(`/${language}${listPath}`);
        const first = page.locator(`main ${link}`).first();
        const title = (await first.textContent())!.trim();
        await first.click();
        await expect(page).toHaveURL(new RegExp(`/${language}${listPath}/\\d+$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expectBreadcrumbs(page, id, language, [title]);
        await expectAccessible(page);
      }
      await page.goto(`/${language}/special`);
      const zoneLink = page.locator('main li.card h2 a').first();
      const zone = (await zoneLink.textContent())!.trim();
      await zoneLink.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(zone);
      expect(await page.locator('main section[id^="section-"] li[id^="item-"]').count()).toBeGreaterThan(0);
      await expectBreadcrumbs(page, 'special', language, [zone]);
      await expectAccessible(page);
      const itemLink = page.locator('main section[id^="section-"] li[id^="item-"] h3 a').first();
      const item = (await itemLink.textContent())!.trim();
      await itemLink.click();
      await expect(page).toHaveURL(new RegExp(`/${language}/special/\\d+/\\d+$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(item);
      await expectBreadcrumbs(page, 'special', language, [zone, item]);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });
  }

  test('unknown, hidden or malformed ids are 404s; filters that mean nothing are no 500', async ({ request }) => {
    for (const path of [
      '/tw/education/999999',
      '/en/statistics/abc',
      '/tw/tests/0',
      '/tw/special/999999',
      '/en/special/1/999999',
    ]) {
      expect({ path, status: (await request.get(path)).status() }).toEqual({ path, status: 404 });
    }
    for (const path of [
      '/tw/qa?type=x&page=-1',
      '/en/statistics?type=99&year=abc',
      '/tw/glossary?initial=%25&q=%00',
      '/en/education?type=1&page=999999',
    ]) {
      expect({ path, status: (await request.get(path)).status() }).toEqual({ path, status: 200 });
    }
  });

  test('a Q&A category lists only its questions, and an answer opens without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/qa');
    const all = await page.locator('main li[id^="item-"]').count();
    await page
      .getByRole('navigation', { name: 'Browse by category' })
      .getByRole('link', { name: 'Membership' })
      .click();
    await expect(page).toHaveURL(/\/en\/qa\?type=2$/);
    await expect(page.getByRole('link', { name: 'Membership' })).toHaveAttribute('aria-current', 'page');
    const questions = page.locator('main li[id^="item-"]');
    expect(await questions.count()).toBeGreaterThan(0);
    expect(await questions.count()).toBeLessThanOrEqual(all);
    const first = questions.first();
    await expect(first.locator('.prose')).toBeHidden();
    await first.locator('summary').click();
    await expect(first.locator('.prose')).toBeVisible();
    await context.close();
  });

  test('the glossary searches by keyword and filters by initial without JavaScript, paging at most 7 links', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/glossary');
    const search = page.getByRole('search', { name: 'Search the glossary' });
    await search.getByLabel('Keyword (Chinese or English)').fill('trust');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/glossary\?q=trust$/);
    const rows = page.locator('main tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allTextContents()) expect(text.toLowerCase()).toContain('trust');
    await expect(page.getByRole('status')).toContainText('found for “trust”');

    await page.getByRole('link', { name: 'Terms starting with T' }).click();
    await expect(page).toHaveURL(/\/en\/glossary\?initial=T$/);
    await expect(page.getByRole('link', { name: 'Terms starting with T' })).toHaveAttribute('aria-current', 'page');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const term of await page.locator('main tbody td span[lang="en"]').allTextContents())
      expect(term.trim().toUpperCase()).toMatch(/^T/);

    await page.goto('/tw/glossary?q=信託');
    expect(await rows.count()).toBeGreaterThan(0);
    await page.goto('/en/glossary?q=no-such-term-at-all');
    await expect(page.getByText('No term matches.')).toBeVisible();

    await page.goto('/en/glossary?page=999');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    const numbered = pager.locator('a[aria-label^="Page "]');
    expect(await numbered.count()).toBeLessThanOrEqual(7);
    await expect(numbered.last()).toHaveAttribute('aria-current', 'page');
    await context.close();
  });

  test('the access key guide and the site map explain U, C and Z, and the site map links every page', async ({
    page,
  }) => {
    await page.goto('/tw/site-map');
    for (const key of ['U', 'C', 'Z'])
      await expect(page.locator('main kbd', { hasText: new RegExp(`^${key}$`) })).toHaveCount(1);
    await expect(page.getByRole('link', { name: '快速鍵與導盲磚說明' })).toHaveAttribute(
      'href',
      '/tw/accessibility/accesskeys',
    );
    const tree = page.getByRole('navigation', { name: '網站所有頁面' });
    for (const route of siteRoutes.filter((r) => r.page !== false)) {
      await expect(tree.locator(`a[href="/tw${route.path}"]`, { hasText: labels.tw[route.id as RouteId] })).toHaveCount(
        1,
      );
    }
    await page.goto('/en/accessibility/accesskeys');
    await expect(page.getByRole('cell', { name: 'Alt + Shift + C' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'The site map lists every page of the site.' })).toHaveAttribute(
      'href',
      '/en/site-map',
    );
  });

  test('links to other sites are safe', async ({ page }) => {
    for (const path of ['/en/links', '/tw/systems']) {
      await page.goto(path);
      const external = page.locator('main a[href^="http"]');
      expect(await external.count()).toBeGreaterThan(0);
      for (const rel of await external.evaluateAll((links) => links.map((a) => a.getAttribute('rel'))))
        expect(rel).toBe('noopener noreferrer');
    }
  });
});

test.describe('the contact form', () => {
  const words = { tw: twContact, en: enContact } as const;

  test('without JavaScript: every problem is shown beside its field with a summary, and the typed values stay', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/contact');
    await page.getByRole('main').getByLabel('E-mail').fill('not-an-address');
    await page.getByLabel('Phone').fill('02-2345-6789');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/en\/contact$/);
    const summary = page.getByRole('alert', { name: words.en.errorTitle });
    await expect(summary).toContainText('The form has 4 problems');
    for (const [field, text] of [
      ['name', 'Name is required.'],
      ['email', 'E-mail is not a valid e-mail address.'],
      ['subject', 'Subject is required.'],
      ['message', 'Message is required.'],
    ] as const) {
      await expect(page.locator(`#contact-${field}-error`)).toHaveText(text);
      await expect(page.locator(`#contact-${field}`)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator(`#contact-${field}`)).toHaveAttribute(
        'aria-describedby',
        new RegExp(`contact-${field}-error`),
      );
      await expect(summary.getByRole('link', { name: text })).toHaveAttribute('href', `#contact-${field}`);
    }
    await expect(page.locator('#contact-phone-error')).toHaveCount(0);
    await expect(page.getByRole('main').getByLabel('E-mail')).toHaveValue('not-an-address');
    await expect(page.getByLabel('Phone')).toHaveValue('02-2345-6789');

    await page.goto('/tw/contact');
    await page.getByLabel('姓名').fill('王小明');
    await page.getByRole('button', { name: '送出' }).click();
    await expect(page.locator('#contact-subject-error')).toHaveText('「主旨」為必填。');
    await expect(page.getByLabel('姓名')).toHaveValue('王小明');
    await context.close();
  });

  test('without JavaScript: a message is sent, confirmed, and stored as new for the back office', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const subject = `No-script question ${Date.now()}`;
    await page.goto('/tw/contact');
    await page.getByLabel('姓名').fill('林美華');
    await page.getByRole('main').getByLabel('電子郵件').fill('mei-hua@example.com');
    await page.getByLabel('主旨').fill(subject);
    await page.getByLabel('內容').fill('請問安養信託的申辦流程？');
    await page.getByRole('button', { name: '送出' }).click();
    await expect(page).toHaveURL(/\/tw\/contact\?sent=1$/);
    await expect(page.getByRole('status')).toContainText(words.tw.sentTitle);
    await context.close();

    const headers = await adminHeaders(request, 'tw');
    const inbox = await request.post('/api/webcontact/getlist', {
      headers,
      data: { pageSize: 100, sort: 'id', direction: 'desc' },
    });
    expect(inbox.status()).toBe(200);
    const stored = (await inbox.json()).data.find((row: { subject: string }) => row.subject === subject);
    expect(stored).toMatchObject({
      name: '林美華',
      email: 'mei-hua@example.com',
      phone: null,
      message: '請問安養信託的申辦流程？',
      status: 0,
      lang: 'tw',
    });
  });

  // axe needs script in the page, so the error and confirmation states are checked for accessibility here.
  test('with JavaScript: errors keep the values and take the focus; a message is sent and confirmed', async ({
    page,
    request,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/en/contact');
    await page.getByLabel('Name').fill('Mary Chen');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert', { name: words.en.errorTitle })).toBeFocused();
    await expect(page.locator('#contact-email-error')).toHaveText('E-mail is required.');
    await expect(page.getByLabel('Name')).toHaveValue('Mary Chen');
    await expectAccessible(page);
    const subject = `Scripted question ${Date.now()}`;
    await page.getByRole('main').getByLabel('E-mail').fill('mary@example.com');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('When does registration for the next test open?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/en\/contact\?sent=1$/);
    await expect(page.getByRole('status')).toContainText(words.en.sentTitle);
    // After a client-side navigation Next.js streams the new metadata in just after the content.
    await expect(page).toHaveTitle(new RegExp(`^${labels.en.contact}`));
    await expectAccessible(page);
    expect(errors).toEqual([]);
    const inbox = await request.post('/api/webcontact/getlist', {
      headers: await adminHeaders(request, 'en'),
      data: { pageSize: 100 },
    });
    expect(
      (await inbox.json()).data.some(
        (row: { subject: string; status: number }) => row.subject === subject && row.status === 0,
      ),
    ).toBe(true);
  });
});

/**
 * The captcha-on form runs on a server of its own (the main one has no captcha keys): the next port,
 * its own embedded database, and a local verifier that refuses every token.
 */
test.describe('the contact form with the captcha on', () => {
  test.describe.configure({ timeout: 180_000 });
  const port = E2E_PORT + 1;
  const base = `http://127.0.0.1:${port}`;
  let verifier: http.Server;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let dataDir: string;
  const checks: string[] = [];

  test.beforeAll(async () => {
    verifier = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        checks.push(body);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ success: false }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-captcha-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'off',
      SITE_URL: base,
      RECAPTCHA_SITE_KEY: 'local-site-key',
      RECAPTCHA_SECRET_KEY: 'local-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`,
    };
    delete env.DATABASE_URL;
    server = await startServer(port, env, '/en/contact', 'the captcha server');
  });

  test.afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => verifier.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('without JavaScript the form says it needs it, and a message without a token is refused with the values kept', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: base });
    const page = await context.newPage();
    await page.goto('/en/contact');
    await expect(page.getByText(enContact.needsJavaScript)).toBeVisible();
    await page.getByLabel('Name').fill('Mary Chen');
    await page.getByRole('main').getByLabel('E-mail').fill('mary@example.com');
    await page.getByLabel('Subject').fill('Robot check');
    await page.getByLabel('Message').fill('Sent without a captcha token.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/en\/contact$/);
    await expect(page.getByRole('alert', { name: enContact.errorTitle })).toContainText(
      'The robot check failed. Reload the page and try again.',
    );
    await expect(page.getByLabel('Subject')).toHaveValue('Robot check');
    // No token, so the verifier was never asked.
    expect(checks).toEqual([]);
    await context.close();
  });
});

import { createHash } from 'node:crypto';
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, nextTestAddress } from './helpers';

/** The script-src directive of a response's Content-Security-Policy, as a list of sources. */
function scriptSources(policy: string | undefined): string[] {
  const directive = (policy ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

/** Inline scripts the browser would run, by the text between their tags. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc=/i.test(attributes) && !/type="application\/ld\+json"/i.test(attributes))
    .map(([, , text]) => text);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('content security policy', () => {
  test('no inline script runs without its hash: every page carries the hashes of its own scripts', async ({
    request,
  }) => {
    for (const path of ['/tw', '/en/news', '/tw/news', '/tw/news?page=2', '/tw/site-map', '/tw-login', '/en-admin']) {
      // Twice: the second answer of a cached page comes from the page cache.
      for (const round of [1, 2]) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(200);
        const sources = scriptSources(response.headers()['content-security-policy']);
        expect(sources, `${path} #${round}`).not.toContain("'unsafe-inline'");
        expect(sources).not.toContain("'unsafe-eval'");
        const scripts = inlineScripts(await response.text());
        expect(scripts.length, path).toBeGreaterThan(0);
        for (const script of scripts) expect(sources, `${path}: ${script.slice(0, 60)}`).toContain(sha256(script));
      }
    }
  });

  test('a cached page is served with the hashes of the scripts it holds', async ({ request }) => {
    const first = await request.get('/en/bulletins');
    let second = first;
    await expect
      .poll(async () => (second = await request.get('/en/bulletins')).headers()['x-cache'], { timeout: 5_000 })
      .toBe('HIT');
    expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);
  });

  test('a page revalidated with 304 keeps the policy the browser stored with it', async ({ request }) => {
    // The stored copy has an ETag (a fresh render, which may be stored next, has none).
    let page = await request.get('/tw/news');
    await expect
      .poll(async () => (page = await request.get('/tw/news')).headers()['x-cache'], { timeout: 5_000 })
      .toBe('HIT');
    const etag = page.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await request.get('/tw/news', { headers: { 'if-none-match': etag } });
    expect(again.status()).toBe(304);
    // A policy here would replace the stored one, which names the page's scripts.
    expect(again.headers()['content-security-policy']).toBeUndefined();
  });

  test('pages still hydrate and run with the policy, in the public site and the back office', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/tw');
    // The layout's one inline script of our own marks the page as scripted.
    await expect(page.locator('html')).toHaveClass(/\bjs\b/);
    await page.goto('/en/news');
    await page.locator('main a[href^="/en/news/"]').first().click();
    await expect(page).toHaveURL(/\/en\/news\/\d+$/);

    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
    await page.goto('/en-admin');
    await expect(page).toHaveURL(/\/en-login/);
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/en-admin/webnews/new');
    await expect(page.locator('.tiptap, .ProseMirror').first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a script slipped into a page does not run', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.route('**/en/about', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('</body>', '<script>window.injected = true</script></body>');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/en/about');
    await expect(page.locator('html')).toHaveClass(/\bjs\b/);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    expect(violations.join('\n')).toContain('script-src');
  });

  test('pages and scripts are still compressed for clients that ask, and arrive whole', async ({
    request,
    baseURL,
  }) => {
    // Public pages go without Next.js's scripts; the contact form's page keeps them.
    const page = await request.get('/tw/contact');
    const script = (await page.text()).match(/<script src="([^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    for (const path of ['/tw/news', script!]) {
      const body = await new Promise<Buffer>((resolve, reject) => {
        get(`${baseURL}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
          expect(response.headers['content-encoding'], path).toBe('gzip');
          const chunks: Buffer[] = [];
          response
            .on('data', (chunk: Buffer) => chunks.push(chunk))
            .on('end', () => resolve(Buffer.concat(chunks)))
            .on('error', reject);
        }).on('error', reject);
      });
      const text = gunzipSync(body).toString('utf8');
      if (path === '/tw/news') expect(text).toMatch(/<\/html>$/);
      else expect(text.length).toBeGreaterThan(1000);
    }
  });
});

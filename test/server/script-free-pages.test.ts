import { createHash } from 'node:crypto';
import { withoutFrameworkScripts } from '../../lib/server/next/framework-scripts';
import { responseBody } from '../../lib/server/next/response';
import { scriptFreePages } from '../../lib/server/script-free-pages';
import { BROWSER, get, serveThrough } from './helpers';

/** What Next.js writes into a page: its chunks and their preloads, the React payload, Turbopack's bootstrap. */
const runtime = [
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/27bsp7zwcbzai.js"/>',
  '<script src="/_next/static/chunks/turbopack-077hmtqrhcoji.js" async=""></script>',
  '<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])</script>',
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]});</script>',
];
/** What stays: the site's script, structured data, React's streaming swap, a stylesheet, other links. */
const kept = [
  "<script>document.documentElement.classList.add('js')</script>",
  '<script type="application/ld+json">{"@type":"NewsArticle"}</script>',
  '<script>$RC("B:0","S:0")</script>',
  '<link rel="stylesheet" href="/_next/static/css/site.css"/>',
  '<link rel="icon" href="/icon.png" type="image/png"/>',
  '<link rel="preload" as="image" href="/uploads/1/a.jpg?w=960"/>',
];
const page = (parts: string[], head = '') =>
  `<!DOCTYPE html><html lang="en"><head>${head}</head><body><main><h1>News</h1></main>${parts.join('')}</body></html>`;

describe('withoutFrameworkScripts', () => {
  test.each(runtime)('takes out %s', (tag) => {
    expect(withoutFrameworkScripts(page([tag]))).toBe(page([]));
  });
  test.each(kept)('keeps %s', (tag) => {
    expect(withoutFrameworkScripts(page([tag]))).toBe(page([tag]));
  });
  test('takes out the runtime and leaves the rest in its order', () => {
    const mixed = [runtime[0], kept[0], runtime[1], kept[1], runtime[4], kept[2], runtime[5]];
    expect(withoutFrameworkScripts(page(mixed))).toBe(page([kept[0], kept[1], kept[2]]));
  });
});

describe('the script-free pages stage', () => {
  const hash = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
  const siteScript = "document.documentElement.classList.add('js')";
  const body = (hydrated: boolean) =>
    page(
      [`<script>${siteScript}</script>`, ...runtime],
      hydrated ? '<meta name="hydrated-page" content="a form"/>' : '',
    );
  let server: Awaited<ReturnType<typeof serveThrough>>;
  beforeAll(async () => {
    server = await serveThrough([scriptFreePages, responseBody({ hashScripts: true })], (request, response) => {
      // As Next.js serves a page from its cache: the same ETag for the same body.
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'self'; script-src 'self'",
        etag: `"${request.url}"`,
      });
      response.end(body(request.url === '/en/contact'));
    });
  });
  afterAll(() => server.close());

  test('a public page goes without the runtime, and its policy allows only the scripts it kept', async () => {
    // Twice: the second answer has an ETag whose hashes the response stage remembers.
    for (let answered = 0; answered < 2; answered++) {
      const answer = await get(server.base, '/en/news', BROWSER);
      expect(answer.text).toBe(page([`<script>${siteScript}</script>`]));
      expect(answer.headers['content-security-policy']).toBe(
        `default-src 'self'; script-src 'self' ${hash(siteScript)}`,
      );
    }
  });

  test('a page marked as hydrated, and any page outside the public site, keep it', async () => {
    for (const path of ['/en/contact', '/admin/webnews']) {
      const answer = await get(server.base, path, BROWSER);
      expect(answer.text).toBe(body(path === '/en/contact'));
      expect(answer.text).toContain('self.__next_f.push');
    }
  });
});

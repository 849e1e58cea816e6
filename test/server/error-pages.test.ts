import { bumpContentEpoch } from '../../lib/cache/content-epoch';
import { errorPages, ownOrigin } from '../../lib/server/error-pages';
import { responseBody } from '../../lib/server/next/response';
import { waitFor } from '../helpers/wait-for';
import { BROWSER, get, serveThrough } from './helpers';

/**
 * The framed 500 page (lib/server/error-pages.ts) in the production pipeline's order, with a
 * stand-in for Next.js: it renders the 500 page of each language (numbered, to tell copies apart),
 * answers `/…/broken` as Next.js answers a page that failed (its empty error shell, 500), and can
 * be made to fail the 500 page itself, as it would with the database away.
 */
let origin: URL | null = null;
const framed = errorPages(() => origin);
let errorPageRenders = 0;
let errorPageFails = false;
let errorPageFailures = 0;

const shell = '<!DOCTYPE html><html id="__next_error__"><head></head><body><script>self.shell=1</script></body></html>';
const errorPage = (language: string, n: number) =>
  `<!DOCTYPE html><html lang="${language === 'en' ? 'en' : 'zh-Hant-TW'}"><head><script src="/_next/static/chunks/main.js" async=""></script></head>` +
  `<script>self.site=1</script><script>self.__next_f.push([1,"copy ${n}"])</script>` +
  `<body><header>site</header><h1>${language === 'en' ? 'Something went wrong' : '網站發生錯誤'}</h1><p>copy ${n}</p>` +
  `<form role="search" action="/${language}/search"></form>${'<p>site map</p>'.repeat(100)}<footer>site</footer></body></html>`;

let server: Awaited<ReturnType<typeof serveThrough>>;
beforeAll(async () => {
  server = await serveThrough([framed, responseBody({ hashScripts: true })], (request, response) => {
    const url = request.url ?? '/';
    const html = { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'self'" };
    const own = /^\/(tw|en)\/server-error$/.exec(url);
    if (own && errorPageFails) {
      errorPageFailures++;
      response.writeHead(500, html);
      response.end(shell);
    } else if (own) {
      // As Next.js serves it from its page cache: 200, kept for a while.
      response.writeHead(200, { ...html, 'cache-control': 's-maxage=300', etag: `"error-${++errorPageRenders}"` });
      response.end(errorPage(own[1], errorPageRenders));
    } else if (url.endsWith('/broken') || url.startsWith('/api/')) {
      response.writeHead(500, { ...html, 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' });
      response.end(url.startsWith('/api/') ? '{"message":"failed"}' : shell);
    } else {
      response.writeHead(200, { ...html, etag: '"ok"' });
      response.end('<!DOCTYPE html><html lang="en"><body><h1>fine</h1></body></html>');
    }
  });
  origin = new URL(server.base);
  await framed.prepare();
});
afterAll(() => server.close());

describe('the framed 500 page', () => {
  it("is what a failed public page sends, in its language, without Next.js's scripts, compressed, never kept", async () => {
    expect(errorPageRenders).toBe(2);
    for (const [language, heading] of [
      ['tw', '網站發生錯誤'],
      ['en', 'Something went wrong'],
    ]) {
      const answer = await get(server.base, `/${language}/news/broken`, BROWSER);
      expect(answer.status).toBe(500);
      expect(answer.text).not.toContain('__next_error__');
      expect(answer.text).toContain(`<h1>${heading}</h1>`);
      expect(answer.text).toContain(`action="/${language}/search"`);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers.etag).toBeUndefined();
      // The site's own script stays, allowed by its hash.
      expect(answer.text.match(/<script[^>]*>[^<]*<\/script>/g)).toEqual(['<script>self.site=1</script>']);
      expect(answer.headers['content-security-policy']).toBe(
        "script-src 'self' 'sha256-r32DclUxyLZV8rTuwwwsjDVg6mJCMxRIXQ5TBNidP/c='",
      );
    }
  });

  it('answers its own address with 500 and no-store, and leaves other answers as they are', async () => {
    const own = await get(server.base, '/en/server-error');
    expect([own.status, own.headers['cache-control']]).toEqual([500, 'no-store']);
    expect(own.text).toContain('Something went wrong');
    const fine = await get(server.base, '/en/news');
    expect([fine.status, fine.text]).toEqual([200, expect.stringContaining('<h1>fine</h1>')]);
    expect(fine.headers['cache-control']).toBeUndefined();
    // Not a public page: the API's own error stays.
    const api = await get(server.base, '/api/webnews/getlist');
    expect([api.status, api.text]).toEqual([500, '{"message":"failed"}']);
    // A HEAD has no body to replace.
    const head = await get(server.base, '/tw/news/broken', {}, 'HEAD');
    expect([head.status, head.text]).toEqual([500, '']);
  });

  it('is rendered again after content changed, and the last copy stays while a render fails', async () => {
    const before = await get(server.base, '/tw/broken');
    const copy = /copy (\d+)/.exec(before.text)?.[1];
    bumpContentEpoch();
    errorPageFails = true;
    const failures = errorPageFailures;
    // The stale copy is sent at once while its renewal fails.
    expect((await get(server.base, '/tw/broken')).text).toContain(`copy ${copy}`);
    // Once the failed renewal is over, the copy is still the one sent.
    await waitFor(() => errorPageFailures > failures, { what: 'a failed renewal' });
    expect((await get(server.base, '/tw/broken')).text).toContain(`copy ${copy}`);
    errorPageFails = false;
    const rendered = errorPageRenders;
    // Each failure while the copy is stale asks for a render; one succeeds now, and is sent from then on.
    await waitFor(async () => (await get(server.base, '/tw/broken')).text.includes(`copy ${rendered + 1}`), {
      what: 'the new copy',
    });
    expect(errorPageRenders).toBe(rendered + 1);
  });
});

describe('the first copy', () => {
  it('is waited for by a page that fails before the server has one', async () => {
    let at: URL | null = null;
    const fresh = errorPages(() => at);
    let rendered = 0;
    const other = await serveThrough([fresh, responseBody({ hashScripts: true })], (request, response) => {
      const own = request.url === '/en/server-error';
      if (own) rendered++;
      response.writeHead(own ? 200 : 500, { 'content-type': 'text/html; charset=utf-8' });
      // The 500 page takes a while to render, as a first render does.
      setTimeout(() => response.end(own ? errorPage('en', rendered) : shell), own ? 200 : 0);
    });
    at = new URL(other.base);
    try {
      const answer = await get(other.base, '/en/broken');
      expect([answer.status, rendered]).toEqual([500, 1]);
      expect(answer.text).toContain('<h1>Something went wrong</h1>');
    } finally {
      await other.close();
    }
  });
});

describe('ownOrigin', () => {
  it.each([
    [{ address: '::', family: 'IPv6', port: 3000 }, 'http://127.0.0.1:3000/'],
    [{ address: '0.0.0.0', family: 'IPv4', port: 80 }, 'http://127.0.0.1/'],
    [{ address: '::1', family: 'IPv6', port: 3001 }, 'http://[::1]:3001/'],
    [{ address: '10.0.0.2', family: 'IPv4', port: 3002 }, 'http://10.0.0.2:3002/'],
  ])('%j is reached at %s', (address, url) => {
    expect(ownOrigin(address)?.toString()).toBe(url);
  });

  it('is unknown for a pipe', () => {
    expect(ownOrigin('/tmp/server.sock')).toBeNull();
  });
});

import { createHash } from 'node:crypto';
import { notePageStatus, requestStore } from '../../lib/observability/request-store';
import { encodedEtag, negotiateEncoding, withoutEncodingSuffixes } from '../../lib/server/compression';
import { responseBody } from '../../lib/server/next/response';
import type { Stage } from '../../lib/server/stage';
import { BROWSER, get, serveThrough } from './helpers';

test.each([
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip, deflate', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['gzip;q=1, br;q=0.5', 'gzip'],
  ['*', 'br'],
  ['*;q=0, gzip', 'gzip'],
  ['identity', null],
  ['', null],
  [undefined, null],
])('Accept-Encoding %s → %s', (header, coding) => {
  expect(negotiateEncoding(header)).toBe(coding);
});

test('each coding has its own ETag, and the application sees its own back', () => {
  expect(encodedEtag('"abc"', 'br')).toBe('"abc-br"');
  expect(encodedEtag('W/"abc"', 'gzip')).toBe('W/"abc-gzip"');
  expect(withoutEncodingSuffixes('"abc-br", W/"def-gzip", "ghi"')).toBe('"abc", W/"def", "ghi"');
});

const script = 'window.answer = 42;';
const page = `<!DOCTYPE html><html><head><script>${script}</script></head><body>${'<p>公會 news</p>'.repeat(200)}</body></html>`;
const etag = `"${createHash('sha1').update(page).digest('hex')}"`;
const policy = "default-src 'self'; script-src 'self'";

describe('the response stage', () => {
  let server: Awaited<ReturnType<typeof serveThrough>>;
  const seen: { status: number; bytes: number; coding: unknown }[] = [];
  // As the cache tier's stage decides for a public page (applied with the final status), and as the stored
  // pages read the finished page.
  const decideAndRead: Stage = async (exchange, next) => {
    exchange.sharedCaching = { headers: { 'cache-control': '', xkey: 'page' }, pageSeconds: 120, until: 0 };
    await next();
    const finished = await exchange.finished;
    if (finished)
      seen.push({ status: finished.status, bytes: finished.body.length, coding: finished.headers['content-encoding'] });
  };
  const sharedFor = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;
  // As the request log does: every request has its record, which the page's render can reach.
  const record: Stage = (_exchange, next) => requestStore.run({ id: 'test', clientAddress: '127.0.0.1' }, next);
  beforeAll(async () => {
    server = await serveThrough([record, decideAndRead, responseBody({ hashScripts: true })], (request, response) => {
      if (request.url === '/streamed-not-found') {
        // As a page rendered on every request whose layout finds its row hidden: Next.js sends a 200.
        notePageStatus(404);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(page);
      }
      if (request.url === '/page') {
        if (request.headers['if-none-match'] === etag) {
          response.writeHead(304, { etag, 'content-security-policy': policy });
          return response.end();
        }
        // As Next.js streams a page: head first, then the body in pieces.
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          etag,
          'content-security-policy': policy,
        });
        response.write(page.slice(0, 100));
        setTimeout(() => response.end(page.slice(100)), 5);
        return;
      }
      if (request.url === '/json') {
        response.setHeader('content-type', 'application/json');
        for (let i = 0; i < 50; i++) response.write(JSON.stringify({ i, text: 'x'.repeat(50) }));
        return response.end();
      }
      if (request.url === '/ended-with-null') {
        // As Next.js answers a HEAD of a page it renders: `end(null)`, which Node takes as no body.
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy });
        return response.end(null);
      }
      if (request.url === '/redirect') {
        // As Next.js sends the first render of a page that redirects: Location set, then appended
        // again from the render's headers, and the whole page rendered as its body.
        response.statusCode = 307;
        response.setHeader('location', '/en/about/videos/12');
        response.appendHeader('location', '/en/about/videos/12');
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.setHeader('etag', etag);
        return response.end(page.repeat(100));
      }
      if (request.url === '/small') {
        response.setHeader('content-type', 'text/plain');
        return response.end('short');
      }
      response.setHeader('content-type', 'image/png');
      response.end(Buffer.alloc(4096));
    });
  });
  afterAll(() => server.close());

  test('an HTML page is held whole: scripts hashed into its CSP, the decisions applied, brotli', async () => {
    const answer = await get(server.base, '/page', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(page);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.headers.etag).toBe(etag.replace(/"$/, '-br"'));
    const hash = createHash('sha256').update(script).digest('base64');
    expect(answer.headers['content-security-policy']).toBe(`${policy} 'sha256-${hash}'`);
    expect([answer.headers['cache-control'], answer.headers.xkey]).toEqual([sharedFor(120), 'page']);
    expect(seen.at(-1)).toEqual({ status: 200, bytes: Buffer.byteLength(page), coding: undefined });
  });

  test('gzip for a client without brotli; the bytes as they are for one that accepts neither', async () => {
    const gzip = await get(server.base, '/page', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(page);
    const plain = await get(server.base, '/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString('utf8')).toBe(page);
    expect(plain.headers.etag).toBe(etag);
  });

  test('a coding’s ETag revalidates: the application sees its own ETag, the 304 carries no policy', async () => {
    const answer = await get(server.base, '/page', { ...BROWSER, 'if-none-match': etag.replace(/"$/, '-br"') });
    expect(answer.status).toBe(304);
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe(sharedFor(120));
  });

  test('streamed text is compressed as it streams; small bodies and images pass as they are', async () => {
    const json = await get(server.base, '/json', BROWSER);
    expect(json.headers['content-encoding']).toBe('br');
    expect(json.text).toContain('"i":49');
    expect(json.headers['cache-control']).toBe(sharedFor(120));
    const small = await get(server.base, '/small', BROWSER);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('short');
    const image = await get(server.base, '/image', BROWSER);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.raw.length).toBe(4096);
  });

  test.each(['GET', 'HEAD'])('%s of a redirect: one Location, no body', async (method) => {
    const answer = await get(server.base, '/redirect', BROWSER, method);
    expect(answer.status).toBe(307);
    const locations = answer.rawHeaders.filter(
      (_, i) => i % 2 === 0 && answer.rawHeaders[i].toLowerCase() === 'location',
    );
    expect(locations).toHaveLength(1);
    expect(answer.headers.location).toBe('/en/about/videos/12');
    expect(answer.raw.length).toBe(0);
    expect(answer.headers.etag).toBeUndefined();
    expect([answer.headers['cache-control'], answer.headers.xkey]).toEqual(['no-store', undefined]);
  });

  test('a status the page noted while rendering replaces the 200 Next.js streams with', async () => {
    const answer = await get(server.base, '/streamed-not-found', BROWSER);
    expect(answer.status).toBe(404);
    expect(answer.text).toBe(page);
    // Decided with the 404: the cache tier keeps a not-found page a minute at most.
    expect(answer.headers['cache-control']).toBe(sharedFor(60));
    expect((await get(server.base, '/page', BROWSER)).status).toBe(200);
  });

  test('HEAD sends the head alone', async () => {
    const answer = await get(server.base, '/page', BROWSER, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.raw.length).toBe(0);
  });

  test.each(['HEAD', 'GET'])(
    '%s of an answer ended with null is that answer without a body, not a failure',
    async (method) => {
      const answer = await get(server.base, '/ended-with-null', BROWSER, method);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe(sharedFor(120));
      expect(answer.raw.length).toBe(0);
    },
  );
});

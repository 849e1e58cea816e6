import { sharedCacheControl } from '../../lib/cache/cache-tier';
import { noteDatabaseAttempt } from '../../lib/db/availability';
import { databaseAwayAnswers } from '../../lib/server/database-away';
import { errorPages } from '../../lib/server/error-pages';
import { responseBody } from '../../lib/server/next/response';
import type { Exchange, Stage } from '../../lib/server/stage';
import { BROWSER, get, serveThrough } from './helpers';

/**
 * The stages' decisions over the head (lib/server/final-head.ts), applied in their order whatever the
 * stages' own: the real database-away, error-page and response stages, and a stand-in that decides for
 * each address what the cache tier's, the preview's and the member stages would.
 */
const sharedCaching = {
  headers: { 'cache-control': sharedCacheControl(300), xkey: 'site webnews', 'surrogate-key': 'site webnews' },
  pageSeconds: 300,
  until: Date.now() + 300_000,
};
const member = { withoutSurrogateKeys: true };
const decisions: Record<string, Partial<Exchange>> = {
  '/tw/news': { sharedCaching },
  // Decided by both, which the real stages never do: the order still keeps the page private.
  '/tw/member-news': { sharedCaching, privateAnswer: member },
  '/tw/preview-news': { privateAnswer: { noindex: true } },
  '/tw/broken': { sharedCaching },
  '/tw/member-broken': { privateAnswer: member },
};
const decide: Stage = (exchange, next) => {
  Object.assign(exchange, decisions[exchange.path]);
  return next();
};

let server: Awaited<ReturnType<typeof serveThrough>>;
beforeAll(async () => {
  const stages = [databaseAwayAnswers, decide, errorPages(() => null), responseBody({ hashScripts: true })];
  server = await serveThrough(stages, (request, response) => {
    const failed = request.url?.endsWith('broken');
    // The database found back by another request while this one was under way.
    if (request.url?.endsWith('recovered-broken')) noteDatabaseAttempt();
    // As Next.js sends a page: its own Cache-Control, and a cookie a shared cache must not hand on.
    response.writeHead(failed ? 500 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': failed ? 'private, no-cache, no-store, max-age=0, must-revalidate' : 's-maxage=31536000',
      'set-cookie': 'NEXT_LOCALE=tw',
    });
    response.end(`<!DOCTYPE html><html><body>${'<p>最新消息</p>'.repeat(100)}</body></html>`);
  });
});
afterAll(() => server.close());

const databaseAway = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

test("a public page gets the cache tier's headers, without the cookie", async () => {
  const answer = await get(server.base, '/tw/news', BROWSER);
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe(sharedCacheControl(300));
  expect(answer.headers.xkey).toBe('site webnews');
  expect(answer.headers['set-cookie']).toBeUndefined();
});

test("a Member's page that is also a public page is private: no tier headers, no surrogate keys", async () => {
  const answer = await get(server.base, '/tw/member-news', BROWSER);
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe('private, no-store');
  expect(answer.headers.xkey).toBeUndefined();
  expect(answer.headers['surrogate-key']).toBeUndefined();
  expect(answer.headers['x-robots-tag']).toBeUndefined();
});

test('a draft preview is private and not indexed', async () => {
  const answer = await get(server.base, '/tw/preview-news', BROWSER);
  expect(answer.headers['cache-control']).toBe('private, no-store');
  expect(answer.headers['x-robots-tag']).toBe('noindex');
});

test('a page that failed while the database is away is a 503 with Retry-After, kept by no cache', async () => {
  const failed = await get(server.base, '/tw/broken', BROWSER);
  expect([failed.status, failed.headers['retry-after']]).toEqual([500, undefined]);
  expect(failed.headers['cache-control']).toBe('no-store');
  noteDatabaseAttempt(databaseAway);
  try {
    const answer = await get(server.base, '/tw/broken', BROWSER);
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    // The tier keeps no 503, and the failure's no-store comes last.
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.xkey).toBeUndefined();
    // A page that did not fail stays as it is.
    expect((await get(server.base, '/tw/news', BROWSER)).status).toBe(200);
  } finally {
    noteDatabaseAttempt();
  }
});

test('a page that met an outage and failed as the database came back is a 503 too; one begun after is a 500', async () => {
  noteDatabaseAttempt(databaseAway);
  const met = await get(server.base, '/tw/recovered-broken', BROWSER);
  expect([met.status, met.headers['retry-after']]).toEqual([503, '5']);
  const after = await get(server.base, '/tw/broken', BROWSER);
  expect([after.status, after.headers['retry-after']]).toEqual([500, undefined]);
});

test("a Member's page that failed is kept by no cache: the failure's no-store over the privacy", async () => {
  const answer = await get(server.base, '/tw/member-broken', BROWSER);
  expect(answer.status).toBe(500);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['surrogate-key']).toBeUndefined();
});

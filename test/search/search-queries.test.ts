/**
 * What visitors search for: page views of the search counted per day and language (words only),
 * written in batches that add up across servers, kept 13 months, and read by Admins through
 * `POST /api/search/queries` and its export.
 */
import type http from 'node:http';
import { call, signedIn } from '../helpers/api';
import { addRow } from '../helpers/content';
import { withDatabase } from '../helpers/database';
import { runHousekeeping } from '../../lib/content/jobs/housekeeping';
import {
  countedQueryOf,
  flushSearchQueries,
  noteSearchResults,
  tallySearchQuery,
} from '../../lib/content/storage/search-queries';
import { countedSearch, flushSearchQueryTally, searchQueryTally } from '../../lib/server/search-queries';
import type { Exchange } from '../../lib/server/stage';

withDatabase();

let admin: string;
let user: string;
beforeAll(async () => {
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
  await addRow('webnews', { title: '信託業法說明會', content: '<p>信託</p>' }, { token: admin, language: 'tw' });
});

const statistics = (body: Record<string, unknown>, token = admin, language: 'tw' | 'en' = 'tw') =>
  call('POST', 'search/queries', body, { token, language });

/** A visitor's request as the server's stage sees it. */
function request(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return { method, url, headers: { 'user-agent': 'Mozilla/5.0', ...headers } } as unknown as http.IncomingMessage;
}

async function view(url: string, status = 200, headers?: Record<string, string>) {
  const exchange = { request: request(url, headers), response: { statusCode: status } } as unknown as Exchange;
  await searchQueryTally(exchange, async () => {});
}

test('a query is kept as words, normalised; personal details are not kept', () => {
  expect(countedQueryOf('  信托　業法 ')).toBe('信託 業法');
  expect(countedQueryOf('Trust  LAW!')).toBe('trust law');
  expect(countedQueryOf('someone@example.com')).toBeUndefined();
  expect(countedQueryOf('0912-345-678')).toBeUndefined();
  expect(countedQueryOf('2024 年報')).toBe('2024 年報');
  expect(countedQueryOf('!!!')).toBeUndefined();
  expect(countedQueryOf('x'.repeat(300))).toHaveLength(100);
});

test("a visitor's page view counts; paging, filters, other methods, crawlers and prefetches do not", () => {
  expect(countedSearch(request('/tw/search?q=%E4%BF%A1%E8%A8%97'))).toEqual({ lang: 'tw', query: '信託' });
  expect(countedSearch(request('/en/search?q=trust&page=1'))).toEqual({ lang: 'en', query: 'trust' });
  for (const url of ['/en/search?q=trust&page=2', '/en/search?q=trust&area=news', '/en/search?q=trust&year=2024'])
    expect(countedSearch(request(url))).toBeUndefined();
  expect(countedSearch(request('/en/search?q='))).toBeUndefined();
  expect(countedSearch(request('/en/news?q=trust'))).toBeUndefined();
  expect(countedSearch(request('/api/search/suggest?q=trust'))).toBeUndefined();
  expect(countedSearch(request('/en/search?q=trust', {}, 'HEAD'))).toBeUndefined();
  expect(countedSearch(request('/en/search?q=trust', { 'user-agent': 'Googlebot/2.1' }))).toBeUndefined();
  expect(countedSearch(request('/en/search?q=trust', { 'sec-purpose': 'prefetch' }))).toBeUndefined();
  expect(countedSearch(request('/en/search?q=trust', { rsc: '1' }))).toBeUndefined();
});

test('views are counted per day and language, written as one batch, and add up across flushes and servers', async () => {
  await view('/tw/search?q=%E4%BF%A1%E6%89%98'); // 信托, Simplified
  await view('/tw/search?q=%E4%BF%A1%E8%A8%97'); // 信託
  await view('/tw/search?q=%E4%BF%A1%E8%A8%97', 500); // failed: not counted
  await view('/en/search?q=nothing+here');
  await flushSearchQueryTally();
  // Another server's batch for the same day adds to the same rows.
  tallySearchQuery('tw', '信託');
  noteSearchResults('tw', '信託', 1);
  expect(await flushSearchQueries(async () => Promise.reject(new Error('not asked: the results are known')))).toBe(1);
  const { status, body } = await statistics({ days: 30 });
  expect(status).toBe(200);
  expect(body.data).toEqual([
    { query: '信託', lang: 'tw', count: 3, results: 1 },
    { query: 'nothing here', lang: 'en', count: 1, results: 0 },
  ]);
  const zero = await statistics({ days: 30, zeroOnly: true });
  expect(zero.body.data).toEqual([{ query: 'nothing here', lang: 'en', count: 1, results: 0 }]);
  expect((await statistics({})).body.data).toHaveLength(2);
  expect((await statistics({ limit: 1 })).body.data).toHaveLength(1);
});

test('views of a failed write are kept for the next flush', async () => {
  tallySearchQuery('en', 'retry me');
  await expect(flushSearchQueries(async () => Promise.reject(new Error('database away')))).rejects.toThrow();
  expect(await flushSearchQueries(async () => 0)).toBe(1);
  const rows = (await statistics({ zeroOnly: true })).body.data;
  expect(rows).toContainEqual({ query: 'retry me', lang: 'en', count: 1, results: 0 });
});

test('days choose the period; counts older than 13 months are purged by the housekeeping', async () => {
  const day = 86_400_000;
  tallySearchQuery('tw', '四十天前', new Date(Date.now() - 40 * day));
  tallySearchQuery('tw', '十四個月前', new Date(Date.now() - 427 * day));
  await flushSearchQueries(async () => 2);
  const queries = async (days: number) =>
    ((await statistics({ days })).body.data as { query: string }[]).map((row) => row.query);
  expect(await queries(30)).not.toContain('四十天前');
  expect(await queries(41)).toContain('四十天前');
  expect(await queries(400)).not.toContain('十四個月前');
  const { searchQueriesPurged } = await runHousekeeping();
  expect(searchQueriesPurged).toBe(1);
  expect(await queries(41)).toContain('四十天前');
});

test('Admins only: a User is refused with 403, a visitor with 401', async () => {
  expect((await statistics({ days: 30 }, user)).status).toBe(403);
  expect((await call('POST', 'search/queries', { days: 30 })).status).toBe(401);
  expect((await call('POST', 'search/queries/export', { format: 'csv' }, { token: user })).status).toBe(403);
});

test('the export is a spreadsheet of the same rows', async () => {
  const result = await call(
    'POST',
    'search/queries/export',
    { days: 30, format: 'csv' },
    { token: admin, language: 'en' },
  );
  expect(result.status).toBe(200);
  expect(result.headers.get('content-type')).toMatch(/text\/csv/);
  expect(result.headers.get('content-disposition')).toMatch(/search-queries-/);
  const lines = String(result.body)
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('Query,Language,Searches,Results');
  expect(lines).toContain('信託,Chinese,3,1');
});

test.each([
  [{ days: 0 }, 'tw'],
  [{ days: 401 }, 'en'],
  [{ days: 'thirty' }, 'tw'],
  [{ days: 1.5 }, 'en'],
  [{ zeroOnly: 'yes' }, 'tw'],
  [{ limit: 1001 }, 'en'],
  [{ limit: -1 }, 'tw'],
])('garbled %j is a 400 in the request language', async (body, language) => {
  const result = await statistics(body, admin, language as 'tw' | 'en');
  expect(result.status).toBe(400);
  expect(/[\u4e00-\u9fff]/.test(result.body.message)).toBe(language === 'tw');
});

test('a garbled body or export format is a 400', async () => {
  const notJson = await call('POST', 'search/queries', undefined, {
    token: admin,
    raw: '{days',
    headers: { 'content-type': 'application/json' },
  });
  expect(notJson.status).toBe(400);
  expect((await call('POST', 'search/queries/export', { days: 30 }, { token: admin })).status).toBe(400);
});

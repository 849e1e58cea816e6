/**
 * Later pages (lib/content/storage/list-reads.ts): every page after the first is cut from the list's cached
 * ordered ids instead of an OFFSET query. It must give exactly the rows, total and clamping that
 * OFFSET gives, see writes as the other reads do, and account for the memory the ids hold.
 */
import { clearPublicCache, cacheStats } from '../lib/cache/public-reads';
import { resources } from '../lib/content/model/registry';
import { listRows } from '../lib/content/storage/list-reads';
import { defaultSortOf } from '../lib/content/model/define';
import { getDb } from '../lib/db';
import { webnews } from '../lib/db/schema';
import { call, signedIn } from './helpers/api';
import { clearContent } from './helpers/content';
import { spyOnStatements, withDatabase } from './helpers/database';

withDatabase();

const ROWS = 2_500;
let admin: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  await clearContent();
  const db = await getDb();
  // Pairs of rows share a publication time, so the id decides their order (the tie-breaker).
  const values = Array.from({ length: ROWS }, (_, i) => ({
    title: `news ${i}`,
    lang: i % 7 === 0 ? 'en' : 'tw',
    isVisible: i % 11 !== 0,
    publishAt: new Date(Date.UTC(2020, 0, 1) + Math.floor(i / 2) * 3_600_000),
  }));
  for (let i = 0; i < values.length; i += 500) await db.insert(webnews).values(values.slice(i, i + 500) as never);
  clearPublicCache();
});

const ids = (rows: Record<string, unknown>[]) => rows.map((row) => Number(row.id));

/** The same list read straight from the database with OFFSET (a read at a given time is never cached). */
const byOffset = (publicOnly: boolean, page: number, pageSize = 10) =>
  listRows(
    resources.webnews,
    { language: 'tw', publicOnly, now: new Date() },
    { filters: {}, sort: defaultSortOf(resources.webnews), page, pageSize },
  );

test.each([
  ['anonymous', true],
  ['signed in', false],
])('%s: deep pages, the last page and a page past the end match OFFSET exactly', async (_, publicOnly) => {
  const token = publicOnly ? null : admin;
  const shallow = await byOffset(publicOnly, 1);
  const lastPage = Math.ceil(shallow.total / 10);
  for (const page of [2, 101, lastPage - 1, lastPage, lastPage + 50]) {
    const expected = await byOffset(publicOnly, page);
    const result = await call('POST', 'webnews/getlist', { page, pageSize: 10 }, { token });
    expect(result.status).toBe(200);
    expect(result.body.total).toBe(shallow.total);
    expect(result.body.page).toBe(Math.min(page, lastPage));
    expect(result.body.data.map((row: { id: number }) => row.id)).toEqual(ids(expected.rows));
  }
  expect(cacheStats().bytes).toBeGreaterThanOrEqual(shallow.total * 4);
});

test('a signed-in deep page sees a delete at once; a visitor sees it after this process wrote it', async () => {
  const before = await call('POST', 'webnews/getlist', { page: 110, pageSize: 10 }, { token: admin });
  const anonymousBefore = await call('POST', 'webnews/getlist', { page: 110, pageSize: 10 });
  const gone = before.body.data[0].id;
  expect((await call('DELETE', `webnews/delete/${gone}`, undefined, { token: admin })).status).toBe(200);
  const after = await call('POST', 'webnews/getlist', { page: 110, pageSize: 10 }, { token: admin });
  expect(after.body.total).toBe(before.body.total - 1);
  expect(after.body.data.map((row: { id: number }) => row.id)).not.toContain(gone);
  expect(after.body.data.map((row: { id: number }) => row.id)).toEqual(ids((await byOffset(false, 110)).rows));
  const anonymousAfter = await call('POST', 'webnews/getlist', { page: 110, pageSize: 10 });
  expect(anonymousAfter.body.total).toBe(anonymousBefore.body.total - 1);
  expect(anonymousAfter.body.data.map((row: { id: number }) => row.id)).toEqual(ids((await byOffset(true, 110)).rows));
});

test("a signed-in list's read of rows by id is built once: a page never read before builds no query", async () => {
  await call('POST', 'webnews/getlist', { page: 20, pageSize: 5 }, { token: admin });
  const db = await getDb();
  const select = jest.spyOn(db, 'select');
  const rowReads = spyOnStatements(db, '"id" = any(');
  let result;
  try {
    result = await call('POST', 'webnews/getlist', { page: 21, pageSize: 5 }, { token: admin });
    // On PostgreSQL the call reads its generations (not through the query builder either).
    expect(select).not.toHaveBeenCalled();
    expect(rowReads.count()).toBe(1);
  } finally {
    select.mockRestore();
    rowReads.restore();
  }
  expect(ids(result.body.data)).toEqual(ids((await byOffset(false, 21, 5)).rows));
});

test('signed-in pages of one list asked at once are read in one query, each with its own rows', async () => {
  const pages = [3, 4, 5, 6, 7, 8];
  // The list's ids and total are read first, so what follows reads rows alone.
  await call('POST', 'webnews/getlist', { page: 2, pageSize: 7 }, { token: admin });
  const rowReads = spyOnStatements(await getDb(), '"id" = any(');
  try {
    const results = await Promise.all(
      pages.map((page) => call('POST', 'webnews/getlist', { page, pageSize: 7 }, { token: admin })),
    );
    // PGlite: one read of rows by id. PostgreSQL: the first call's generations come back before
    // the others' (read together after it), so their pages go in a second read.
    expect(rowReads.count()).toBeGreaterThanOrEqual(1);
    expect(rowReads.count()).toBeLessThanOrEqual(process.env.DATABASE_URL ? 2 : 1);
    for (const [i, page] of pages.entries())
      expect(ids(results[i].body.data)).toEqual(ids((await byOffset(false, page, 7)).rows));
  } finally {
    rowReads.restore();
  }
});

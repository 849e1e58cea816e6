/**
 * The site search's index follows every write in the write's own transaction: a saved row is found
 * at once, and a hidden, scheduled, expired or deleted row never is; a restored or imported row is
 * found again; a refused write changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { getDb } from '../../lib/db';
import { searchTerms } from '../../lib/db/schema';
import { reindexAll } from '../../lib/content/storage/search-reindex';
import { searchSite } from '../../lib/public/site-search';
import { call, signedIn } from '../helpers/api';
import { addRow, fromNow, taipei } from '../helpers/content';
import { withDatabase } from '../helpers/database';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(1)).token;
});

const found = async (language: 'tw' | 'en', query: string) =>
  (await searchSite(language, query, 1)).hits.map((hit) => hit.title);

const update = (body: Record<string, unknown>, language: 'tw' | 'en' = 'tw') =>
  call('PUT', 'webnews/update', body, { token, language });

test('add, update, hide, schedule, expire, delete and restore', async () => {
  const row = await addRow(
    'webnews',
    { title: '玳瑁保育信託說明會', content: '<p>海龜</p>' },
    { token, language: 'tw' },
  );
  expect(await found('tw', '玳瑁')).toEqual(['玳瑁保育信託說明會']);
  expect(await found('tw', '海龜')).toEqual(['玳瑁保育信託說明會']);
  expect(await found('en', '玳瑁')).toEqual([]);

  expect((await update({ id: row.id, title: '珊瑚復育信託說明會' })).status).toBe(200);
  expect(await found('tw', '玳瑁')).toEqual([]);
  expect(await found('tw', '珊瑚')).toEqual(['珊瑚復育信託說明會']);

  expect((await update({ id: row.id, isVisible: false })).status).toBe(200);
  expect(await found('tw', '珊瑚')).toEqual([]);
  expect((await update({ id: row.id, isVisible: true })).status).toBe(200);
  expect(await found('tw', '珊瑚')).toEqual(['珊瑚復育信託說明會']);

  expect((await update({ id: row.id, publishAt: taipei(fromNow(24)) })).status).toBe(200);
  expect(await found('tw', '珊瑚')).toEqual([]);
  expect(
    (await update({ id: row.id, publishAt: taipei(fromNow(-48)), unpublishAt: taipei(fromNow(-24)) })).status,
  ).toBe(200);
  expect(await found('tw', '珊瑚')).toEqual([]);
  expect((await update({ id: row.id, unpublishAt: null })).status).toBe(200);
  expect(await found('tw', '珊瑚')).toEqual(['珊瑚復育信託說明會']);

  // A stale save is refused and leaves the index as it was.
  expect((await update({ id: row.id, title: '別的標題', version: 1 })).status).toBe(400);
  expect(await found('tw', '珊瑚')).toEqual(['珊瑚復育信託說明會']);

  expect((await call('DELETE', `webnews/delete/${row.id}`, undefined, { token, language: 'tw' })).status).toBe(200);
  expect(await found('tw', '珊瑚')).toEqual([]);
  expect((await call('PUT', `webnews/restore/${row.id}`, undefined, { token, language: 'tw' })).status).toBe(200);
  expect(await found('tw', '珊瑚')).toEqual(['珊瑚復育信託說明會']);
});

test('bulk actions and imports', async () => {
  const a = await addRow('webnews', { title: 'Seahorse trustee meeting' }, { token, language: 'en' });
  const b = await addRow('webnews', { title: 'Seahorse trust fund report' }, { token, language: 'en' });
  expect((await found('en', 'seahorses')).sort()).toEqual(['Seahorse trust fund report', 'Seahorse trustee meeting']);
  const bulk = await call('POST', 'webnews/bulk', { action: 'hide', ids: [a.id, b.id] }, { token, language: 'en' });
  expect(bulk.status).toBe(200);
  expect(await found('en', 'seahorse')).toEqual([]);

  const data = new FormData();
  data.append(
    'file',
    new Blob([Buffer.from('\uFEFF機構名稱,簡稱,類別\r\n白鷺鷥信託股份有限公司,白鷺,信託公司\r\n')]),
    'members.csv',
  );
  data.append('dryRun', 'false');
  const imported = await call('POST', 'webmemberdept/import', undefined, { token, language: 'tw', raw: data });
  expect(imported.status).toBe(200);
  expect(imported.body.added).toBe(1);
  expect(await found('tw', '白鷺鷥')).toEqual(['白鷺鷥信託股份有限公司']);
});

test('a save writes what changed, and leaves the entries a rebuild would make', async () => {
  const row = await addRow(
    'webnews',
    { title: '海豚保育信託', summary: '鯨魚擱淺', content: '<p>海豚與鯨魚的保育</p>' },
    { token, language: 'tw' },
  );
  const entries = async () => {
    const db = await getDb();
    const stored = await db
      .select({ term: searchTerms.term, weight: searchTerms.weight })
      .from(searchTerms)
      .where(and(eq(searchTerms.resource, 'webnews'), eq(searchTerms.rowId, row.id)));
    return stored.map((entry) => `${entry.term}:${entry.weight}`).sort();
  };
  // 鯨魚 moves from the summary to the title (a heavier weight), 擱淺 goes, 海豚 stays in the body.
  expect((await update({ id: row.id, title: '鯨魚保育信託', summary: '' })).status).toBe(200);
  const saved = await entries();
  expect(saved).toContain('鯨魚:3');
  expect(saved.some((entry) => entry.startsWith('擱淺'))).toBe(false);
  expect(await found('tw', '擱淺')).toEqual([]);
  expect(await found('tw', '鯨魚')).toEqual(['鯨魚保育信託']);
  await reindexAll();
  expect(await entries()).toEqual(saved);
});

/**
 * The site search on the demo content, as a visitor types: normalisation (台/臺, Simplified, width,
 * case), Chinese word splitting, English stems, one-edit typos, ranking (an exact title first), the
 * public window, and the index kept in step with every write.
 */
import { getDb } from '../../lib/db';
import { seedDemoContent } from '../../lib/demo/seed';
import { reindexAll } from '../../lib/content/storage/search-reindex';
import { searchSite } from '../../lib/public/site-search';
import { withDatabase } from '../helpers/database';

withDatabase();

beforeAll(async () => {
  expect(await seedDemoContent(await getDb())).toBe(true);
  expect(await reindexAll()).toBeGreaterThan(50);
}, 120_000);

const QUERIES: [string, 'tw' | 'en'][] = [
  ['信託業法', 'tw'], ['台灣', 'tw'], ['臺灣', 'tw'], ['信托', 'tw'], ['高齡安養信託', 'tw'], ['信', 'tw'],
  ['trsut', 'en'], ['trust law', 'en'], ['Trust Enterprise Act', 'en'], ['Enforcment', 'en'], ['registration', 'en'],
];

test('explore', async () => {
  for (const [q, lang] of QUERIES) {
    const r = await searchSite(lang, q, 1);
    console.log(q, r.total, r.suggestion, r.hits.slice(0, 5).map((h) => `${h.resource}:${h.title}`));
  }
}, 120_000);

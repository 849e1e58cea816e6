/**
 * `GET /api/search` and `GET /api/search/suggest` (docs/api.md, Site search): anonymous, the page's
 * order, the language from Web-Language or `lang`, and a clear 400 in the request's language for
 * every garbled parameter.
 */
import { call, signedIn } from '../helpers/api';
import { addRow } from '../helpers/content';
import tw from '../../messages/tw';
import en from '../../messages/en';
import { withDatabase } from '../helpers/database';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(1)).token;
  await addRow(
    'webnews',
    { title: '信託業法修正草案說明', content: '<p>說明<b>信託</b>業法</p>' },
    { token, language: 'tw' },
  );
  await addRow('webnews', { title: '信託業法', content: '<p>全文</p>' }, { token, language: 'tw' });
  await addRow(
    'webnews',
    { title: 'Trust Enterprise Act seminar', content: '<p>Trusts & you</p>' },
    { token, language: 'en' },
  );
  await addRow('webnews', { title: 'Hidden trust', isVisible: false }, { token, language: 'en' });
});

test('answers a ranked page with areas, snippets and the url the page links', async () => {
  const result = await call('GET', `search?q=${encodeURIComponent('信托业法')}`);
  expect(result.status).toBe(200);
  expect(result.body).toMatchObject({ total: 2, page: 1, pageSize: 10 });
  expect(result.body.data[0]).toMatchObject({ resource: 'webnews', title: '信託業法', area: 'news' });
  expect(result.body.data[0].url).toMatch(/^\/tw\/news\/\d+$/);
  expect(result.body.data[0].date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  expect(result.body.data[1].snippet).toBe('說明 <mark>信託</mark> <mark>業法</mark>');
  expect(result.body.areas).toEqual([{ area: 'news', label: tw.site.routes.news, count: 2 }]);
  expect(result.body).not.toHaveProperty('suggestion');
});

test('the language comes from lang or Web-Language; snippets are escaped; a typo gets a suggestion', async () => {
  const byHeader = await call('GET', 'search?q=trsut', undefined, { language: 'en' });
  const byParam = await call('GET', 'search?q=trsut&lang=en');
  expect(byParam.body).toEqual(byHeader.body);
  expect(byHeader.body.suggestion).toBe('trust');
  expect(byHeader.body.data.map((hit: { title: string }) => hit.title)).toEqual(['Trust Enterprise Act seminar']);
  expect(byHeader.body.data[0].snippet).toBe('<mark>Trusts</mark> &amp; you');
  expect(byHeader.body.areas[0].label).toBe(en.site.routes.news);
  const paged = await call('GET', 'search?q=%E4%BF%A1%E8%A8%97&pageSize=1&page=2');
  expect(paged.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
  expect(paged.body.data).toHaveLength(1);
  expect((await call('GET', 'search?q=trust&lang=en&area=laws')).body.total).toBe(0);
  expect((await call('GET', `search?q=trust&lang=en&year=${new Date().getFullYear()}`)).body.total).toBe(1);
});

test('"did you mean" only when the corrected query finds something and the query as typed nothing or far less', async () => {
  // The correction finds nothing in this language: nothing to offer.
  const elsewhere = await call('GET', 'search?q=trsut&lang=tw');
  expect(elsewhere.body.total).toBe(0);
  expect(elsewhere.body).not.toHaveProperty('suggestion');
  // Three words, the typo one of them: as typed, the other two find the same row.
  const most = await call('GET', 'search?q=trust+enterprise+seminr&lang=en');
  expect(most.body.data.map((hit: { title: string }) => hit.title)).toEqual(['Trust Enterprise Act seminar']);
  expect(most.body).not.toHaveProperty('suggestion');
  const none = await call('GET', 'search?q=enterprise+seminr&lang=en');
  expect(none.body.suggestion).toBe('enterprise seminar');
});

test('suggestions: titles that start with what was typed first, at most 8', async () => {
  const result = await call('GET', `search/suggest?q=${encodeURIComponent('信託業')}`);
  expect(result.status).toBe(200);
  expect(result.body.data.map((entry: { title: string }) => entry.title)).toEqual(['信託業法', '信託業法修正草案說明']);
  expect(result.body.data[0].url).toMatch(/^\/tw\/news\/\d+$/);
  expect((await call('GET', 'search/suggest?q=hidden&lang=en')).body.data).toEqual([]);
  expect((await call('GET', 'search/suggest?q=')).body.data).toEqual([]);
});

test.each([
  ['search?q=x&page=0', 'tw'],
  ['search?q=x&page=abc', 'en'],
  ['search?q=x&pageSize=51', 'tw'],
  ['search?q=x&pageSize=-1', 'en'],
  ['search?q=x&area=nowhere', 'tw'],
  ['search?q=x&year=20x6', 'en'],
  ['search?q=x&lang=fr', 'en'],
  ['search/suggest?q=x&lang=de', 'tw'],
])('garbled %s is a 400 in the request language', async (path, language) => {
  const result = await call('GET', path, undefined, { language: language as 'tw' | 'en' });
  expect(result.status).toBe(400);
  expect(typeof result.body.message).toBe('string');
  expect(/[\u4e00-\u9fff]/.test(result.body.message)).toBe(language === 'tw');
});

test('synonyms of the web settings are applied at query time, for Admins to set and never shown to visitors', async () => {
  await addRow('webnews', { title: '安養照護講座' }, { token, language: 'tw' });
  const before = await call('GET', `search?q=${encodeURIComponent('老人')}`);
  expect(before.body.total).toBe(0);
  const saved = await call(
    'POST',
    'websetting/webinfo',
    { searchSynonyms: '安養，老人, senior-care\nfoo, bar' },
    { token },
  );
  expect(saved.status).toBe(200);
  const after = await call('GET', `search?q=${encodeURIComponent('老人')}`);
  expect(after.body.data.map((hit: { title: string }) => hit.title)).toEqual(['安養照護講座']);
  expect((await call('GET', 'websetting/webinfo')).body).not.toHaveProperty('searchSynonyms');
});

/**
 * The back office's keyword boxes (getlist's `keyword`) and the spec's `webrule/search` and
 * `webbilingual/search` match as the site search reads text: 台/臺 and the other variant pairs,
 * Simplified input, English word forms; whatever the substring match found is still found.
 */
import { call, signedIn } from '../helpers/api';
import { addRow } from '../helpers/content';
import { withDatabase } from '../helpers/database';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(1)).token;
  const as = { token };
  const classId = (await addRow('webruleclass', { name: '信託法規' }, as)).id;
  const businessId = (await addRow('webrulebusiness', { classId, name: '保管業務' }, as)).id;
  await addRow('webrule', { classId, businessId, title: '臺灣信託業法', content: '<p>信託業之經營</p>' }, as);
  await addRow('webrule', { classId, businessId, title: '銀行法', content: '<p>存款</p>' }, as);
  const enClass = (await addRow('webruleclass', { name: 'Trust law' }, { token, language: 'en' })).id;
  const enBusiness = (await addRow('webrulebusiness', { classId: enClass, name: 'Custody' }, { token, language: 'en' }))
    .id;
  await addRow(
    'webrule',
    {
      classId: enClass,
      businessId: enBusiness,
      title: 'Registration of trusts',
      content: '<p>Registered trustees</p>',
    },
    { token, language: 'en' },
  );
  await addRow('webbilingual', { termTw: '安養信託', termEn: 'Senior-care trust' }, as);
  await addRow('webnews', { title: '台灣信託論壇' }, as);
});

const titles = (body: { data: { title?: string; termTw?: string }[] }) =>
  body.data.map((row) => row.title ?? row.termTw).sort();

test('webrule/search: variants, Simplified input and word forms; substrings still match', async () => {
  const search = (keyword: string, language: 'tw' | 'en' = 'tw') =>
    call('POST', `webrule/search?keyword=${encodeURIComponent(keyword)}`, {}, { token, language });
  expect(titles((await search('台灣')).body)).toEqual(['臺灣信託業法']);
  expect(titles((await search('信托业')).body)).toEqual(['臺灣信託業法']);
  expect(titles((await search('託業')).body)).toEqual(['臺灣信託業法']);
  expect(titles((await search('register trusted', 'en')).body)).toEqual(['Registration of trusts']);
  expect(titles((await search('egistrat', 'en')).body)).toEqual(['Registration of trusts']);
  expect(titles((await search('保險')).body)).toEqual([]);
});

test('webbilingual/search and the back office getlist keyword', async () => {
  const glossary = await call('POST', `webbilingual/search?keyword=${encodeURIComponent('安养')}`, {}, { token });
  expect(titles(glossary.body)).toEqual(['安養信託']);
  const news = await call('POST', 'webnews/getlist', { keyword: '臺灣' }, { token });
  expect(news.status).toBe(200);
  expect(titles(news.body)).toEqual(['台灣信託論壇']);
  const rules = await call('POST', 'webrule/getlist', { keyword: '信托' }, { token });
  expect(titles(rules.body)).toEqual(['臺灣信託業法']);
});

describe('the relevance order of a list with a keyword', () => {
  const ordered = (body: { data: { title: string }[] }) => body.data.map((row) => row.title);
  beforeAll(async () => {
    // Added in this order, so the default order (newest first) is the reverse.
    await addRow(
      'webnews',
      { title: 'Pension news', content: '<p>senior pension trust</p>' },
      { token, language: 'en' },
    );
    await addRow(
      'webnews',
      { title: 'Pension trust', content: '<p>what a pension trust is</p>' },
      { token, language: 'en' },
    );
    await addRow(
      'webnews',
      { title: 'Trust pensions explained', content: '<p>pension</p>' },
      { token, language: 'en' },
    );
    await addRow('webnews', { title: 'Other', content: '<p>nothing</p>' }, { token, language: 'en' });
  });
  const list = (body: Record<string, unknown>) => call('POST', 'webnews/getlist', body, { token, language: 'en' });

  test('with a keyword the best matches come first: the exact title, then the title holding it, then by weight', async () => {
    const { status, body } = await list({ keyword: 'pension trust' });
    expect(status).toBe(200);
    expect(ordered(body)).toEqual(['Pension trust', 'Trust pensions explained', 'Pension news']);
    expect(ordered((await list({ keyword: 'pension trust', sort: 'relevance' })).body)).toEqual(ordered(body));
  });

  test('a sort chosen wins; without a keyword relevance is the usual order', async () => {
    const byTitle = await list({ keyword: 'pension trust', sort: 'title', direction: 'asc' });
    expect(ordered(byTitle.body)).toEqual(['Pension news', 'Pension trust', 'Trust pensions explained']);
    const usual = ordered((await list({})).body);
    expect(usual[0]).toBe('Other');
    expect(ordered((await list({ sort: 'relevance' })).body)).toEqual(usual);
  });

  test('an unknown sort names relevance among the choices', async () => {
    const refused = await list({ keyword: 'x', sort: 'nonsense' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/relevance/);
  });
});

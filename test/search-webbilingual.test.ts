/**
 * Glossary: `initial` derived from termEn on every write, and
 * `POST webbilingual/search?keyword=&initial=` with getlist's body and response.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, message } from './helpers/content';

withDatabase();

let admin: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
});

const search = (query: string, body: unknown = {}, options: { token?: string; language?: 'tw' | 'en' } = {}) =>
  call('POST', `webbilingual/search${query ? `?${query}` : ''}`, body, options);
const terms = (body: any): string[] => body.data.map((row: any) => row.termEn);

describe('initial is derived from termEn', () => {
  test.each([
    ['Trust', 'T'],
    ['beneficiary', 'B'],
    ['  settlor', 'S'],
    ['Über trust', 'U'],
    ['Ｆｕｌｌ-width fund', 'F'],
    ['3-party agreement', '#'],
    ['(ESG) fund', '#'],
    ['ß-ratio', '#'],
  ])('on add: %s → %s', async (termEn, initial) => {
    const row = await addRow('webbilingual', { termTw: '名詞', termEn }, { token: admin });
    expect(row.initial).toBe(initial);
    expect((await call('GET', `webbilingual/get/${row.id}`)).body.initial).toBe(initial);
  });

  test('on update when termEn changes; other updates and a client-sent initial leave it', async () => {
    const row = await addRow('webbilingual', { termTw: '受託人', termEn: 'trustee', initial: 'Z' }, { token: admin });
    expect(row.initial).toBe('T');
    const renamed = await call('PUT', 'webbilingual/update', { id: row.id, termEn: 'fiduciary' }, { token: admin });
    expect(renamed.status).toBe(200);
    expect(renamed.body.initial).toBe('F');
    const described = await call(
      'PUT',
      'webbilingual/update',
      { id: row.id, description: '受人之託', initial: 'Q' },
      { token: admin },
    );
    expect(described.body).toMatchObject({ termEn: 'fiduciary', initial: 'F', description: '受人之託' });
    // A client sends the whole row back: termEn unchanged, initial still follows it.
    const whole = await call(
      'PUT',
      'webbilingual/update',
      { ...described.body, termEn: '401(k) plan', initial: 'F' },
      { token: admin },
    );
    expect(whole.body.initial).toBe('#');
  });

  test('a blank termEn on update is a 400, and the initial stays', async () => {
    const row = await addRow('webbilingual', { termTw: '信託', termEn: 'trust' }, { token: admin });
    const blank = await call('PUT', 'webbilingual/update', { id: row.id, termEn: '  ' }, { token: admin });
    expect(blank.status).toBe(400);
    expect((await call('GET', `webbilingual/get/${row.id}`)).body).toMatchObject({ termEn: 'trust', initial: 'T' });
  });
});

describe('search', () => {
  beforeEach(async () => {
    // Empty the glossary through the API, so each test starts from the rows it adds.
    const all = await call('POST', 'webbilingual/getlist', { pageSize: 9999 }, { token: admin });
    for (const row of all.body.data) await call('DELETE', `webbilingual/delete/${row.id}`, undefined, { token: admin });
    const add = (termTw: string, termEn: string, extra: Record<string, unknown> = {}) =>
      addRow('webbilingual', { termTw, termEn, ...extra }, { token: admin });
    await add('信託財產', 'trust property', { description: 'Property held in trust by the trustee.' });
    await add('信託業', 'Trust enterprise');
    await add('受益人', 'beneficiary', { description: '享有信託利益之人' });
    await add('委託人', 'Settlor');
    await add('保管銀行', 'custodian bank');
    await add('退休金計畫', '401(k) plan');
    await add('內部用語', 'Draft term', { isVisible: false });
  });

  test('keyword: Chinese inside a term, in either term or the description', async () => {
    expect(terms((await search(`keyword=${encodeURIComponent('託')}`)).body)).toEqual([
      'Settlor',
      'Trust enterprise',
      'beneficiary',
      'trust property',
    ]);
    expect(terms((await search(`keyword=${encodeURIComponent('財產')}`)).body)).toEqual(['trust property']);
    expect(terms((await search(`keyword=${encodeURIComponent('信託利益')}`)).body)).toEqual(['beneficiary']);
  });

  test('keyword: English in any case; every term must match', async () => {
    expect(terms((await search('keyword=TRUST')).body)).toEqual(['Trust enterprise', 'trust property']);
    expect(terms((await search('keyword=tRuStEe')).body)).toEqual(['trust property']);
    expect(terms((await search('keyword=trust+ENTERPRISE')).body)).toEqual(['Trust enterprise']);
    expect(terms((await search('keyword=bank%20%E9%8A%80%E8%A1%8C')).body)).toEqual(['custodian bank']);
    expect((await search('keyword=%25')).body.total).toBe(0);
  });

  test('initial: one letter in either case, or # for terms that start otherwise', async () => {
    expect(terms((await search('initial=T')).body)).toEqual(['Trust enterprise', 'trust property']);
    expect(terms((await search('initial=t')).body)).toEqual(['Trust enterprise', 'trust property']);
    expect(terms((await search('initial=%23')).body)).toEqual(['401(k) plan']);
    expect((await search('initial=Q')).body).toEqual({ data: [], total: 0, page: 1, pageSize: 10 });
  });

  test('keyword and initial combine', async () => {
    expect(terms((await search(`initial=b&keyword=${encodeURIComponent('信託')}`)).body)).toEqual(['beneficiary']);
    expect((await search('initial=S&keyword=bank')).body.total).toBe(0);
  });

  test.each([['AB'], ['1'], ['信'], ['*'], ['%25']])('initial=%s is a 400 in the request language', async (initial) => {
    const value = decodeURIComponent(initial);
    const tw = await search(`initial=${initial}`);
    expect(tw.status).toBe(400);
    expect(tw.body.message).toBe(message('tw', 'invalidInitial', { value }));
    const en = await search(`initial=${initial}`, {}, { language: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(message('en', 'invalidInitial', { value }));
  });

  test('sorted by termEn ascending by default; paging and sorting from the body', async () => {
    const all = await search('');
    expect(all.status).toBe(200);
    // Code-point order (the database's C collation): digits, then capitals, then lower case.
    expect(terms(all.body)).toEqual([
      '401(k) plan',
      'Settlor',
      'Trust enterprise',
      'beneficiary',
      'custodian bank',
      'trust property',
    ]);
    const page = await search('', { page: 2, pageSize: 2, sort: 'termTw', direction: 'desc' });
    expect(page.body).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(page.body.data.map((row: any) => row.termTw)).toEqual(['受益人', '信託財產']);
    const bad = await search('', { sort: 'description' }, { language: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Cannot sort by "description"/);
  });

  test('rows have no language: both languages search the same glossary', async () => {
    const tw = await search('keyword=trust');
    const en = await search('keyword=trust', {}, { language: 'en' });
    expect(en.body).toEqual(tw.body);
    expect(tw.body.data[0]).not.toHaveProperty('lang');
  });

  test('anonymous callers do not find hidden terms; signed-in callers do', async () => {
    expect((await search('keyword=draft')).body.total).toBe(0);
    expect((await search('initial=D')).body.total).toBe(0);
    const signedInResult = await search('keyword=draft', {}, { token: admin });
    expect(terms(signedInResult.body)).toEqual(['Draft term']);
    expect(signedInResult.body.data[0].isVisible).toBe(false);
  });
});

/**
 * Laws and regulations search: `POST webrule/search?keyword=&classId=&businessId=
 * &attributeId=&from=&to=` with getlist's body and response, and `GET webrule/getoptions`.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, message } from './helpers/content';

withDatabase();

let admin: string;
const ids: Record<string, number> = {};

const search = (query: string, body: unknown = {}, options: { token?: string; language?: 'tw' | 'en' } = {}) =>
  call('POST', `webrule/search${query ? `?${query}` : ''}`, body, options);
const titles = (body: any): string[] => body.data.map((row: any) => row.title).sort();

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  const as = { token: admin };
  ids.banking = (await addRow('webruleclass', { name: '銀行法規' }, as)).id;
  ids.trust = (await addRow('webruleclass', { name: '信託法規' }, as)).id;
  ids.hiddenClass = (await addRow('webruleclass', { name: '內部', isVisible: false }, as)).id;
  ids.enClass = (await addRow('webruleclass', { name: 'Trust law' }, { token: admin, language: 'en' })).id;
  ids.custody = (await addRow('webrulebusiness', { classId: ids.trust, name: '保管業務' }, as)).id;
  ids.funds = (await addRow('webrulebusiness', { classId: ids.trust, name: '基金業務' }, as)).id;
  ids.deposits = (await addRow('webrulebusiness', { classId: ids.banking, name: '存款業務' }, as)).id;
  ids.statute = (await addRow('webruleattribute', { name: '法律' }, as)).id;
  ids.order = (await addRow('webruleattribute', { name: '命令' }, as)).id;
  const rule = (body: Record<string, unknown>, options: { language?: 'tw' | 'en' } = {}) =>
    addRow('webrule', body, { token: admin, ...options });
  await rule({
    classId: ids.trust,
    businessId: ids.custody,
    attributeId: ids.order,
    title: '信託業法施行細則',
    issuedOn: '2021-03-15',
    content: '<p>依信託業法第六十條訂定。</p>',
  });
  await rule({
    classId: ids.trust,
    businessId: ids.funds,
    attributeId: ids.statute,
    title: '信託業法',
    issuedOn: '2019-01-16',
    content: '<p>為健全信託業之經營。</p>',
  });
  await rule({
    classId: ids.trust,
    businessId: ids.funds,
    attributeId: ids.order,
    title: '證券投資信託基金管理辦法',
    issuedOn: '2023-07-01',
    content: '<p>基金保管機構之<strong>資格</strong>。</p>',
  });
  await rule({
    classId: ids.banking,
    businessId: ids.deposits,
    attributeId: ids.statute,
    title: '銀行法',
    issuedOn: '2023-06-28',
    content: '<p>本法稱銀行，謂依本法組織登記。</p>',
  });
  await rule({
    classId: ids.banking,
    title: 'Trust Enterprise Act (English translation)',
    issuedOn: '2020-12-31',
    content: '<p>Unofficial TRANSLATION of the act.</p>',
  });
  await rule({
    classId: ids.banking,
    title: 'Rules on R&D expenses',
    content:
      '<p><a href="https://law.example/strong">text</a> 信託<em>業法</em>之適用 100% Q&amp;A 1&lt;2 v1.2 (draft)</p>',
  });
  await rule({ classId: ids.trust, title: '信託業內部作業規範（草案）', issuedOn: '2024-01-01', isVisible: false });
  await rule({ classId: ids.enClass, title: 'Trust Enterprise Act', issuedOn: '2019-01-16' }, { language: 'en' });
});

describe('keyword', () => {
  test('Chinese matches inside longer words, in titles and in content', async () => {
    const result = await search(`keyword=${encodeURIComponent('業法')}`, {}, { token: admin });
    expect(result.status).toBe(200);
    expect(titles(result.body)).toEqual(['Rules on R&D expenses', '信託業法', '信託業法施行細則']);
    expect(titles((await search(`keyword=${encodeURIComponent('施行細則')}`)).body)).toEqual(['信託業法施行細則']);
  });

  test('English matches in any case, in titles and in content', async () => {
    for (const keyword of ['trust enterprise', 'TRUST ENTERPRISE', 'TrUsT eNtErPrIsE']) {
      expect(titles((await search(`keyword=${encodeURIComponent(keyword)}`)).body)).toEqual([
        'Trust Enterprise Act (English translation)',
      ]);
    }
    expect(titles((await search('keyword=unofficial')).body)).toEqual(['Trust Enterprise Act (English translation)']);
  });

  test('every whitespace-separated term must match, in the title or the content', async () => {
    expect(titles((await search(`keyword=${encodeURIComponent('信託 第六十條')}`)).body)).toEqual(['信託業法施行細則']);
    expect(titles((await search(`keyword=${encodeURIComponent('  translation   act  ')}`)).body)).toEqual([
      'Trust Enterprise Act (English translation)',
    ]);
    expect((await search(`keyword=${encodeURIComponent('信託 銀行')}`)).body.total).toBe(0);
  });

  test('content is matched as text: markup neither matches nor splits a phrase', async () => {
    // "strong" and "href" appear only inside tags; 信託<em>業法</em> reads as 信託業法.
    expect((await search('keyword=strong')).body.total).toBe(0);
    expect((await search('keyword=href')).body.total).toBe(0);
    expect(titles((await search(`keyword=${encodeURIComponent('保管機構之資格')}`)).body)).toEqual([
      '證券投資信託基金管理辦法',
    ]);
    expect(titles((await search(`keyword=${encodeURIComponent('信託業法之適用')}`)).body)).toEqual([
      'Rules on R&D expenses',
    ]);
    // & is stored as &amp; by the sanitiser; the keyword finds it as typed, and the entity's name is not text.
    expect(titles((await search(`keyword=${encodeURIComponent('q&a')}`)).body)).toEqual(['Rules on R&D expenses']);
    expect(titles((await search(`keyword=${encodeURIComponent('1<2')}`)).body)).toEqual(['Rules on R&D expenses']);
    expect((await search('keyword=amp')).body.total).toBe(0);
    expect((await search('keyword=lt')).body.total).toBe(0);
  });

  test('LIKE wildcards and regular-expression characters are taken literally', async () => {
    expect(titles((await search(`keyword=${encodeURIComponent('v1.2 (draft)')}`)).body)).toEqual([
      'Rules on R&D expenses',
    ]);
    expect((await search(`keyword=${encodeURIComponent('v..2')}`)).body.total).toBe(0);
    for (const keyword of ['[', '*', '.*', '?', '^', '$', '|', '{1}', '***:x', '(?i)']) {
      const result = await search(`keyword=${encodeURIComponent(keyword)}`);
      expect(result.status).toBe(200);
      expect(result.body.total).toBe(0);
    }
    expect((await search(`keyword=${encodeURIComponent('信託業法'.repeat(50))}`)).status).toBe(200);
    expect(titles((await search('keyword=%25')).body)).toEqual(['Rules on R&D expenses']);
    expect((await search('keyword=1_0')).body.total).toBe(0);
    expect((await search(`keyword=${encodeURIComponent('\\')}`)).body.total).toBe(0);
  });

  test("the body's keyword works as in getlist; the query string wins", async () => {
    expect(titles((await search('', { keyword: '施行細則' })).body)).toEqual(['信託業法施行細則']);
    expect(titles((await search('keyword=unofficial', { keyword: '施行細則' })).body)).toEqual([
      'Trust Enterprise Act (English translation)',
    ]);
  });

  test('no keyword and no filter lists every row the caller may see; a NUL is not a 500', async () => {
    expect((await search('')).body.total).toBe(6);
    expect((await search('keyword=%20%20')).body.total).toBe(6);
    const nul = await search('keyword=%E4%BF%A1%00%E8%A8%97');
    expect(nul.status).toBe(200);
    expect(titles(nul.body)).toContain('信託業法');
  });
});

describe('filters', () => {
  test('class, business line and attribute filter alone and combined with a keyword', async () => {
    expect((await search(`classId=${ids.trust}`)).body.total).toBe(3);
    expect(titles((await search(`classId=${ids.trust}&businessId=${ids.funds}`)).body)).toEqual([
      '信託業法',
      '證券投資信託基金管理辦法',
    ]);
    expect(titles((await search(`attributeId=${ids.statute}`)).body)).toEqual(['信託業法', '銀行法']);
    expect(
      titles(
        (await search(`classId=${ids.trust}&attributeId=${ids.order}&keyword=${encodeURIComponent('信託')}`)).body,
      ),
    ).toEqual(['信託業法施行細則', '證券投資信託基金管理辦法']);
    expect((await search(`businessId=${ids.deposits}&keyword=${encodeURIComponent('信託')}`)).body.total).toBe(0);
  });

  test('0 and empty mean every class, as in getlist', async () => {
    expect((await search('classId=0&businessId=&attributeId=0')).body.total).toBe(6);
  });

  test('issue-date range: inclusive, either end alone, dates or wire date-times', async () => {
    expect(titles((await search('from=2023-06-28&to=2023-07-01')).body)).toEqual([
      '證券投資信託基金管理辦法',
      '銀行法',
    ]);
    expect(titles((await search('from=2023-06-29')).body)).toEqual(['證券投資信託基金管理辦法']);
    // Rows without an issue date fall outside any range.
    expect(titles((await search('to=2019-12-31')).body)).toEqual(['信託業法']);
    expect(titles((await search('from=2021-03-15T00:00:00&to=2021-03-15T23:59:59')).body)).toEqual([
      '信託業法施行細則',
    ]);
    expect(
      titles((await search(`from=2020-01-01&classId=${ids.trust}&keyword=${encodeURIComponent('信託')}`)).body),
    ).toEqual(['信託業法施行細則', '證券投資信託基金管理辦法']);
  });

  test("an empty result has getlist's shape", async () => {
    const result = await search(`keyword=${encodeURIComponent('保險法')}`, { page: 3, pageSize: 5 });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: [], total: 0, page: 1, pageSize: 5 });
  });
});

describe('paging and sorting come from the body, as in getlist', () => {
  test('page, pageSize, sort and direction', async () => {
    const result = await search(`classId=${ids.trust}`, { page: 2, pageSize: 2, sort: 'issuedOn', direction: 'desc' });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(['data', 'page', 'pageSize', 'total']);
    expect(result.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(result.body.data.map((r: any) => r.title)).toEqual(['信託業法']);
  });

  test("the default order is the rules' order", async () => {
    const result = await search(`classId=${ids.trust}`);
    const orders = result.body.data.map((r: any) => r.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  test("paging errors are getlist's 400s", async () => {
    const sort = await search('', { sort: 'content' });
    expect(sort.status).toBe(400);
    expect(sort.body.message).toContain('可用欄位');
    const page = await search('', { page: 0 }, { language: 'en' });
    expect(page.status).toBe(400);
    expect(page.body.message).toBe(message('en', 'invalidPage', { max: 1_000_000 }));
    expect((await call('POST', 'webrule/search', undefined, { raw: '{oops' })).status).toBe(400);
  });
});

describe('bad query parameters are 400s worded in the request language', () => {
  test.each([['classId'], ['businessId'], ['attributeId']])('a malformed %s', async (key) => {
    for (const value of ['abc', '-1', '1.5', '99999999999']) {
      const result = await search(`${key}=${value}`);
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(message('tw', 'invalidId', { value }));
    }
  });

  test('an id that does not exist (or only in the other language) names the field', async () => {
    const unknown = await search('classId=999999');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(message('tw', 'unknownReference', { field: '法規類別', value: 999999 }));
    const otherLanguage = await search(`classId=${ids.enClass}`);
    expect(otherLanguage.status).toBe(400);
    const attribute = await search('attributeId=999999', {}, { language: 'en' });
    expect(attribute.status).toBe(400);
    expect(attribute.body.message).toBe(message('en', 'unknownReference', { field: 'Attribute', value: 999999 }));
  });

  test.each([
    ['2024-13-01'],
    ['2024-02-30'],
    ['yesterday'],
    ['2024/01/01'],
    ['20240101'],
    ['2024-01-01T25:00:00'],
    ['2024-01-01Tnoon'],
  ])('from=%s', async (from) => {
    const tw = await search(`from=${encodeURIComponent(from)}`);
    expect(tw.status).toBe(400);
    expect(tw.body.message).toBe(message('tw', 'notDate', { field: '發布日期（起）' }));
    const en = await search(`to=${encodeURIComponent(from)}`, {}, { language: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(message('en', 'notDate', { field: 'Issued until' }));
  });

  test('from after to', async () => {
    const tw = await search('from=2024-02-01&to=2024-01-31');
    expect(tw.status).toBe(400);
    expect(tw.body.message).toBe('「發布日期（起）」不可晚於「發布日期（迄）」。');
    const en = await search('from=2024-02-01&to=2024-01-31', {}, { language: 'en' });
    expect(en.body.message).toBe('Issued from must not be later than Issued until.');
  });
});

describe('who sees what', () => {
  test('anonymous callers see only visible rows, without back-office columns', async () => {
    const keyword = `keyword=${encodeURIComponent('內部作業')}`;
    expect((await search(keyword)).body).toEqual({ data: [], total: 0, page: 1, pageSize: 10 });
    const signedInResult = await search(keyword, {}, { token: admin });
    expect(titles(signedInResult.body)).toEqual(['信託業內部作業規範（草案）']);
    expect(signedInResult.body.data[0]).toHaveProperty('isVisible', false);
    const anonymous = await search(`keyword=${encodeURIComponent('信託業法')}`);
    expect(anonymous.body.data.length).toBeGreaterThan(0);
    for (const row of anonymous.body.data) {
      expect(row).not.toHaveProperty('isVisible');
      expect(row).not.toHaveProperty('updatedBy');
    }
  });

  test('each language searches its own rows', async () => {
    const en = await search('keyword=trust', {}, { language: 'en' });
    expect(titles(en.body)).toEqual(['Trust Enterprise Act']);
    expect(en.body.data[0].issuedOn).toBe('2019-01-16');
  });

  test('an expired token is told to sign in again', async () => {
    const result = await search('', {}, { token: 'not-a-session' });
    expect(result.status).toBe(401);
  });

  test('it is a POST that keeps the XSRF check, like getlist', async () => {
    expect((await call('POST', 'webrule/search', {}, { xsrf: false })).status).toBe(403);
    expect((await call('GET', 'webrule/search')).status).toBe(405);
  });
});

describe('getoptions', () => {
  test('the three option lists in the request language, in order', async () => {
    await call('PUT', `webruleclass/changeorder/${ids.banking}/2`, undefined, { token: admin });
    const result = await call('GET', 'webrule/getoptions');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      classes: [
        { id: ids.trust, name: '信託法規' },
        { id: ids.banking, name: '銀行法規' },
      ],
      // Business lines are ordered within their class.
      businesses: [
        { id: ids.deposits, name: '存款業務', classId: ids.banking },
        { id: ids.custody, name: '保管業務', classId: ids.trust },
        { id: ids.funds, name: '基金業務', classId: ids.trust },
      ],
      attributes: [
        { id: ids.statute, name: '法律' },
        { id: ids.order, name: '命令' },
      ],
    });
    const en = await call('GET', 'webrule/getoptions', undefined, { language: 'en' });
    expect(en.body).toEqual({ classes: [{ id: ids.enClass, name: 'Trust law' }], businesses: [], attributes: [] });
  });

  test('a hidden class is listed only for signed-in callers', async () => {
    const signedInResult = await call('GET', 'webrule/getoptions', undefined, { token: admin });
    expect(signedInResult.body.classes.map((c: any) => c.id)).toContain(ids.hiddenClass);
    const anonymous = await call('GET', 'webrule/getoptions');
    expect(anonymous.body.classes.map((c: any) => c.id)).not.toContain(ids.hiddenClass);
  });
});

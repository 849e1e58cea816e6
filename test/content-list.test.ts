/**
 * getlist of the generic content API (docs/api.md, Lists): the response shape, paging and
 * its corrections, sorting, the keyword filter and the `getlist/{typeId}` path filter.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, message } from './helpers/content';

withDatabase();

let admin: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
});

beforeEach(clearContent);

const list = (resource: string, body: unknown, options: { token?: string; language?: 'tw' | 'en' } = {}) =>
  call('POST', `${resource}/getlist`, body, options);
const titles = (body: any): string[] => body.data.map((row: any) => row.title);

/** Five news items a…e, published a day apart (a oldest), none pinned. */
async function fiveNews() {
  for (const [i, title] of ['a', 'b', 'c', 'd', 'e'].entries()) {
    await addRow('webnews', { title, publishAt: `2024-01-0${i + 1}T09:00:00` }, { token: admin });
  }
}

describe('response shape and paging', () => {
  test('an empty list is {data: [], total: 0, page: 1, pageSize}', async () => {
    const result = await list('webnews', { page: 1, pageSize: 10 });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: [], total: 0, page: 1, pageSize: 10 });
  });

  test('data, total, page and pageSize describe the page asked for', async () => {
    await fiveNews();
    const first = await list('webnews', { page: 1, pageSize: 2 });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['data', 'page', 'pageSize', 'total']);
    expect(first.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(titles(first.body)).toEqual(['e', 'd']);
    const second = await list('webnews', { page: 2, pageSize: 2 });
    expect(second.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(titles(second.body)).toEqual(['c', 'b']);
    const third = await list('webnews', { page: 3, pageSize: 2 });
    expect(titles(third.body)).toEqual(['a']);
  });

  test('page and pageSize default to 1 and 10 when the body is empty', async () => {
    for (let i = 0; i < 12; i++) await addRow('webnews', { title: `n${i}` }, { token: admin });
    const result = await call('POST', 'webnews/getlist', undefined, {});
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(result.body.data).toHaveLength(10);
  });

  test('page and pageSize may come as digit strings (form values)', async () => {
    await fiveNews();
    const result = await list('webnews', { page: '2', pageSize: '3' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ page: 2, pageSize: 3, total: 5 });
    expect(titles(result.body)).toEqual(['b', 'a']);
  });

  test('a page beyond the end is corrected to the last page', async () => {
    await fiveNews();
    const result = await list('webnews', { page: 99, pageSize: 2 });
    expect(result.status).toBe(200);
    expect(result.body.page).toBe(3);
    expect(titles(result.body)).toEqual(['a']);
  });

  test('any page of an empty list is corrected to page 1', async () => {
    const result = await list('webnews', { page: 7, pageSize: 5 });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: [], total: 0, page: 1, pageSize: 5 });
  });

  test('pageSize is capped at the shared maximum 9999', async () => {
    await fiveNews();
    for (const pageSize of [10_000, 1_000_000]) {
      const result = await list('webnews', { page: 1, pageSize });
      expect(result.status).toBe(200);
      expect(result.body.pageSize).toBe(9999);
      expect(result.body.data).toHaveLength(5);
    }
    const exact = await list('webnews', { page: 1, pageSize: 9999 });
    expect(exact.body.pageSize).toBe(9999);
  });

  test.each([[0], [-1], [1.5], ['abc'], [true], [10_000_000], [1e300], ['1e3']])(
    'page %p is a 400 with a message, never a 500',
    async (page) => {
      const result = await list('webnews', { page, pageSize: 10 });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(message('tw', 'invalidPage', { max: 1_000_000 }));
    },
  );

  test.each([[0], [-5], [2.5], ['ten'], [{ size: 10 }]])('pageSize %p is a 400 with a message', async (pageSize) => {
    const result = await list('webnews', { page: 1, pageSize });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'invalidPageSize'));
  });

  test('paging errors are worded in the request language', async () => {
    const result = await list('webnews', { page: -1 }, { language: 'en' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('en', 'invalidPage', { max: 1_000_000 }));
    expect(result.body.message).toMatch(/^The page must be a whole number/);
  });
});

describe('sorting', () => {
  test('news default sort: pinned first, then publishAt newest first', async () => {
    await addRow('webnews', { title: 'old', publishAt: '2024-01-01T00:00:00' }, { token: admin });
    await addRow('webnews', { title: 'new', publishAt: '2024-03-01T00:00:00' }, { token: admin });
    await addRow(
      'webnews',
      { title: 'pinned-mid', publishAt: '2024-02-01T00:00:00', isPinned: true },
      { token: admin },
    );
    await addRow(
      'webnews',
      { title: 'pinned-oldest', publishAt: '2023-01-01T00:00:00', isPinned: true },
      { token: admin },
    );
    await addRow('webnews', { title: 'newest', publishAt: '2024-04-01T00:00:00' }, { token: admin });
    const result = await list('webnews', { page: 1, pageSize: 10 });
    expect(result.status).toBe(200);
    expect(titles(result.body)).toEqual(['pinned-mid', 'pinned-oldest', 'newest', 'new', 'old']);
  });

  test('sort by a field ascending and descending', async () => {
    for (const title of ['delta', 'alpha', 'charlie', 'bravo']) await addRow('webnews', { title }, { token: admin });
    const asc = await list('webnews', { page: 1, pageSize: 10, sort: 'title', direction: 'asc' });
    expect(asc.status).toBe(200);
    expect(titles(asc.body)).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
    const desc = await list('webnews', { page: 1, pageSize: 10, sort: 'title', direction: 'desc' });
    expect(titles(desc.body)).toEqual(['delta', 'charlie', 'bravo', 'alpha']);
  });

  test('sort by publishAt ascending overrides the default', async () => {
    await fiveNews();
    await addRow('webnews', { title: 'pinned', publishAt: '2024-02-01T00:00:00', isPinned: true }, { token: admin });
    const result = await list('webnews', { page: 1, pageSize: 10, sort: 'publishAt', direction: 'asc' });
    expect(titles(result.body)).toEqual(['a', 'b', 'c', 'd', 'e', 'pinned']);
  });

  test('direction defaults to ascending and is case-insensitive', async () => {
    for (const title of ['b', 'c', 'a']) await addRow('webnews', { title }, { token: admin });
    const implicit = await list('webnews', { sort: 'title' });
    expect(titles(implicit.body)).toEqual(['a', 'b', 'c']);
    const upper = await list('webnews', { sort: 'title', direction: 'DESC' });
    expect(upper.status).toBe(200);
    expect(titles(upper.body)).toEqual(['c', 'b', 'a']);
  });

  test("an empty sort and direction (a client's initial state) mean the default order", async () => {
    await fiveNews();
    const result = await list('webnews', { page: 1, pageSize: 10, sort: '', direction: '' });
    expect(result.status).toBe(200);
    expect(titles(result.body)).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  test('an unknown sort field is a 400 whose message names the allowed fields', async () => {
    const result = await list('webnews', { page: 1, pageSize: 10, sort: 'password', direction: 'asc' });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain('password');
    for (const allowed of ['id', 'title', 'publishAt', 'isPinned']) expect(result.body.message).toContain(allowed);
    expect(result.body.message).toMatch(/^無法依「password」排序，可用欄位：/);
    const en = await list('webnews', { sort: 'nope' }, { language: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.message).toMatch(/^Cannot sort by "nope"\. Sortable fields: .*title/);
  });

  test.each([['content'], ['files'], ['image'], ['lang'], ['title; drop table webnews']])(
    'sorting by %s (not sortable) is a 400',
    async (sort) => {
      const result = await list('webnews', { sort });
      expect(result.status).toBe(400);
      expect(result.body.message).toContain('可用欄位');
    },
  );

  test('a non-string sort is a 400, not a 500', async () => {
    const result = await list('webnews', { sort: ['title'] });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain('可用欄位');
  });

  test.each([['up'], ['ascending'], [1]])('direction %p is a 400', async (direction) => {
    const result = await list('webnews', { sort: 'title', direction });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'invalidDirection'));
  });

  test('ordered resources list by order by default; other fields sort too', async () => {
    for (const name of ['zeta', 'alpha', 'mu']) await addRow('webbulletintype', { name }, { token: admin });
    const byOrder = await list('webbulletintype', {});
    expect(byOrder.body.data.map((r: any) => r.name)).toEqual(['zeta', 'alpha', 'mu']);
    expect(byOrder.body.data.map((r: any) => r.order)).toEqual([1, 2, 3]);
    const byName = await list('webbulletintype', { sort: 'name', direction: 'asc' });
    expect(byName.body.data.map((r: any) => r.name)).toEqual(['alpha', 'mu', 'zeta']);
    const byOrderDesc = await list('webbulletintype', { sort: 'order', direction: 'desc' });
    expect(byOrderDesc.body.data.map((r: any) => r.name)).toEqual(['mu', 'alpha', 'zeta']);
  });
});

describe('keyword filter', () => {
  test('matches searchable fields, case-insensitively, and counts only matches', async () => {
    await addRow('webnews', { title: 'Annual Meeting 2024' }, { token: admin });
    await addRow('webnews', { title: 'Holiday notice', summary: 'The annual holiday' }, { token: admin });
    await addRow('webnews', { title: 'Other', content: '<p>nothing</p>' }, { token: admin });
    await addRow('webnews', { title: '年度會員大會' }, { token: admin });
    const result = await list('webnews', { keyword: 'ANNUAL', sort: 'title' });
    expect(result.status).toBe(200);
    expect(result.body.total).toBe(2);
    expect(titles(result.body)).toEqual(['Annual Meeting 2024', 'Holiday notice']);
    const chinese = await list('webnews', { keyword: '會員' });
    expect(titles(chinese.body)).toEqual(['年度會員大會']);
  });

  test('searches rich-text content too', async () => {
    await addRow('webnews', { title: 'one', content: '<p>quarterly report</p>' }, { token: admin });
    await addRow('webnews', { title: 'two', content: '<p>other</p>' }, { token: admin });
    const result = await list('webnews', { keyword: 'quarterly' });
    expect(titles(result.body)).toEqual(['one']);
  });

  test('LIKE wildcards in the keyword are taken literally', async () => {
    await addRow('webnews', { title: '100% growth' }, { token: admin });
    await addRow('webnews', { title: '100 members' }, { token: admin });
    await addRow('webnews', { title: 'snake_case' }, { token: admin });
    await addRow('webnews', { title: 'snakeXcase' }, { token: admin });
    expect(titles((await list('webnews', { keyword: '100%' })).body)).toEqual(['100% growth']);
    expect(titles((await list('webnews', { keyword: 'e_c' })).body)).toEqual(['snake_case']);
    expect((await list('webnews', { keyword: '\\' })).body.total).toBe(0);
  });

  test('a blank keyword filters nothing', async () => {
    await fiveNews();
    const result = await list('webnews', { keyword: '   ' });
    expect(result.body.total).toBe(5);
  });

  test('a keyword holding a NUL character is not a 500', async () => {
    await addRow('webnews', { title: 'ab' }, { token: admin });
    const result = await list('webnews', { keyword: 'a\u0000b' });
    expect(result.status).toBe(200);
  });

  test('keyword and paging combine: total counts every match', async () => {
    for (let i = 1; i <= 5; i++) await addRow('webnews', { title: `match ${i}` }, { token: admin });
    await addRow('webnews', { title: 'other' }, { token: admin });
    const result = await list('webnews', { keyword: 'match', page: 2, pageSize: 2, sort: 'title', direction: 'asc' });
    expect(result.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(titles(result.body)).toEqual(['match 3', 'match 4']);
  });
});

describe('webbulletin getlist/{typeId}', () => {
  async function bulletins() {
    const laws = await addRow('webbulletintype', { name: 'laws' }, { token: admin });
    const events = await addRow('webbulletintype', { name: 'events' }, { token: admin });
    await addRow(
      'webbulletin',
      { typeId: laws.id, title: 'law 1', publishAt: '2024-01-01T00:00:00' },
      { token: admin },
    );
    await addRow(
      'webbulletin',
      { typeId: events.id, title: 'event 1', publishAt: '2024-01-02T00:00:00' },
      { token: admin },
    );
    await addRow(
      'webbulletin',
      { typeId: laws.id, title: 'law 2', publishAt: '2024-01-03T00:00:00' },
      { token: admin },
    );
    return { laws, events };
  }

  test('filters by the type in the path', async () => {
    const { laws, events } = await bulletins();
    const lawList = await call('POST', `webbulletin/getlist/${laws.id}`, { page: 1, pageSize: 10 });
    expect(lawList.status).toBe(200);
    expect(lawList.body.total).toBe(2);
    expect(titles(lawList.body)).toEqual(['law 2', 'law 1']);
    expect(lawList.body.data.every((r: any) => r.typeId === laws.id)).toBe(true);
    const eventList = await call('POST', `webbulletin/getlist/${events.id}`, {});
    expect(titles(eventList.body)).toEqual(['event 1']);
  });

  test('getlist/0 and getlist without a type mean every type', async () => {
    await bulletins();
    for (const path of ['webbulletin/getlist/0', 'webbulletin/getlist']) {
      const result = await call('POST', path, { page: 1, pageSize: 10 });
      expect(result.status).toBe(200);
      expect(result.body.total).toBe(3);
      expect(titles(result.body)).toEqual(['law 2', 'event 1', 'law 1']);
    }
  });

  test('an unknown type id is a 400 naming it', async () => {
    await bulletins();
    const result = await call('POST', 'webbulletin/getlist/999999', {});
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('「類別」指定的資料（編號 999999）不存在。');
  });

  test('the type filter may come from the query string (?typeId=…)', async () => {
    const { laws } = await bulletins();
    const byQuery = await call('POST', `webbulletin/getlist?typeId=${laws.id}`, {});
    const byPath = await call('POST', `webbulletin/getlist/${laws.id}`, {});
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.data.map((r: { title: string }) => r.title)).toEqual(['law 2', 'law 1']);
    expect(byQuery.body.data).toEqual(byPath.body.data);
  });

  test.each([['abc'], ['-1'], ['1.5'], ['99999999999']])('a malformed type id %s is a 400', async (typeId) => {
    const result = await call('POST', `webbulletin/getlist/${typeId}`, {});
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'invalidId', { value: typeId }));
  });

  test('path filter, keyword and sort combine', async () => {
    const { laws } = await bulletins();
    const result = await call('POST', `webbulletin/getlist/${laws.id}`, {
      keyword: '1',
      sort: 'title',
      direction: 'desc',
    });
    expect(titles(result.body)).toEqual(['law 1']);
  });
});

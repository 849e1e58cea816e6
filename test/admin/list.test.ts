import { formatCell } from '@/lib/admin/cells';
import {
  canDragReorder,
  listColumns,
  listFilters,
  listRequest,
  listSearch,
  parseListState,
  positionOnPage,
  rowActions,
} from '@/lib/admin/list';
import { findResource } from '@/lib/content/model/registry';

const resource = (name: string) => findResource(name)!;
const state = (name: string, query = '') => parseListState(resource(name), new URLSearchParams(query));

describe('list columns and filters', () => {
  it('shows the listed fields with order, publication and visibility columns where the resource has them', () => {
    expect(listColumns(resource('webnews'), false).map((c) => [c.key, c.sortable])).toEqual([
      ['title', true],
      ['isPinned', true],
      ['publishAt', true],
      ['isVisible', false],
      ['status', false],
      ['updatedAt', true],
    ]);
    expect(listColumns(resource('websupervisor'), true).map((c) => c.key)).toEqual([
      'order',
      'name',
      'title',
      'organization',
      'isVisible',
      'updatedAt',
    ]);
    expect(listColumns(resource('account'), false).map((c) => c.key)).toEqual([
      'username',
      'displayName',
      'email',
      'role',
      'memberId',
      'isDisabled',
      'lastLoginAt',
      'updatedAt',
    ]);
  });

  it('filters by the parents not fixed by the menu, then by the query filters', () => {
    expect(listFilters(resource('webrule'))).toEqual([
      expect.objectContaining({ key: 'classId', via: 'path' }),
      expect.objectContaining({ key: 'businessId', via: 'path', dependsOn: 'classId' }),
      expect.objectContaining({ key: 'attributeId', via: 'query' }),
    ]);
    expect(listFilters(resource('webareainfo')).map((f) => f.key)).toEqual(['regionCode']);
    expect(listFilters(resource('websupervisor'))).toEqual([]);
    expect(listFilters(resource('webcontact')).map((f) => f.key)).toEqual(['status']);
  });
});

describe('list state and request', () => {
  it('reads page, sort, keyword and filters from the query string, ignoring what the resource lacks', () => {
    expect(state('webrule', 'page=3&sort=title&dir=desc&q=%E4%BF%A1%E8%A8%97&classId=2&attributeId=4&other=1')).toEqual(
      {
        page: 3,
        sort: 'title',
        direction: 'desc',
        keyword: '信託',
        filters: { classId: 2, attributeId: 4 },
        pageSize: 20,
      },
    );
    expect(state('webnews', 'page=0&sort=content&classId=2&publication=draft&size=30')).toEqual({
      page: 1,
      keyword: '',
      filters: {},
      pageSize: 20,
    });
    expect(state('webnews', 'publication=scheduled&size=50')).toEqual({
      page: 1,
      keyword: '',
      filters: {},
      status: 'scheduled',
      pageSize: 50,
    });
    // Only resources with a publication window have a status.
    expect(state('webbulletintype', 'publication=live')).not.toHaveProperty('status');
    expect(listSearch(state('webnews', 'publication=expired&size=100'))).toBe('?publication=expired&size=100');
    expect(listRequest(resource('webnews'), state('webnews', 'publication=hidden&size=10'), undefined).body).toEqual({
      page: 1,
      pageSize: 10,
      status: 'hidden',
    });
    expect(canDragReorder(resource('webbulletintype'), { ...state('webbulletintype'), status: 'live' })).toBe(false);
    expect(listSearch(state('webrule', 'page=3&sort=title&dir=desc&q=x&classId=2'))).toBe(
      '?page=3&sort=title&dir=desc&q=x&classId=2',
    );
    expect(listSearch(state('webnews'))).toBe('');
  });

  it('keeps the out-of-date translations filter for resources with counterparts', () => {
    expect(state('webnews', 'stale=1')).toEqual({ page: 1, keyword: '', filters: {}, stale: true, pageSize: 20 });
    expect(state('webnews', 'stale=yes')).not.toHaveProperty('stale');
    // The glossary's rows hold both languages: it has no counterparts.
    expect(state('webbilingual', 'stale=1')).not.toHaveProperty('stale');
    expect(listSearch(state('webnews', 'stale=1'))).toBe('?stale=1');
    expect(listRequest(resource('webnews'), state('webnews', 'stale=1'), undefined).body).toEqual({
      page: 1,
      pageSize: 20,
      stale: true,
    });
    expect(canDragReorder(resource('webbulletintype'), state('webbulletintype', 'stale=1'))).toBe(false);
  });

  it('puts the section and parents in the path, 0 for an unset parent before a set one, and filters in the query', () => {
    expect(listRequest(resource('webrule'), state('webrule', 'businessId=5&attributeId=4'), undefined)).toEqual({
      body: { page: 1, pageSize: 20 },
      path: [0, 5],
      query: { attributeId: 4 },
    });
    expect(listRequest(resource('webrule'), state('webrule', 'classId=2&sort=title&q=k'), undefined)).toEqual({
      body: { page: 1, pageSize: 20, sort: 'title', direction: 'asc', keyword: 'k' },
      path: [2],
      query: undefined,
    });
    expect(listRequest(resource('webareainfo'), state('webareainfo', 'regionCode=3'), 2).path).toEqual([2, 3]);
    expect(listRequest(resource('webqa'), state('webqa'), 0).path).toEqual([0]);
    // The inbox's "new" status is 0: no status means no path id at all.
    expect(listRequest(resource('webcontact'), state('webcontact'), undefined).path).toBeUndefined();
    expect(listRequest(resource('webcontact'), state('webcontact', 'status=0'), undefined).path).toEqual([0]);
  });

  it('allows dragging only when the page shows one group of siblings in their order', () => {
    expect(canDragReorder(resource('webbulletintype'), state('webbulletintype'))).toBe(true);
    expect(canDragReorder(resource('websupervisor'), state('websupervisor'))).toBe(true);
    expect(canDragReorder(resource('webbulletintype'), state('webbulletintype', 'sort=order&dir=desc'))).toBe(false);
    expect(canDragReorder(resource('webbulletintype'), state('webbulletintype', 'q=x'))).toBe(false);
    expect(canDragReorder(resource('webrulebusiness'), state('webrulebusiness'))).toBe(false);
    expect(canDragReorder(resource('webrulebusiness'), state('webrulebusiness', 'classId=1'))).toBe(true);
    expect(canDragReorder(resource('webnews'), state('webnews'))).toBe(false);
    expect(positionOnPage(3, 20, 4)).toBe(45);
  });

  it('offers no new, delete, duplicate or bulk action for contact messages', () => {
    expect(rowActions(resource('webcontact'))).toEqual({
      add: false,
      remove: false,
      duplicate: false,
      hide: false,
      bulk: false,
    });
    expect(rowActions(resource('webnews'))).toEqual({
      add: true,
      remove: true,
      duplicate: true,
      hide: true,
      bulk: true,
    });
    expect(rowActions(resource('account'))).toMatchObject({ duplicate: false, hide: false });
  });
});

describe('list cells', () => {
  const words = { yes: 'Yes', no: 'No' };
  const column = (name: string, key: string) => listColumns(resource(name), false).find((c) => c.key === key)!;

  it('names choices and references, and shortens dates and long text', () => {
    expect(formatCell(column('account', 'role'), { role: 1 }, 'en', {}, words)).toBe('Admin');
    expect(formatCell(column('account', 'role'), { role: 1 }, 'tw', {}, words)).toBe('管理者');
    expect(
      formatCell(column('webbulletin', 'typeId'), { typeId: 3 }, 'tw', { typeId: new Map([[3, '一般公告']]) }, words),
    ).toBe('一般公告');
    expect(formatCell(column('webbulletin', 'typeId'), { typeId: 4 }, 'tw', {}, words)).toBe('#4');
    expect(formatCell(column('webnews', 'isPinned'), { isPinned: false }, 'en', {}, words)).toBe('No');
    expect(formatCell(column('webnews', 'isVisible'), { isVisible: true }, 'en', {}, words)).toBe('Yes');
    expect(formatCell(column('webnews', 'publishAt'), { publishAt: '2024-05-06T07:08:09' }, 'tw', {}, words)).toBe(
      '2024-05-06 07:08',
    );
    // English dates are written the English way.
    expect(formatCell(column('webnews', 'publishAt'), { publishAt: '2024-05-06T17:08:09' }, 'en', {}, words)).toBe(
      '6 May 2024, 17:08',
    );
    expect(formatCell(column('webnews', 'updatedAt'), { updatedAt: '2026-11-24T15:08:00' }, 'en', {}, words)).toBe(
      '24 Nov 2026, 15:08',
    );
    expect(formatCell(column('webnews', 'title'), { title: 'x'.repeat(100) }, 'en', {}, words)).toHaveLength(80);
    expect(formatCell(column('webnews', 'title'), { title: null }, 'en', {}, words)).toBe('');
  });
});

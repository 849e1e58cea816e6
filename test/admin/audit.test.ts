import { auditRequest, auditSearch } from '../../lib/admin/audit';

describe('the audit screen URL', () => {
  test('becomes the getlist body, leaving out empty and malformed filters', () => {
    expect(
      auditRequest(
        new URLSearchParams('action=add&resource=webnews&accountId=3&memberId=7&from=2025-01-01&to=2025-01-31&page=2'),
        10,
      ),
    ).toEqual({
      page: 2,
      pageSize: 10,
      action: 'add',
      resource: 'webnews',
      accountId: 3,
      memberId: 7,
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(auditRequest(new URLSearchParams('accountId=-1&memberId=0&from=yesterday&page=x'), 10)).toEqual({
      page: 1,
      pageSize: 10,
    });
  });

  test('is written back without empty values or page 1', () => {
    expect(auditSearch({ action: 'delete', resource: '', accountId: '', from: '', to: '2025-02-01', page: '1' })).toBe(
      '?action=delete&to=2025-02-01',
    );
    expect(auditSearch({})).toBe('');
  });
});

import { clampPage, pageLinks, totalPages } from '@/lib/admin/pager';

describe('pager', () => {
  it('counts pages, at least one', () => {
    expect(totalPages(0, 20)).toBe(1);
    expect(totalPages(20, 20)).toBe(1);
    expect(totalPages(21, 20)).toBe(2);
  });

  it('corrects an out-of-range page', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(3, 5)).toBe(3);
  });

  it('shows at most 7 page links around the current page', () => {
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageLinks(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageLinks(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageLinks(99, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageLinks(2, 20, 4)).toEqual([1, 2, 3, 4]);
  });
});

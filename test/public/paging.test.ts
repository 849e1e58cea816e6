import { clampPage, idParam, pageParam, pageWindow } from '../../lib/public/paging';

describe('public paging', () => {
  it('shows at most 7 page links around the current page, inside 1..last', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it('corrects out-of-range pages to the nearest existing one', () => {
    expect(clampPage(99, 25, 10)).toBe(3);
    expect(clampPage(0, 25, 10)).toBe(1);
    expect(clampPage(5, 0, 10)).toBe(1);
  });

  it('reads page and id parameters leniently', () => {
    expect(pageParam('4')).toBe(4);
    expect(pageParam(['2', '9'])).toBe(2);
    expect(pageParam('-3')).toBe(1);
    expect(pageParam('abc')).toBe(1);
    expect(pageParam(undefined)).toBe(1);
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeUndefined();
    expect(idParam('1e3')).toBeUndefined();
  });
});

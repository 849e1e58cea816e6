import { fileKind, humanSize, uploadIds } from '../../lib/public/attachments';
import { dateTimeAttribute, formatSiteDate, isSameSiteDay } from '../../lib/public/dates';
import { scrollableTables } from '../../lib/public/rich-text';

describe('public kit helpers', () => {
  test('tables in rich text are wrapped in a named, focusable scrolling region', () => {
    const html = '<p>x</p><table><tr><td>1</td></tr></table><TABLE class="a"></TABLE><tablet>';
    const out = scrollableTables(html, 'Table "wide" <scroll>');
    expect(out).toBe(
      '<p>x</p><div class="table-scroll" role="region" tabindex="0" aria-label="Table &#34;wide&#34; &#60;scroll&#62;"><table><tr><td>1</td></tr></table></div>' +
        '<div class="table-scroll" role="region" tabindex="0" aria-label="Table &#34;wide&#34; &#60;scroll&#62;"><table class="a"></table></div><tablet>',
    );
  });

  test('file sizes read naturally in both languages', () => {
    expect(humanSize(512, 'en')).toBe('512 bytes');
    expect(humanSize(3400, 'en')).toBe('3.4 kB');
    expect(humanSize(1_250_000, 'en')).toBe('1.3 MB');
    expect(humanSize(250_000_000, 'en')).toBe('250 MB');
    expect(humanSize(2_000_000, 'tw')).toMatch(/^2\s?MB$/);
  });

  test('a file kind comes from its extension, else from its type', () => {
    expect(fileKind({ name: '年報.pdf', type: 'application/pdf' })).toBe('PDF');
    expect(
      fileKind({ name: 'report', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
    ).toBe('DOCX');
    expect(fileKind({ name: 'photo', type: 'image/jpeg' })).toBe('JPEG');
  });

  test('upload ids are taken from files arrays and image values, junk is dropped', () => {
    const id = '0b5e3c1a-1111-4222-8333-944445555666';
    expect(uploadIds([id, 'nope', 3])).toEqual([id]);
    expect(uploadIds(id)).toEqual([id]);
    expect(uploadIds(null)).toEqual([]);
  });

  test('dates show in the site time zone; calendar dates as written', () => {
    // 2024-03-31T17:30Z is already 1 April in Taipei.
    const instant = new Date('2024-03-31T17:30:00Z');
    expect(formatSiteDate(instant, 'en')).toBe('Apr 1, 2024');
    expect(dateTimeAttribute(instant)).toBe('2024-04-01');
    expect(dateTimeAttribute(instant, 'datetime')).toBe('2024-03-31T17:30:00.000Z');
    expect(formatSiteDate(instant, 'en', 'datetime')).toBe('Apr 1, 2024, 01:30');
    expect(formatSiteDate('2024-05-01', 'tw')).toBe('2024年5月1日');
    expect(dateTimeAttribute('2024-05-01', 'month')).toBe('2024-05');
    // One format per language: the date part of a date and time is the date alone.
    expect(formatSiteDate(instant, 'tw', 'datetime')).toBe('2024年4月1日 01:30');
    expect(formatSiteDate(instant, 'tw', 'time')).toBe('01:30');
    expect(isSameSiteDay(instant, new Date('2024-04-01T09:00:00Z'))).toBe(true);
    expect(isSameSiteDay(instant, new Date('2024-03-31T09:00:00Z'))).toBe(false);
    expect(formatSiteDate('', 'en')).toBeNull();
    expect(formatSiteDate('not a date', 'en')).toBeNull();
  });
});

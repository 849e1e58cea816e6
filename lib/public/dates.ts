import { config } from '../config';
import { htmlLang, type WireLanguage } from '../i18n/languages';

/** `time` is the clock time alone, for the end of a span within one day. */
export type DateStyle = 'date' | 'datetime' | 'month' | 'time';

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** A value as a Date; calendar dates (`2024-05-01`) become UTC midnight and are shown in UTC. */
function parse(value: Date | string): { date: Date; calendar: boolean } | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value, calendar: false };
  const calendar = calendarDate.test(value);
  const date = new Date(calendar ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : { date, calendar };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language, style and zone: building Intl formatters is slow enough to matter per row. */
function siteDateFormat(
  language: WireLanguage,
  style: Exclude<DateStyle, 'datetime'>,
  timeZone = config().siteTimeZone,
): Intl.DateTimeFormat {
  const key = `${language}|${style}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'time'
        ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : style === 'month'
          ? { year: 'numeric', month: 'long' }
          : { dateStyle: 'medium' };
    format = new Intl.DateTimeFormat(htmlLang[language], { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** The value as the site shows it (site time zone; calendar dates as written), or null when empty or invalid. */
export function formatSiteDate(
  value: Date | string | null | undefined,
  language: WireLanguage,
  style: DateStyle = 'date',
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = parse(value);
  if (!parsed) return null;
  const zone = parsed.calendar ? 'UTC' : undefined;
  if (parsed.calendar && (style === 'datetime' || style === 'time'))
    return siteDateFormat(language, 'date', zone).format(parsed.date);
  if (style !== 'datetime') return siteDateFormat(language, style, zone).format(parsed.date);
  // The date exactly as a date alone shows it (Intl's combined zh-TW style would switch to
  // 2026/12/6), then the time: one format per language everywhere.
  const date = siteDateFormat(language, 'date').format(parsed.date);
  const time = siteDateFormat(language, 'time').format(parsed.date);
  return language === 'en' ? `${date}, ${time}` : `${date} ${time}`;
}

/** Whether two values fall on one calendar day in the site's zone (a span then repeats only the time). */
export function isSameSiteDay(a: Date | string, b: Date | string): boolean {
  return dateTimeAttribute(a) === dateTimeAttribute(b);
}

/** The `<time dateTime>` value: `YYYY-MM-DD` for dates, a full ISO instant for times, `YYYY-MM` for months. */
export function dateTimeAttribute(value: Date | string, style: DateStyle = 'date'): string {
  const parsed = parse(value);
  if (!parsed) return String(value);
  if (parsed.calendar) return style === 'month' ? String(value).slice(0, 7) : String(value);
  if (style === 'datetime' || style === 'time') return parsed.date.toISOString();
  // The calendar day in the site's zone, which is the day the text shows.
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: config().siteTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(parsed.date);
  return style === 'month' ? parts.slice(0, 7) : parts;
}

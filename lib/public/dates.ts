import { config } from '../config';
import type { Locale } from '../i18n/languages';

export type DateStyle = 'date' | 'datetime' | 'month';

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** A value as a Date; calendar dates (`2024-05-01`) become UTC midnight and are shown in UTC. */
function parse(value: Date | string): { date: Date; calendar: boolean } | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value, calendar: false };
  const calendar = calendarDate.test(value);
  const date = new Date(calendar ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : { date, calendar };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale, style and zone: building Intl formatters is slow enough to matter per row. */
export function siteDateFormat(locale: Locale, style: DateStyle, timeZone = config().siteTimeZone): Intl.DateTimeFormat {
  const key = `${locale}|${style}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'datetime'
        ? { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }
        : style === 'month'
          ? { year: 'numeric', month: 'long' }
          : { dateStyle: 'medium' };
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** The value as the site shows it (site time zone; calendar dates as written), or null when empty or invalid. */
export function formatSiteDate(value: Date | string | null | undefined, locale: Locale, style: DateStyle = 'date'): string | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = parse(value);
  if (!parsed) return null;
  return siteDateFormat(locale, parsed.calendar && style === 'datetime' ? 'date' : style, parsed.calendar ? 'UTC' : undefined).format(parsed.date);
}

/** The `<time dateTime>` value: `YYYY-MM-DD` for dates, a full ISO instant for times, `YYYY-MM` for months. */
export function dateTimeAttribute(value: Date | string, style: DateStyle = 'date'): string {
  const parsed = parse(value);
  if (!parsed) return String(value);
  if (parsed.calendar) return style === 'month' ? String(value).slice(0, 7) : String(value);
  if (style === 'datetime') return parsed.date.toISOString();
  // The calendar day in the site's zone, which is the day the text shows.
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: config().siteTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(parsed.date);
  return style === 'month' ? parts.slice(0, 7) : parts;
}

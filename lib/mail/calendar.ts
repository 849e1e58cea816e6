import ical, { ICalCalendarMethod } from 'ical-generator';

/**
 * iCalendar files (RFC 5545) of activities: the one attached to a sign-up's confirmation, an
 * activity's own `calendar.ics` and the feed of upcoming activities. Times are written as the site's
 * wall-clock time with its time zone (`TZID`) and that zone's VTIMEZONE, so a calendar shows 09:00 in
 * Taipei as 09:00 wherever the reader's device is set; a zone with daylight saving (whose rules a
 * single offset cannot say) is written in UTC instead, which is exact too.
 */
interface CalendarEvent {
  /** Stays the same for the same activity or sign-up, so a calendar updates its entry instead of adding one. */
  uid: string;
  start: Date;
  end: Date | null;
  summary: string;
  location?: string | null;
  description?: string | null;
  url: string;
  /** When the entry last changed (DTSTAMP); defaults to now. */
  stamp?: Date;
}

/** The zone's offset from UTC in minutes at an instant (Intl names it `GMT+08:00`). */
function offsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The zone's one offset all year, or null when it keeps daylight saving. */
function fixedOffset(timeZone: string, year: number): number | null {
  const january = offsetMinutes(timeZone, new Date(Date.UTC(year, 0, 15)));
  const july = offsetMinutes(timeZone, new Date(Date.UTC(year, 6, 15)));
  return january === july ? january : null;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${twoDigits(Math.floor(whole / 60))}${twoDigits(whole % 60)}`;
}

/** A VTIMEZONE of a zone with one offset (Asia/Taipei: +0800 since 1980). */
function vtimezone(timeZone: string, offset: number): string {
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offsetText(offset)}`,
    `TZOFFSETTO:${offsetText(offset)}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

/** The wall-clock time of an instant in a zone of fixed offset, as ical-generator takes it (no zone suffix). */
const wallClock = (at: Date, offset: number) => new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19);

/** A calendar of the events, as the text of an `.ics` file. */
export function calendarFile(
  events: readonly CalendarEvent[],
  options: { name: string; timeZone: string; prodId: string; method?: 'PUBLISH' },
): string {
  const offset = fixedOffset(options.timeZone, new Date().getUTCFullYear());
  const calendar = ical({
    name: options.name,
    prodId: { company: options.prodId, product: 'activities', language: 'EN' },
    // The VTIMEZONE is written for the zone the events name (a calendar-wide zone would drop DTSTAMP's Z).
    timezone: offset === null ? null : { name: null, generator: (zone) => vtimezone(zone, offset) },
  });
  if (options.method === 'PUBLISH') calendar.method(ICalCalendarMethod.PUBLISH);
  for (const event of events) {
    const zoned = offset !== null;
    calendar.createEvent({
      id: event.uid,
      start: zoned ? wallClock(event.start, offset) : event.start,
      end: event.end ? (zoned ? wallClock(event.end, offset) : event.end) : null,
      timezone: zoned ? options.timeZone : null,
      stamp: event.stamp ?? new Date(),
      summary: event.summary,
      location: event.location || null,
      description: event.description || null,
      url: event.url,
    });
  }
  return calendar.toString();
}

import { fromWireDateTime, toWireDateTime } from '@/lib/content/model/wire-dates';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock as Intl gives it, asked afresh for each instant. */
function intlWireDateTime(instant: Date, timeZone: string): string {
  if (!formats.has(timeZone))
    formats.set(
      timeZone,
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
    );
  const parts = Object.fromEntries(
    formats
      .get(timeZone)!
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year.padStart(4, '0')}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

describe('wire dates', () => {
  // Zones with changes of offset on the hour, on the half hour (Lord Howe) and none (Taipei).
  const zones = ['Asia/Taipei', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata'];

  it.each(zones)('gives the wall clock Intl gives, around changes of offset too (%s)', (timeZone) => {
    const moments = [
      Date.UTC(2024, 2, 10, 6, 59, 59),
      Date.UTC(2024, 2, 10, 7, 0, 0),
      Date.UTC(2024, 2, 31, 0, 59, 59),
      Date.UTC(2024, 2, 31, 1, 0, 0),
      Date.UTC(2024, 3, 6, 14, 59, 59),
      Date.UTC(2024, 3, 6, 15, 0, 0),
      Date.UTC(2024, 9, 5, 15, 29, 59),
      Date.UTC(2024, 9, 5, 15, 30, 0),
      Date.UTC(2024, 10, 3, 5, 59, 59),
      Date.UTC(2024, 10, 3, 6, 0, 0),
      Date.UTC(1900, 0, 1, 0, 0, 0),
      Date.UTC(2026, 6, 1, 12, 34, 56, 789),
    ];
    // And every hour and 13 seconds through a year, which crosses each change of the year, and
    // instants spread over three centuries (leap years, centuries, before 1970).
    for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2026, 0, 1); at += 3_613_000) moments.push(at);
    for (let at = Date.UTC(1850, 0, 1); at < Date.UTC(2150, 0, 1); at += 86_400_000 * 97 + 3_601_003) moments.push(at);
    moments.push(
      Date.UTC(2000, 1, 29, 23, 59, 59),
      Date.UTC(2100, 1, 28, 16, 0, 0),
      Date.UTC(1969, 11, 31, 23, 59, 59),
    );
    for (const at of moments)
      expect(toWireDateTime(new Date(at), timeZone)).toBe(intlWireDateTime(new Date(at), timeZone));
  });

  it('reads back what it wrote', () => {
    const instant = new Date(Date.UTC(2024, 10, 3, 5, 30, 0));
    expect(fromWireDateTime(toWireDateTime(instant, 'America/New_York'), 'America/New_York')).toEqual(instant);
  });
});

/**
 * Dates travel as `YYYY-MM-DDTHH:mm:ss` with no zone, meaning the site's time zone.
 * These two functions are the only place that converts between that text and instants.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function formattedWallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * A zone's offset from UTC (ms) through each day (UTC), when it holds for the whole day (null: a
 * change of offset falls inside it). Asking Intl for the parts of every date costs about 10 µs, a
 * list of rows hundreds of them; the offset changes a few times a year at most, never twice in a
 * day. Days, not hours: a list's dates spread over years (10 years are 3,650 days, kept here).
 */
const SPAN_MS = 24 * 60 * 60 * 1000;
const offsets = new Map<string, Map<number, number | null>>();
const REMEMBERED_SPANS = 20_000;

function offsetAt(ms: number, timeZone: string): number {
  const w = formattedWallClock(new Date(ms), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

function spanOffset(ms: number, timeZone: string): number | null {
  let bySpan = offsets.get(timeZone);
  if (!bySpan) offsets.set(timeZone, (bySpan = new Map()));
  const span = Math.floor(ms / SPAN_MS);
  let offset = bySpan.get(span);
  if (offset === undefined) {
    const start = span * SPAN_MS;
    const first = offsetAt(start, timeZone);
    offset = first === offsetAt(start + SPAN_MS - 1000, timeZone) ? first : null;
    if (bySpan.size >= REMEMBERED_SPANS) bySpan.clear();
    bySpan.set(span, offset);
  }
  return offset;
}

function wallClock(instant: Date, timeZone: string) {
  const ms = instant.getTime();
  const offset = Number.isFinite(ms) ? spanOffset(ms, timeZone) : null;
  if (offset === null) return formattedWallClock(instant, timeZone);
  // The civil date of a day count (Howard Hinnant's days_from_civil, inverted): no Date made per
  // date, which the server's patched Date makes dear.
  const seconds = Math.floor((Math.floor(ms / 1000) * 1000 + offset) / 1000);
  const days = Math.floor(seconds / 86_400);
  const inDay = seconds - days * 86_400;
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1,
    hour: Math.floor(inDay / 3600),
    minute: Math.floor((inDay % 3600) / 60),
    second: inDay % 60,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function toWireDateTime(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

const wirePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?$/;
const zonedPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * Reads the wire form (a date alone means midnight) in the site's time zone. Text that carries its
 * own zone (`Z`, `+08:00`) is also accepted, for clients that send ISO strings. Returns null when
 * the text is not a real date and time.
 */
export function fromWireDateTime(text: string, timeZone: string): Date | null {
  const value = text.trim();
  if (zonedPattern.test(value)) {
    // Date would read 2024-02-30 as 1 March, so the calendar date is checked first.
    const instant = new Date(value);
    return !toWireDate(value) || Number.isNaN(instant.getTime()) ? null : instant;
  }
  const m = wirePattern.exec(value);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The zone's offset at that moment; a second pass settles times near a daylight-saving change.
  let instant = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(instant), timeZone);
    const offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - instant;
    instant = asUtc - offset;
  }
  const check = wallClock(new Date(instant), timeZone);
  // 2024-02-31 and the like; and years 0-99, which Date.UTC would move to the 1900s.
  if (check.day !== day || check.month !== month || check.year !== year) return null;
  return new Date(instant);
}

/** A calendar date `YYYY-MM-DD`; a wire date-time is cut to its date (the client sends dates that way). */
export function toWireDate(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = m.slice(1, 4).map(Number);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/**
 * Before sending, every date-time in an object body, nested objects included, becomes
 * `YYYY-MM-DDTHH:mm:ss` without a zone; arrays are left as they are. The text is the Date's own
 * wall-clock fields (the browser's local time), as the original Angular client sent it; the server
 * reads it in the site's time zone, which is the staff's own.
 */
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatWireDateTime(date: Date): string {
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** Object literals only: arrays stay as they are (as the old client left them), and so do Blobs, Maps and the like. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A copy of `body` with its dates converted; the caller's object is not touched. */
export function convertDates(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value instanceof Date) copy[key] = Number.isNaN(value.getTime()) ? value : formatWireDateTime(value);
    else copy[key] = convertDates(value);
  }
  return copy;
}

/**
 * Node's own `Date`, taken before Next.js is prepared. Preparing it replaces the global `Date` with a
 * function that reports each read of the clock to `cacheComponents` prerendering (not enabled in
 * next.config.mjs, so the report goes nowhere) and makes each date through `Reflect.construct` with
 * itself as `new.target`. V8 then gives every date a hidden class of its own: eight times slower to
 * make (0.38 µs against 0.05), 72 bytes more to keep, and every read of a date through a
 * megamorphic lookup. Rows carry two or three dates each, and pages of them are kept by thousands
 * (docs/performance.md, "What holds the loop").
 */
export const nodeDate = Date;

/** Puts Node's own `Date` back as the global `Date`, and as its prototype's `constructor`. */
export function restoreNodeDate(): void {
  globalThis.Date = nodeDate;
  Object.defineProperty(nodeDate.prototype, 'constructor', { value: nodeDate, writable: true, configurable: true });
}

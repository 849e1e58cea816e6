import { config } from '../../config';
import { isSignedIn, type Actor } from './actor';
import type { ResourceDefinition } from './define';
import { toWireDateTime } from './wire-dates';
import type { Row } from './rows';
import { hasStatus, statusOf } from './status';

/** Columns that only the back office sees (visitors get only rows for everyone: `audience` tells them nothing). */
const internalColumns = new Set(['updatedBy', 'isVisible', 'audience', 'version', 'translationStale']);

/**
 * A stored row as the API returns it: dates in the site's wire form, hidden fields (password
 * hashes) never, and for anonymous readers only the public fields.
 */
export function toWire(definition: ResourceDefinition, row: Row, signedIn: boolean, timeZone: string): Row {
  const out: Row = {};
  // for…in, not Object.entries: a page of rows is read on every list call, and the entries' pairs
  // were most of what this allocated. Rows are plain objects (no inherited keys).
  for (const key in row) {
    const value = row[key];
    const f = definition.fields[key];
    if (f?.hidden) continue;
    if (!signedIn && (f?.public === false || internalColumns.has(key))) continue;
    out[key] = value instanceof Date ? toWireDateTime(value, timeZone) : value;
  }
  return out;
}

/** A row as this actor receives it; staff also get its publication status, where it has one. */
export function wireRow(actor: Actor, definition: ResourceDefinition, row: Row): Row {
  const signedIn = isSignedIn(actor);
  const out = toWire(definition, row, signedIn, config().siteTimeZone);
  if (signedIn && hasStatus(definition) && row.publishAt !== undefined) out.status = statusOf(definition, row);
  return out;
}

/** A page of rows as getlist and search answer it. */
export const wirePage = (
  actor: Actor,
  definition: ResourceDefinition,
  { rows, total, page, pageSize }: { rows: Row[]; total: number; page: number; pageSize: number },
) => ({
  data: rows.map((row) => wireRow(actor, definition, row)),
  total,
  page,
  pageSize,
});

/** An instant in the API's wire form (the site's time zone, no zone written). */
export const wireInstant = (instant: Date): string => toWireDateTime(instant, config().siteTimeZone);

import type { ResourceDefinition } from './define';
import { toWireDateTime } from './wire-dates';
import type { Row } from './repository';

/** Columns that only the back office sees. */
const internalColumns = new Set(['updatedBy', 'isVisible']);

/**
 * A stored row as the API returns it: dates in the site's wire form, hidden fields (password
 * hashes) never, and for anonymous readers only the public fields.
 */
export function toWire(definition: ResourceDefinition, row: Row, signedIn: boolean, timeZone: string): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    const f = definition.fields[key];
    if (f?.hidden) continue;
    if (!signedIn && (f?.public === false || internalColumns.has(key))) continue;
    out[key] = value instanceof Date ? toWireDateTime(value, timeZone) : value;
  }
  return out;
}

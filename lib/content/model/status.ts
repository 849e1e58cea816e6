import { traits, type ResourceDefinition } from './define';
import type { Row } from './rows';

/**
 * Client-safe (the back office's list imports it): checking a request and querying are in status-query.ts.
 *
 * Where a row of a resource with a publication window stands for visitors: `hidden` (not shown,
 * whatever its dates), `scheduled` (shown from a later time), `expired` (its time is over) or `live`.
 */
export const STATUSES = ['hidden', 'scheduled', 'live', 'expired'] as const;
export type PublicationStatus = (typeof STATUSES)[number];

/** Whether a resource's rows have a status: it has a publication window. */
export const hasStatus = (definition: ResourceDefinition) => traits(definition).window;

export function statusOf(definition: ResourceDefinition, row: Row, now = new Date()): PublicationStatus {
  if (traits(definition).visibility && row.isVisible === false) return 'hidden';
  if (row.publishAt instanceof Date && row.publishAt > now) return 'scheduled';
  if (row.unpublishAt instanceof Date && row.unpublishAt <= now) return 'expired';
  return 'live';
}

/** The first moment after `now` at which any of these rows' status changes with the clock, if one does. */
export function nextStatusChange(rows: readonly Row[], now = new Date()): number | undefined {
  let first: number | undefined;
  for (const row of rows)
    for (const at of [row.publishAt, row.unpublishAt])
      if (at instanceof Date && at > now && (first === undefined || at.getTime() < first)) first = at.getTime();
  return first;
}

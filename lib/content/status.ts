import { eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { traits, type ResourceDefinition } from './define';
import { invalid } from './errors';
import { column, tableOf, type Row } from './repository';

/**
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

/** A list request's `status` filter, checked: undefined when it asks for none. */
export function statusFilter(definition: ResourceDefinition, raw: unknown): PublicationStatus | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (!hasStatus(definition) || !STATUSES.includes(raw as PublicationStatus)) {
    throw invalid('invalidStatus', { value: String(raw).slice(0, 20), allowed: hasStatus(definition) ? STATUSES.join(', ') : '—' });
  }
  return raw as PublicationStatus;
}

/** The rows of one status, as SQL conditions at `now`, matching statusOf. */
export function statusConditions(definition: ResourceDefinition, status: PublicationStatus, now: Date): SQL[] {
  const table = tableOf(definition);
  const visible = column(table, 'isVisible');
  const publishAt = column(table, 'publishAt');
  const unpublishAt = column(table, 'unpublishAt');
  const shown = traits(definition).visibility ? [eq(visible, true)] : [];
  // A resource without a visibility switch has no hidden rows.
  if (status === 'hidden') return shown.length ? [eq(visible, false)] : [sql`false`];
  if (status === 'scheduled') return [...shown, gt(publishAt, now)];
  if (status === 'expired') return [...shown, lte(publishAt, now), isNotNull(unpublishAt), lte(unpublishAt, now)];
  return [...shown, lte(publishAt, now), or(isNull(unpublishAt), gt(unpublishAt, now))!];
}

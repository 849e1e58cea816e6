import 'server-only';
import { eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { traits, type ResourceDefinition } from '../model/define';
import { column, tableOf } from './content-tables';
import { invalid } from '../model/errors';
import { hasStatus, STATUSES, type PublicationStatus } from '../model/status';

/** A list request's `status` filter, checked: undefined when it asks for none. */
export function statusFilter(definition: ResourceDefinition, raw: unknown): PublicationStatus | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const status = STATUSES.find((known) => known === raw);
  if (!hasStatus(definition) || !status) {
    throw invalid('invalidStatus', {
      value: String(raw).slice(0, 20),
      allowed: hasStatus(definition) ? STATUSES.join(', ') : '—',
    });
  }
  return status;
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

/**
 * A list request's `stale` filter (rows whose counterpart changed since they were saved): true
 * selects them, false or absent lists every row. Only resources with counterparts have it.
 */
export function staleConditions(definition: ResourceDefinition, raw: unknown): SQL[] {
  if (raw === undefined || raw === null || raw === false) return [];
  if (raw !== true || !traits(definition).localized) throw invalid('invalidStale', { value: String(raw).slice(0, 20) });
  return [eq(column(tableOf(definition), 'translationStale'), true)];
}

import 'server-only';
import { config } from '../../config';
import { requireAccess, type Actor } from '../model/actor';
import { auditActions } from '../model/audit-actions';
import { listAudit, type AuditFilter } from '../storage/audit';
import { invalid, positiveInteger } from '../model/errors';
import { given, pageOf } from '../model/list-request';
import { findResource } from '../model/registry';
import { fromWireDateTime, toWireDateTime } from '../model/wire-dates';

/** What the log names beside the registry's resources: the web settings and uploads. */
const auditedOthers = ['websetting', 'upload'];

function instant(value: unknown, name: string, endOfDay = false): Date | undefined {
  if (!given(value)) return undefined;
  const text = String(value).trim();
  // A bare date means the whole day: from its start, to its end.
  const full = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T${endOfDay ? '23:59:59' : '00:00:00'}` : text;
  const parsed = typeof value === 'string' ? fromWireDateTime(full, config().siteTimeZone) : null;
  if (!parsed) throw invalid('notDateTime', { field: name });
  return parsed;
}

/** The audit log's filters as `getlist` takes them: `{page, pageSize, action, resource, accountId, from, to}`. */
function parseAuditRequest(body: Record<string, unknown>): { filter: AuditFilter; page: number; pageSize: number } {
  const filter: AuditFilter = {};
  if (given(body.action)) {
    const action = auditActions.find((known) => known === body.action);
    if (!action)
      throw invalid('auditUnknownAction', {
        value: String(body.action).slice(0, 40),
        allowed: auditActions.join(', '),
      });
    filter.action = action;
  }
  if (given(body.resource)) {
    if (typeof body.resource !== 'string' || !(findResource(body.resource) || auditedOthers.includes(body.resource)))
      throw invalid('auditUnknownResource', { value: String(body.resource).slice(0, 40) });
    filter.resource = body.resource;
  }
  if (given(body.accountId)) filter.accountId = positiveInteger(String(body.accountId));
  filter.from = instant(body.from, 'from');
  filter.to = instant(body.to, 'to', true);
  if (filter.from && filter.to && filter.from > filter.to) throw invalid('dateRangeOrder', { from: 'from', to: 'to' });
  return { filter, ...pageOf(body) };
}

/** Admins only: one page of the audit log, newest first, filtered by action, resource, account and time. */
export async function auditList(actor: Actor, body: Record<string, unknown>) {
  requireAccess(actor, 'admin');
  const { filter, page, pageSize } = parseAuditRequest(body);
  const result = await listAudit(filter, page, pageSize);
  const timeZone = config().siteTimeZone;
  return {
    data: result.rows.map((row) => ({ ...row, at: toWireDateTime(row.at, timeZone) })),
    total: result.total,
    page: result.page,
    pageSize: result.pageSize,
  };
}

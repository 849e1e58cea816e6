import 'server-only';
import { config } from '../../config';
import { translate } from '../../i18n/messages';
import type { Cell } from '../../sheets/cells';
import { requireAccess, type Actor } from '../model/actor';
import { auditActions } from '../model/audit-actions';
import { listAudit, recordAudit, type AuditFilter } from '../storage/audit';
import { invalid, positiveInteger } from '../model/errors';
import { given, pageOf } from '../model/list-request';
import { findResource } from '../model/registry';
import { fromWireDateTime, toWireDateTime } from '../model/wire-dates';
import { formatOf, sheetInstant, type SheetFile } from './export';

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

/**
 * The audit log's filters as `getlist` takes them:
 * `{page, pageSize, action, resource, accountId, memberId, from, to}`.
 */
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
  if (given(body.memberId)) filter.memberId = positiveInteger(String(body.memberId));
  filter.from = instant(body.from, 'from');
  filter.to = instant(body.to, 'to', true);
  if (filter.from && filter.to && filter.from > filter.to) throw invalid('dateRangeOrder', { from: 'from', to: 'to' });
  return { filter, ...pageOf(body) };
}

/**
 * Admins only: one page of the audit log, newest first, filtered by action, resource, account,
 * member institution and time.
 */
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

/** How many audit entries an export reads at a time. */
const AUDIT_EXPORT_PAGE = 1000;

/** Admins only: the whole audit log a filter selects (every page), newest first, as a spreadsheet. */
export async function exportAudit(actor: Actor, body: Record<string, unknown>): Promise<SheetFile> {
  requireAccess(actor, 'admin');
  const { format, request } = formatOf(body);
  const { filter } = parseAuditRequest(request);
  // Entries written while the export runs would shift its pages: it ends at its start.
  const now = new Date();
  if (!filter.to || filter.to > now) filter.to = now;
  const language = actor.language;
  const label = (key: string) => translate(language, `admin.audit.${key}`);
  await recordAudit(actor, { action: 'export', summary: label('title') });
  async function* rows(): AsyncGenerator<Cell[]> {
    for (let page = 1; ; page++) {
      const result = await listAudit(filter, page, AUDIT_EXPORT_PAGE);
      if (result.page < page) return;
      for (const entry of result.rows) {
        yield [
          sheetInstant(entry.at),
          entry.accountName,
          entry.clientAddress,
          translate(language, `admin.audit.actions.${entry.action}`),
          entry.resource ? (findResource(entry.resource)?.label[language] ?? entry.resource) : null,
          entry.rowId,
          entry.lang,
          entry.summary,
        ];
      }
      if (result.rows.length < AUDIT_EXPORT_PAGE) return;
    }
  }
  return {
    format,
    title: label('title'),
    columns: ['at', 'account', 'address', 'action', 'resource', 'row', 'language', 'summary'].map(label),
    rows: rows(),
  };
}

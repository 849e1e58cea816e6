import type { AuditRequest } from '../client/resources';
import { filterSearch } from './pager';

/** The audit screen's filters, as they stand in its URL and in `audit/getlist`'s body. */
export const auditFilterKeys = ['action', 'resource', 'accountId', 'memberId', 'from', 'to'] as const;

/** The `audit/getlist` body of the screen's URL: filters left out when empty, dates as days. */
export function auditRequest(query: URLSearchParams, pageSize: number): AuditRequest {
  const page = Math.max(1, Math.floor(Number(query.get('page'))) || 1);
  const request: AuditRequest = { page, pageSize };
  const action = query.get('action');
  const resource = query.get('resource');
  const accountId = Number(query.get('accountId'));
  const memberId = Number(query.get('memberId'));
  const from = query.get('from');
  const to = query.get('to');
  if (action) request.action = action;
  if (resource) request.resource = resource;
  if (Number.isInteger(accountId) && accountId > 0) request.accountId = accountId;
  if (Number.isInteger(memberId) && memberId > 0) request.memberId = memberId;
  if (from && /^\d{4}-\d{2}-\d{2}$/.test(from)) request.from = from;
  if (to && /^\d{4}-\d{2}-\d{2}$/.test(to)) request.to = to;
  return request;
}

/** The query string of a filter state (empty values left out), `?…` or ''. */
export const auditSearch = (values: Record<string, string>) => filterSearch(auditFilterKeys, values);

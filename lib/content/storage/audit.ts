import 'server-only';
import { and, desc, eq, gte, inArray, lt, lte, count, or, sql, type SQL } from 'drizzle-orm';
import { config } from '../../config';
import { getDb } from '../../db';
import { account, auditLog, webmemberdues } from '../../db/schema';
import { logError } from '../../observability/logger';
import type { Actor } from '../model/actor';
import { ofInstitution } from './institution';
import type { AuditAction } from '../model/audit-actions';

/**
 * The audit log: one line per thing someone did, with when, who, from where, on what and a short
 * summary. Written by the operations (and the few lib/api handlers that are operations of their own:
 * sign-out, uploads, settings, batch) through `recordAudit`, never by a client; entries older than
 * AUDIT_DAYS are pruned by the housekeeping (lib/content/jobs/housekeeping.ts).
 */

export interface AuditEntry {
  action: AuditAction;
  resource?: string;
  rowId?: number | null;
  summary?: string;
  /** Who, when it is not the actor's account (a sign-in names the account it tried). */
  account?: { id: number | null; name: string } | null;
}

const MAX_SUMMARY = 300;

/** One line of the log. A failure to write it is logged, never a reason to fail what was done. */
export async function recordAudit(actor: Actor, entry: AuditEntry): Promise<void> {
  const who =
    entry.account !== undefined
      ? entry.account
      : actor.account
        ? { id: actor.account.id, name: actor.account.username }
        : null;
  try {
    const db = await getDb();
    await db.insert(auditLog).values({
      action: entry.action,
      accountId: who?.id ?? null,
      accountName: who?.name.slice(0, 100) ?? (actor.operator ? 'console' : null),
      clientAddress: actor.clientAddress.slice(0, 64),
      resource: entry.resource ?? null,
      rowId: entry.rowId ?? null,
      lang: actor.language,
      summary: entry.summary ? entry.summary.replace(/\s+/g, ' ').trim().slice(0, MAX_SUMMARY) : null,
    });
  } catch (error) {
    logError(error, 'audit log');
  }
}

export interface AuditFilter {
  action?: AuditAction;
  resource?: string;
  accountId?: number;
  /** A member institution: entries on its row, its accounts and its dues, and what its Members did. */
  memberId?: number;
  from?: Date;
  to?: Date;
}

function aboutInstitution(memberId: number): SQL {
  const accounts = (column: typeof auditLog.accountId | typeof auditLog.rowId) =>
    inArray(column, sql`(select ${account.id} from ${account} where ${ofInstitution(account.memberId, memberId)})`);
  const dues = sql`(select ${webmemberdues.id} from ${webmemberdues} where ${ofInstitution(webmemberdues.memberId, memberId)})`;
  return or(
    and(eq(auditLog.resource, 'webmemberdept'), ofInstitution(auditLog.rowId, memberId)),
    and(eq(auditLog.resource, 'account'), accounts(auditLog.rowId)),
    and(eq(auditLog.resource, 'webmemberdues'), inArray(auditLog.rowId, dues)),
    accounts(auditLog.accountId),
  )!;
}

/** One page of the log, newest first. */
export async function listAudit(filter: AuditFilter, page: number, pageSize: number) {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.resource) conditions.push(eq(auditLog.resource, filter.resource));
  if (filter.accountId) conditions.push(eq(auditLog.accountId, filter.accountId));
  if (filter.memberId) conditions.push(aboutInstitution(filter.memberId));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to) conditions.push(lte(auditLog.at, filter.to));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, lastPage);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { rows, total, page: current, pageSize };
}

/** Drops entries older than AUDIT_DAYS; returns how many. */
export async function pruneAudit(now = new Date()): Promise<number> {
  const db = await getDb();
  const before = new Date(now.getTime() - config().auditDays * 86_400_000);
  const removed = await db.delete(auditLog).where(lt(auditLog.at, before)).returning({ id: auditLog.id });
  return removed.length;
}

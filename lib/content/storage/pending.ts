import 'server-only';
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { account, pendingChanges } from '../../db/schema';
import type { Row } from '../model/rows';
import type { Tx } from './content-tables';
import { annotationsChanged } from './row-annotations';

/**
 * Changes to public content that wait for an Admin (table `pending_changes`): what a User submitted
 * while `approvalRequired` is on. The live row is untouched until an approval applies the values;
 * a row has at most one open (`pending`) entry, which a further submission updates. Decided entries
 * (`approved`, `rejected` with the reviewer's comment) stay as the row's review history.
 */

export type PendingKind = 'new' | 'change' | 'delete';
type PendingStatus = 'pending' | 'approved' | 'rejected';

export interface PendingEntry {
  id: number;
  resource: string;
  rowId: number;
  lang: string | null;
  kind: PendingKind;
  /** The fields the change writes, as JSON (dates as ISO strings). */
  values: Record<string, unknown>;
  title: string;
  baseVersion: number;
  accountId: number | null;
  accountName: string | null;
  submittedAt: Date;
  status: PendingStatus;
  comment: string | null;
  decidedBy: number | null;
  decidedByName: string | null;
  decidedAt: Date | null;
}

const author = sql<
  string | null
>`(select ${account.displayName} from ${account} where ${account.id} = ${pendingChanges.accountId})`;
const decider = sql<
  string | null
>`(select ${account.displayName} from ${account} where ${account.id} = ${pendingChanges.decidedBy})`;

const entryColumns = {
  id: pendingChanges.id,
  resource: pendingChanges.resource,
  rowId: pendingChanges.rowId,
  lang: pendingChanges.lang,
  kind: pendingChanges.kind,
  values: pendingChanges.values,
  title: pendingChanges.title,
  baseVersion: pendingChanges.baseVersion,
  accountId: pendingChanges.accountId,
  accountName: author,
  submittedAt: pendingChanges.submittedAt,
  status: pendingChanges.status,
  comment: pendingChanges.comment,
  decidedBy: pendingChanges.decidedBy,
  decidedByName: decider,
  decidedAt: pendingChanges.decidedAt,
};

const asEntry = (row: Record<string, unknown>): PendingEntry => row as unknown as PendingEntry;

interface Submission {
  resource: string;
  rowId: number;
  lang: string | null;
  kind: PendingKind;
  values: Row;
  title: string;
  baseVersion: number;
  accountId: number | null;
}

/**
 * Stores a submission as the row's open change, in the caller's transaction: a second one merges
 * its values over the first's (one open change per row, its id kept), a deletion replaces a change,
 * and a row submitted as new stays new until it is decided. `first` tells a new open change from an
 * updated one.
 */
export async function submitPending(
  tx: Tx,
  submission: Submission,
): Promise<{ id: number; submittedAt: Date; first: boolean }> {
  const values = JSON.parse(JSON.stringify(submission.values)) as Record<string, unknown>;
  const [stored] = await tx
    .insert(pendingChanges)
    .values({ ...submission, values, submittedAt: new Date() })
    .onConflictDoUpdate({
      target: [pendingChanges.resource, pendingChanges.rowId],
      targetWhere: sql`${pendingChanges.status} = 'pending'`,
      set: {
        kind: sql`case when ${pendingChanges.kind} = 'new' and excluded.kind = 'change' then 'new' else excluded.kind end`,
        values: sql`${pendingChanges.values} || excluded.values`,
        title: sql`excluded.title`,
        accountId: sql`excluded.account_id`,
        submittedAt: sql`excluded.submitted_at`,
      },
    })
    // xmax is 0 on a row this statement inserted, not on one it updated: the row's first submission.
    .returning({ id: pendingChanges.id, submittedAt: pendingChanges.submittedAt, first: sql<boolean>`(xmax = 0)` });
  await annotationsChanged(tx, submission.resource);
  return stored;
}

/** The row's open change, or undefined. */
export async function openPending(resource: string, rowId: number): Promise<PendingEntry | undefined> {
  const db = await getDb();
  const [row] = await db
    .select(entryColumns)
    .from(pendingChanges)
    .where(
      and(eq(pendingChanges.resource, resource), eq(pendingChanges.rowId, rowId), eq(pendingChanges.status, 'pending')),
    )
    .limit(1);
  return row ? asEntry(row) : undefined;
}

/** Every entry of a row, open and decided, newest first: its review history. */
export async function pendingHistory(resource: string, rowId: number): Promise<PendingEntry[]> {
  const db = await getDb();
  const rows = await db
    .select(entryColumns)
    .from(pendingChanges)
    .where(and(eq(pendingChanges.resource, resource), eq(pendingChanges.rowId, rowId)))
    .orderBy(desc(pendingChanges.submittedAt), desc(pendingChanges.id));
  return rows.map(asEntry);
}

/**
 * Marks the open change decided, in the caller's transaction, or returns undefined when it is no
 * longer open. The update takes the entry's row lock, so of two concurrent decisions exactly one
 * finds it open: the other waits, then matches nothing.
 */
export async function decidePending(
  tx: Tx,
  id: number,
  decision: { status: 'approved' | 'rejected'; decidedBy: number | null; comment: string | null },
): Promise<{ id: number } | undefined> {
  const [decided] = await tx
    .update(pendingChanges)
    .set({ ...decision, decidedAt: new Date() })
    .where(and(eq(pendingChanges.id, id), eq(pendingChanges.status, 'pending')))
    .returning({ id: pendingChanges.id, resource: pendingChanges.resource });
  if (!decided) return undefined;
  await annotationsChanged(tx, decided.resource);
  return { id: decided.id };
}

/** Marks an open change rejected outside a content write. */
export async function rejectPending(
  id: number,
  decidedBy: number | null,
  comment: string,
): Promise<{ id: number } | undefined> {
  const db = await getDb();
  return db.transaction((tx) => decidePending(tx, id, { status: 'rejected', decidedBy, comment }));
}

interface PendingPageRequest {
  page: number;
  pageSize: number;
  /** Only the open changes (the reviewers' list), or every entry of one author (their submissions). */
  filter: { open: true } | { accountId: number };
  /** Rows of this language and rows of no language (as every back-office list shows one language). */
  language: string;
}

/** One page of entries, the newest submission first, and how many there are. */
export async function pendingPage({
  page,
  pageSize,
  filter,
  language,
}: PendingPageRequest): Promise<{ entries: PendingEntry[]; total: number }> {
  const db = await getDb();
  const where = and(
    'open' in filter ? eq(pendingChanges.status, 'pending') : eq(pendingChanges.accountId, filter.accountId),
    or(isNull(pendingChanges.lang), eq(pendingChanges.lang, language)),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(entryColumns)
      .from(pendingChanges)
      .where(where)
      .orderBy(desc(pendingChanges.submittedAt), desc(pendingChanges.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(pendingChanges).where(where),
  ]);
  return { entries: rows.map(asEntry), total: Number(total) };
}

/** The addresses of every Admin that has one: who is told of a submission when no approvers are set. */
export async function adminAddresses(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ email: account.email })
    .from(account)
    .where(and(eq(account.role, 1), eq(account.isDisabled, false), sql`coalesce(${account.email}, '') <> ''`));
  return rows.map((row) => String(row.email));
}

/** An account's address and name (the author of a submission), or undefined. */
export async function accountAddress(id: number): Promise<{ email: string | null; name: string } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ email: account.email, name: account.displayName, username: account.username })
    .from(account)
    .where(eq(account.id, id));
  return row ? { email: row.email ? String(row.email) : null, name: String(row.name || row.username) } : undefined;
}

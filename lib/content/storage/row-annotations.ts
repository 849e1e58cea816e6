import 'server-only';
import { sql, type Column, type SQL } from 'drizzle-orm';
import { bumpStoredGeneration, storedGenerations } from '../../cache/generations';
import { cachedRead } from '../../cache/public-reads';
import { getDb } from '../../db';
import { account, contentReviews, editLocks, pendingChanges } from '../../db/schema';
import accountDefinition from '../resources/account';

/**
 * What staff's reads show beside a row, kept in tables of their own: its edit lock (who has its
 * form open), its change awaiting approval and its review dates: one row's in one query, a list's
 * for the whole resource at once; and for lists, the names of the accounts that last saved the rows.
 */

interface RowAnnotations {
  locks: Map<number, { accountId: number; name: string; since: Date }>;
  /** The open change's kind: new, change or delete (lib/content/storage/pending.ts). */
  pending: Map<number, { id: number; kind: string; submittedAt: Date }>;
  reviews: Map<number, { reviewAt: Date | null; reviewedAt: Date | null }>;
  /** Milliseconds until the first of these locks lapses (counted on the database's clock), if any. */
  lapsesIn?: number;
}

/** Which annotations to read: of some rows or `all` the resource's; reviews only for resources with review dates. */
interface AnnotationRequest {
  rowIds: number[] | 'all';
  reviews: boolean;
}

/**
 * The stored generation (lib/cache/generations.ts) that moves with every write of a resource's
 * edit locks and open changes, so a cache of its rows' annotations keyed by it is never stale.
 * Review dates move the resource's own generation (their table's trigger, migration 0016).
 */
export const annotationsGeneration = (resource: string) => `${resource}:annotations`;

/** Moves the resource's annotations generation on, in the transaction of the write that changed them. */
export const annotationsChanged = (executor: Parameters<typeof bumpStoredGeneration>[0], resource: string) =>
  bumpStoredGeneration(executor, annotationsGeneration(resource));

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

const idList = (ids: number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** The annotations of some rows of a resource (one query; none at all when there is nothing to ask). */
export async function rowAnnotations(resource: string, request: AnnotationRequest): Promise<RowAnnotations> {
  const found: RowAnnotations = { locks: new Map(), pending: new Map(), reviews: new Map() };
  const rowIds = request.rowIds === 'all' ? 'all' : [...new Set(request.rowIds)];
  const parts: SQL[] = [];
  // Every part has the same columns: kind, row id, a number, a text, two instants, milliseconds.
  if (rowIds === 'all' || rowIds.length) {
    const ofRows = (rowId: Column) => (rowIds === 'all' ? sql`` : sql` and ${rowId} in ${idList(rowIds)}`);
    parts.push(
      sql`select 'lock'::text as kind, ${editLocks.rowId} as row_id, ${editLocks.accountId} as number,
          coalesce(${account.displayName}, '')::text as text, ${editLocks.since} as at, null::timestamptz as until,
          (extract(epoch from ${editLocks.expiresAt} - now()) * 1000)::float8 as ms
        from ${editLocks} left join ${account} on ${account.id} = ${editLocks.accountId}
        where ${editLocks.resource} = ${resource}${ofRows(editLocks.rowId)} and ${editLocks.expiresAt} > now()`,
      sql`select 'pending'::text, ${pendingChanges.rowId}, ${pendingChanges.id}, ${pendingChanges.kind}::text,
          ${pendingChanges.submittedAt}, null::timestamptz, null::float8
        from ${pendingChanges}
        where ${pendingChanges.resource} = ${resource} and ${pendingChanges.status} = 'pending'${ofRows(
          pendingChanges.rowId,
        )}`,
    );
    if (request.reviews)
      parts.push(
        sql`select 'review'::text, ${contentReviews.rowId}, null::integer, null::text, ${contentReviews.reviewAt},
            ${contentReviews.reviewedAt}, null::float8
          from ${contentReviews}
          where ${contentReviews.resource} = ${resource}${ofRows(contentReviews.rowId)}`,
      );
  }
  if (!parts.length) return found;
  const db = await getDb();
  const result = await db.execute(sql.join(parts, sql` union all `));
  for (const row of result.rows) {
    const rowId = Number(row.row_id);
    switch (row.kind) {
      case 'lock': {
        found.locks.set(rowId, { accountId: Number(row.number), name: String(row.text), since: toDate(row.at)! });
        const ms = Number(row.ms);
        found.lapsesIn = Math.min(found.lapsesIn ?? Infinity, ms);
        break;
      }
      case 'pending':
        found.pending.set(rowId, {
          id: Number(row.number),
          kind: String(row.text),
          submittedAt: toDate(row.at)!,
        });
        break;
      case 'review':
        found.reviews.set(rowId, { reviewAt: toDate(row.at), reviewedAt: toDate(row.until) });
        break;
    }
  }
  return found;
}

/** The stored generations a list's annotations are kept by: its resource's, its annotations', the accounts'. */
export interface ListGenerations {
  resource: number;
  annotations: number;
  accounts: number;
}

/** A signed-in list's generations, in one read (what its page and its annotations are kept by). */
export async function listGenerations(resource: string): Promise<ListGenerations> {
  const [own, annotations, accounts] = await storedGenerations([
    resource,
    annotationsGeneration(resource),
    accountDefinition.name,
  ]);
  return { resource: own, annotations, accounts };
}

/**
 * What a signed-in list shows beside its rows, for any page: the resource's live edit locks and open
 * changes (with their holders' names), kept by its annotations' generation (locks taken or released,
 * changes submitted or decided) and the accounts', so a write on any server is seen by the next read
 * and a page never read before costs no query of its own. An entry holding a lock lapses with the
 * first lock. A list's review dates come with its rows (lib/content/storage/list-reads.ts), kept by
 * the resource's generation.
 */
export function listAnnotations(resource: string, generations: ListGenerations): Promise<RowAnnotations> {
  return cachedRead(
    resource,
    JSON.stringify({ annotations: 'all', accounts: generations.accounts }),
    () => rowAnnotations(resource, { rowIds: 'all', reviews: false }),
    { shared: generations.annotations, timeless: true, lapsesIn: (found) => found.lapsesIn },
  );
}

/**
 * Every account's display name by id (a list's `updatedByName`): one entry for all lists, kept by
 * the accounts' stored generation, so an account's write (a sign-in) has them read again once.
 */
export function accountNames(generations: ListGenerations): Promise<Map<number, string>> {
  return cachedRead(
    accountDefinition.name,
    'names',
    async () => {
      const db = await getDb();
      const rows = await db.select({ id: account.id, name: account.displayName }).from(account);
      return new Map(rows.map((row): [number, string] => [Number(row.id), String(row.name ?? '')]));
    },
    { shared: generations.accounts, timeless: true },
  );
}

import 'server-only';
import { and, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { cachedRead, invalidate } from '../../cache/public-reads';
import { getDb } from '../../db';
import type { WireLanguage } from '../../i18n/languages';
import { contentReviews, counters } from '../../db/schema';
import type { ResourceDefinition } from '../model/define';
import { column, scopeConditions, tableOf } from './content-tables';
import type { Row } from '../model/rows';

/**
 * The review cycle of public content (table `content_reviews`): when a row is next due for review
 * (「下次檢視日」, `reviewAt`) and when it was last reviewed (「最後檢視」, `reviewedAt`). Rows without a
 * date have no entry. Dates are set by staff on a row's save, from the resource's cycle in months
 * (`reviewCycles`) on a new row, and moved on by 「已檢視」.
 */

export interface ReviewDates {
  reviewAt: Date | null;
  reviewedAt: Date | null;
}

/**
 * The latest 「最後檢視」 among the rows of a resource that visitors may see in `language`, or null
 * when none was reviewed yet: what the resource's public list pages show. Through the read cache,
 * which a review empties (a write to `content_reviews` counts as one to its resource).
 */
export function lastReviewedOf(definition: ResourceDefinition, language: WireLanguage): Promise<Date | null> {
  return cachedRead(definition.name, `last-reviewed|${language}`, async () => {
    const db = await getDb();
    const table = tableOf(definition);
    const [row] = await db
      .select({ at: sql<Date | string | null>`max(${contentReviews.reviewedAt})` })
      .from(contentReviews)
      .innerJoin(
        table,
        and(eq(contentReviews.resource, definition.name), eq(contentReviews.rowId, column(table, 'id'))),
      )
      .where(and(...scopeConditions(definition, { language, publicOnly: true })));
    return row?.at ? new Date(row.at) : null;
  });
}

/** Sets a row's next review date (null: none); `reviewed` also records a review by that account now. */
export async function setReviewDate(
  resource: string,
  rowId: number,
  reviewAt: Date | null,
  reviewed?: { by: number | null; at: Date },
): Promise<ReviewDates> {
  const db = await getDb();
  const set = reviewed ? { reviewAt, reviewedAt: reviewed.at, reviewedBy: reviewed.by } : { reviewAt };
  const [row] = await db
    .insert(contentReviews)
    .values({ resource, rowId, ...set })
    .onConflictDoUpdate({ target: [contentReviews.resource, contentReviews.rowId], set })
    .returning({ reviewAt: contentReviews.reviewAt, reviewedAt: contentReviews.reviewedAt });
  // A review shows on the resource's public list pages (「最後檢視」); the next date is staff's only.
  if (reviewed) await invalidate(resource, { id: rowId });
  return row;
}

/** A list condition: the resource's rows whose review date has come (`getlist` with `reviewDue`). */
export function reviewDueCondition(definition: ResourceDefinition, now: Date): SQL {
  const due = sql`select ${contentReviews.rowId} from ${contentReviews} where ${contentReviews.resource} = ${definition.name} and ${contentReviews.reviewAt} <= ${now.toISOString()}::timestamptz`;
  return sql`${column(tableOf(definition), 'id')} in (${due})`;
}

/** One row past its review date, as the digest and the dashboard name it. */
export interface DueRow {
  resource: string;
  rowId: number;
  lang: string | null;
  title: string;
  reviewAt: Date;
  updatedBy: number | null;
  /** The row itself as read (its id, title, language and, where it has one, its section). */
  row: Row;
}

/** Every row past its review date, of the resources given, the longest overdue first. */
export async function dueRows(definitions: ResourceDefinition[], now: Date, language?: string): Promise<DueRow[]> {
  const db = await getDb();
  const due = await db
    .selectDistinct({ resource: contentReviews.resource })
    .from(contentReviews)
    .where(and(isNotNull(contentReviews.reviewAt), lte(contentReviews.reviewAt, now)));
  const names = new Set(due.map((row) => row.resource));
  const found: DueRow[] = [];
  for (const definition of definitions.filter((d) => names.has(d.name))) {
    const table = tableOf(definition);
    const localized = 'lang' in table;
    const rows: Row[] = await db
      .select({
        id: column(table, 'id'),
        title: column(table, definition.titleField),
        updatedBy: column(table, 'updatedBy'),
        reviewAt: contentReviews.reviewAt,
        ...(localized ? { lang: column(table, 'lang') } : {}),
        ...(definition.sectionInPath && definition.parents?.[0]
          ? { [definition.parents[0]]: column(table, definition.parents[0]) }
          : {}),
      })
      .from(table)
      .innerJoin(
        contentReviews,
        and(eq(contentReviews.resource, definition.name), eq(contentReviews.rowId, column(table, 'id'))),
      )
      .where(
        and(lte(contentReviews.reviewAt, now), localized && language ? eq(column(table, 'lang'), language) : undefined),
      );
    for (const row of rows)
      found.push({
        resource: definition.name,
        rowId: Number(row.id),
        lang: typeof row.lang === 'string' ? row.lang : null,
        title: String(row.title ?? ''),
        reviewAt: row.reviewAt as Date,
        updatedBy: typeof row.updatedBy === 'number' ? row.updatedBy : null,
        row,
      });
  }
  return found.sort((a, b) => a.reviewAt.getTime() - b.reviewAt.getTime());
}

/**
 * Claims the day's digest: true for the first server to ask on a given day (the day as a number,
 * YYYYMMDD), so several servers running the daily jobs send it once.
 */
export async function claimDigestDay(day: number): Promise<boolean> {
  const db = await getDb();
  const [claimed] = await db
    .insert(counters)
    .values({ name: 'review-digest', count: day })
    .onConflictDoUpdate({
      target: counters.name,
      set: { count: day, updatedAt: sql`now()` },
      setWhere: sql`${counters.count} < ${day}`,
    })
    .returning({ count: counters.count });
  return claimed !== undefined;
}

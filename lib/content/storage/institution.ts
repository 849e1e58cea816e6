import 'server-only';
import { desc, eq, inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { webmemberdept, webmemberdues } from '../../db/schema';
import webmemberdeptDefinition from '../resources/webmemberdept';
import { rowAndCounterpart } from './counterparts';

/**
 * One member institution is a directory row and its counterpart in the other language; a Member's
 * account, an invitation or a year's dues may name either (staff pick from the list in their own
 * language). These match all of them.
 */
/** `column` names a row of the institution of directory row `memberId`, in either language. */
export const ofInstitution = (column: AnyColumn, memberId: number): SQL =>
  inArray(column, rowAndCounterpart(webmemberdeptDefinition, memberId));

/** The directory rows of the institution of row `memberId`: it and its counterpart (none when there is no such row). */
export async function institutionRows(memberId: number): Promise<number[]> {
  const db = await getDb();
  const [row] = await db
    .select({ id: webmemberdept.id, translationId: webmemberdept.translationId })
    .from(webmemberdept)
    .where(eq(webmemberdept.id, memberId))
    .limit(1);
  return row ? [row.id, row.translationId].filter((id): id is number => typeof id === 'number') : [];
}

/** The dues rows of the institution of directory row `memberId`, the latest year first. */
export async function duesOfInstitution(memberId: number) {
  const db = await getDb();
  return db
    .select()
    .from(webmemberdues)
    .where(ofInstitution(webmemberdues.memberId, memberId))
    .orderBy(desc(webmemberdues.year));
}

/** The language of directory row `memberId`; undefined when there is no such row. */
export async function institutionLanguage(memberId: number) {
  const db = await getDb();
  const [found] = await db
    .select({ lang: webmemberdept.lang })
    .from(webmemberdept)
    .where(eq(webmemberdept.id, memberId))
    .limit(1);
  return found?.lang;
}

/** What the member institution of directory row `memberId` is called (its row in any language). */
export async function institutionName(memberId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ name: webmemberdept.name })
    .from(webmemberdept)
    .where(eq(webmemberdept.id, memberId))
    .limit(1);
  return row ? String(row.name) : null;
}

import 'server-only';
import { eq, inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { webmemberdept } from '../../db/schema';
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

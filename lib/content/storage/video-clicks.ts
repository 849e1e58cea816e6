import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { invalidate } from '../../cache/public-reads';
import { getDb } from '../../db';
import definition from '../resources/webvision';
import type { Row } from '../model/rows';
import { column, tableOf, type ReadScope } from './content-tables';
import { readConditions } from './update-times';

/**
 * Adds one click in a single statement, so parallel views are never lost, and only to a row the
 * reader may see (anonymous visitors: visible rows of their language). Returns the row, or
 * undefined when there is none. `updatedAt` stays: a view is not a change to the video.
 */
export async function addClick(scope: ReadScope, id: number): Promise<Row | undefined> {
  const db = await getDb();
  const table = tableOf(definition);
  const clicks = column(table, 'clicks');
  const [row] = await db
    .update(table)
    .set({ clicks: sql`${clicks} + 1` })
    .where(and(eq(column(table, 'id'), id), ...readConditions(definition, scope)))
    .returning();
  if (row) void invalidate('webvision'); // lists show the click count
  return row;
}

import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { readScopeOf, requireAccess } from '../model/actor';
import { defineEndpoints } from './define';
import { notFound, positiveInteger } from '../model/errors';
import definition from '../resources/webvision';
import { column, tableOf, type ReadScope } from '../storage/content-tables';
import type { Row } from '../model/rows';
import { readConditions } from '../storage/update-times';
import { invalidate } from '../../cache/public-reads';

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

export default defineEndpoints(definition, [
  {
    // A public call from the video page; it keeps the XSRF check (the browser has the cookie).
    method: 'POST',
    path: 'post/:id',
    operation: async (actor, { params: [id] }) => {
      requireAccess(actor, 'public');
      const row = await addClick(readScopeOf(actor), positiveInteger(id));
      if (!row) throw notFound();
      return { id: Number(row.id), clicks: Number(row.clicks) };
    },
  },
]);

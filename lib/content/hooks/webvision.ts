import { and, eq, sql } from 'drizzle-orm';
import { isSignedIn, requireAccess } from '../../api/context';
import { notFound } from '../../api/errors';
import { json, pathInteger } from '../../api/http';
import { getDb } from '../../db';
import type { ResourceHooks } from '../define';
import definition from '../resources/webvision';
import { column, tableOf, type ReadScope, type Row } from '../repository';
import { readConditions } from '../update-times';
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
    .set({ clicks: sql`${clicks} + 1` } as never)
    .where(and(eq(column(table, 'id'), id), ...readConditions(definition, scope)))
    .returning();
  if (row) invalidate('webvision'); // lists show the click count
  return row as Row | undefined;
}

const hooks: ResourceHooks = {
  routes: [
    {
      // A public call from the video page; it keeps the XSRF check (the browser has the cookie).
      method: 'POST',
      path: 'post/:id',
      handler: async (context, [id]) => {
        requireAccess(context, 'public');
        const row = await addClick({ language: context.language, publicOnly: !isSignedIn(context) }, pathInteger(id));
        if (!row) throw notFound();
        return json({ id: Number(row.id), clicks: Number(row.clicks) });
      },
    },
  ],
};

export default hooks;

import { and, eq, sql } from 'drizzle-orm';
import { isSignedIn, requireAccess, type RequestContext } from '../../api/context';
import { notFound } from '../../api/errors';
import { json, pathInteger } from '../../api/http';
import { getDb } from '../../db';
import type { ResourceHooks } from '../define';
import definition from '../resources/webvision';
import { column, tableOf } from '../repository';
import { readConditions } from '../update-times';
import { invalidate } from '../../cache/public-reads';

/**
 * Adds one click in a single statement, so parallel views are never lost, and only to a row the
 * caller may see (anonymous visitors: visible rows of their language). `updatedAt` stays: a view
 * is not a change to the video.
 */
async function addClick(context: RequestContext, id: number): Promise<{ id: number; clicks: number }> {
  const db = await getDb();
  const table = tableOf(definition);
  const clicks = column(table, 'clicks');
  const scope = { language: context.language, publicOnly: !isSignedIn(context) };
  const [row] = await db
    .update(table)
    .set({ clicks: sql`${clicks} + 1` } as never)
    .where(and(eq(column(table, 'id'), id), ...readConditions(definition, scope)))
    .returning({ id: column(table, 'id'), clicks });
  if (!row) throw notFound();
  invalidate('webvision'); // lists show the click count
  return { id: Number(row.id), clicks: Number(row.clicks) };
}

const hooks: ResourceHooks = {
  routes: [
    {
      // A public call from the video page; it keeps the XSRF check (the browser has the cookie).
      method: 'POST',
      path: 'post/:id',
      handler: async (context, [id]) => {
        requireAccess(context, 'public');
        return json(await addClick(context, pathInteger(id)));
      },
    },
  ],
};

export default hooks;

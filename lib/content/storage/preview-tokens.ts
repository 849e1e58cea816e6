import 'server-only';
import { and, eq, gt, lt } from 'drizzle-orm';
import { getDb } from '../../db';
import { previewTokens } from '../../db/schema';

/** The `preview_tokens` table: a draft preview's token, kept as its hash until it expires. */

/** Stores a new token; the expired ones are removed as new ones are made, so the table stays small. */
export async function storePreviewToken(token: typeof previewTokens.$inferInsert, now: Date): Promise<void> {
  const db = await getDb();
  await db.delete(previewTokens).where(lt(previewTokens.expiresAt, now));
  await db.insert(previewTokens).values(token);
}

/** The unexpired token with this hash: the row it shows, in which language, until when. */
export async function findPreviewToken(tokenHash: string, now: Date) {
  const db = await getDb();
  const [found] = await db
    .select({
      resource: previewTokens.resource,
      rowId: previewTokens.rowId,
      language: previewTokens.lang,
      expiresAt: previewTokens.expiresAt,
    })
    .from(previewTokens)
    .where(and(eq(previewTokens.tokenHash, tokenHash), gt(previewTokens.expiresAt, now)))
    .limit(1);
  return found;
}

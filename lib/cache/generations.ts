import { eq } from 'drizzle-orm';
import { getDb, type Database } from '../db';
import { contentGenerations } from '../db/schema';

/**
 * The committed write generation of a content table (lib/db/schema.ts `contentGenerations`): a
 * trigger bumps it in the transaction of every write, whichever app server or script made it.
 * One primary-key read; 0 while the table was never written.
 */
export async function storedGeneration(resource: string, db?: Database): Promise<number> {
  const reader = db ?? (await getDb());
  const [row] = await reader
    .select({ generation: contentGenerations.generation })
    .from(contentGenerations)
    .where(eq(contentGenerations.resource, resource));
  return Number(row?.generation ?? 0);
}

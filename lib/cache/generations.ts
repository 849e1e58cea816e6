import { eq } from 'drizzle-orm';
import { getDb, type Database } from '../db';
import { contentGenerations } from '../db/schema';
import { writesSent } from '../db/sole-writer';

declare global {
  var __gonghuiGenerations: WeakMap<Database, Map<string, Remembered>> | undefined;
}

interface Remembered {
  generation: number;
  /** The database's write count when it was read. */
  writes: number;
}

// On globalThis: Next.js bundles routes and pages separately, and both must see one memory.
const globalMemory = globalThis;
const memory = (globalMemory.__gonghuiGenerations ??= new WeakMap());

/**
 * The committed write generation of a content table (lib/db/schema.ts `contentGenerations`): a
 * trigger bumps it in the transaction of every write, whichever app server or script made it.
 * One primary-key read; 0 while the table was never written. On a database only this process
 * writes (PGlite), a value read while no write was under way is remembered until the next write is
 * sent, so most reads cost no query at all.
 */
export async function storedGeneration(resource: string, db?: Database): Promise<number> {
  const reader = db ?? (await getDb());
  const writes = writesSent(reader);
  const remembered = writes === undefined ? undefined : memory.get(reader)?.get(resource);
  if (remembered && remembered.writes === writes) return remembered.generation;
  const [row] = await reader
    .select({ generation: contentGenerations.generation })
    .from(contentGenerations)
    .where(eq(contentGenerations.resource, resource));
  const generation = Number(row?.generation ?? 0);
  // Kept only if no write was sent or finished meanwhile (each moves the count).
  if (writes !== undefined && writesSent(reader) === writes) {
    let forDatabase = memory.get(reader);
    if (!forDatabase) memory.set(reader, (forDatabase = new Map()));
    forDatabase.set(resource, { generation, writes });
  }
  return generation;
}

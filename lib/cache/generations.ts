import { sql } from 'drizzle-orm';
import { getDb, type Database } from '../db';
import { preparedRows } from '../db/prepared';
import { contentGenerations } from '../db/schema';
import { writesSent } from '../db/sole-writer';
import { processSlot } from '../runtime/process-state';
import { keyedLoad, noteStoredGeneration } from '../runtime/read-record';
import { readsTogether } from '../runtime/reads-together';

declare module '../runtime/process-state' {
  interface ProcessSlots {
    generations: WeakMap<Database, Map<string, Remembered>>;
  }
}

interface Remembered {
  generation: number;
  /** The database's write count when it was read. */
  writes: number;
}

// One per process: Next.js bundles routes and pages separately, and both must see one memory.
const memory = processSlot('generations', () => new WeakMap());

/**
 * The committed write generation of a content table (lib/db/schema.ts `contentGenerations`): a
 * trigger bumps it in the transaction of every write, whichever app server or script made it.
 * One primary-key read, shared with the other generation reads asked meanwhile (storedGenerations);
 * 0 while the table was never written. On a database only this process writes (PGlite), a value read
 * while no write was under way is remembered until the next write is sent, so most reads cost no
 * query at all.
 */
export async function storedGeneration(resource: string, db?: Database): Promise<number> {
  const [generation] = await storedGenerations([resource], db);
  return generation;
}

/**
 * Generation reads asked together go as one (lib/runtime/reads-together.ts): ten signed-in lists at
 * once cost one or two queries, not ten.
 */
const generationsTogether = readsTogether<string, number>();

/** Read on almost every signed-in call: a statement prepared once per connection (lib/db/prepared.ts). */
const GENERATIONS_STATEMENT = 'select resource, generation from content_generations where resource = any($1)';

async function readGenerations(reader: Database, asked: string[]): Promise<Map<string, number>> {
  const rows = await preparedRows<{ resource: string; generation: string | number | bigint }>(
    reader,
    'gonghui-stored-generations',
    GENERATIONS_STATEMENT,
    [asked],
  );
  return new Map(rows.map((row) => [row.resource, Number(row.generation)]));
}

/**
 * The stored generations of several names in one read (one query on PostgreSQL, none on PGlite
 * while nothing was written): what one request's cached reads are keyed by, in the order asked.
 */
export async function storedGenerations(names: readonly string[], db?: Database): Promise<number[]> {
  const reader = db ?? (await getDb());
  const writes = writesSent(reader);
  const known = writes === undefined ? undefined : memory.get(reader);
  const remembered = names.map((name) => {
    const found = known?.get(name);
    return found && found.writes === writes ? found.generation : undefined;
  });
  if (remembered.every((generation) => generation !== undefined)) return noted(names, remembered as number[]);
  const read = await keyedLoad(() => generationsTogether(reader, names, (asked) => readGenerations(reader, asked)));
  const generations = names.map((name) => read.get(name) ?? 0);
  if (writes !== undefined && writesSent(reader) === writes) {
    let forDatabase = memory.get(reader);
    if (!forDatabase) memory.set(reader, (forDatabase = new Map()));
    names.forEach((name, i) => forDatabase.set(name, { generation: generations[i], writes }));
  }
  return noted(names, generations);
}

/** A kept answer is good while these generations are (lib/runtime/read-record.ts). */
function noted(names: readonly string[], generations: number[]): number[] {
  names.forEach((name, i) => noteStoredGeneration(name, generations[i]));
  return generations;
}

/** What can run a statement: the database or a transaction of it. */
type Executor = Pick<Database, 'insert'>;

/**
 * Moves a stored generation on, in the caller's transaction, for what no table trigger counts (a
 * name that is not a table's: the edit locks and open changes of a resource's rows). The insert's
 * own trigger gives the next value of the one sequence (migration 0003), so the value commits with
 * the write and is never handed out twice.
 */
export async function bumpStoredGeneration(executor: Executor, name: string): Promise<void> {
  await executor
    .insert(contentGenerations)
    .values({ resource: name, generation: 0 })
    // Two first bumps at once: the second's insert meets the first's row (its value set by the trigger).
    .onConflictDoUpdate({ target: contentGenerations.resource, set: { generation: sql`excluded.generation` } });
}

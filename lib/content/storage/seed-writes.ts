import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { sectionUpdateTimes, uploads, websetting } from '../../db/schema';
import { allResources, resources } from '../model/registry';
import type { ResourceDefinition } from '../model/define';
import { tableOf } from './content-tables';

/**
 * Rows written in bulk by the demo content's seeder at start-up, in its own transaction: before
 * the connection is installed for everyone, so each function takes the seeder's. They skip what the
 * row writes add (revisions, search index, cache purges): the database is empty and nothing is cached.
 */

/** The database or a transaction on it: the seeders insert, select and run a little raw SQL. */
export type Writer = Pick<Database, 'insert' | 'select' | 'execute' | 'delete'>;

/** PostgreSQL takes at most 65,535 parameters per statement; stay well below. */
const MAX_PARAMETERS = 60_000;

/** Runs `work` in one transaction holding advisory lock `key`, so concurrent seeders take turns. */
export async function underSeedLock<T>(db: Database, key: number, work: (tx: Writer) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${key})`));
    return work(tx);
  });
}

/** True when no content table (accounts aside) has a single row. */
export async function contentIsEmpty(db: Writer): Promise<boolean> {
  const probes = allResources()
    .filter((resource) => resource !== resources.account)
    .map((resource) => sql`select 1 from ${sql.identifier(resource.name)}`);
  const result = await db.execute(sql`select exists(${sql.join(probes, sql` union all `)}) as "used"`);
  return !result.rows[0].used;
}

/**
 * Takes `count` ids from the table's identity sequence, so rows can be inserted with their ids (and
 * their twins' ids) already known: no RETURNING, and no second statement to link translations.
 */
export async function reserveIds(db: Writer, resource: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence(${resource}, 'id'))::int as "id" from generate_series(1, ${sql.raw(String(Math.trunc(count)))})`,
  );
  return result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** Multi-row inserts, split so no statement exceeds the parameter limit. */
export async function insertChunked(
  db: Writer,
  definition: ResourceDefinition,
  rows: Record<string, unknown>[],
): Promise<void> {
  const table = tableOf(definition);
  const width = rows.reduce((widest, row) => Math.max(widest, Object.keys(row).length), 1);
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / width));
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size));
  }
}

/** Web settings rows, unless their scope has one already. */
export async function insertWebSettings(db: Writer, rows: (typeof websetting.$inferInsert)[]): Promise<void> {
  await db.insert(websetting).values(rows).onConflictDoNothing();
}

/** Sections' update times, unless a section has one already. */
export async function insertSectionUpdateTimes(
  db: Writer,
  rows: (typeof sectionUpdateTimes.$inferInsert)[],
): Promise<void> {
  await db.insert(sectionUpdateTimes).values(rows).onConflictDoNothing();
}

export type UploadRow = typeof uploads.$inferInsert;

/** The uploads table's rows of files whose bytes are stored already. */
export async function insertUploadRows(db: Writer, rows: UploadRow[]): Promise<void> {
  await db.insert(uploads).values(rows);
}

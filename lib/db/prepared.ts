import type { Database } from './client';

/** What runs a named statement: a node-postgres pool, or PGlite (one connection in this process). */
interface RawClient {
  query(
    config: { name: string; text: string; values: unknown[] } | string,
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

/**
 * Runs `text` as a statement named `name`, for the few reads on every request's path (a stored
 * generation): on PostgreSQL each pooled connection parses and plans it once, then only binds and
 * runs it; no query builder runs either. On PGlite it runs as it is. `db` is the database itself
 * (a transaction has no client of its own); `name` is unique to `text`.
 */
export async function preparedRows<T>(db: Database, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: RawClient & { waitReady?: unknown } }).$client;
  if (!client) throw new Error('preparedRows needs the database itself, not a transaction');
  // PGlite has waitReady; a pool takes a named config.
  const result =
    client.waitReady !== undefined ? await client.query(text, values) : await client.query({ name, text, values });
  return result.rows as T[];
}

import type { Connection } from './client';

/**
 * Runs `work` on one app server at a time across the servers that share one PostgreSQL: a
 * session-level advisory lock keyed by `name` (within the tables' schema), held on a connection of
 * its own while `work` runs and no transaction open meanwhile, so slow work (an image encode)
 * holds no row and meets no idle timeout. A server that dies mid-work ends its session, and the
 * lock with it. With `wait: false` it gives up at once when another server holds the lock;
 * otherwise it waits for it (within the statement bound, lib/db/client.ts). Resolves whether `work`
 * ran. PGlite serves one process, whose callers keep their own once: `work` just runs.
 */
export async function claimAcrossServers(
  connection: Connection,
  name: string,
  work: () => Promise<void>,
  { wait }: { wait: boolean },
): Promise<boolean> {
  if (connection.driver !== 'postgres') {
    await work();
    return true;
  }
  // Two 32-bit keys: a space of their own, apart from start-up's single-key lock.
  const keys = [`gonghui claim ${connection.schema}`, name];
  return connection.session(async (query) => {
    if (wait) await query('select pg_advisory_lock(hashtext($1), hashtext($2))', keys);
    else {
      const [{ claimed }] = await query<{ claimed: boolean }>(
        'select pg_try_advisory_lock(hashtext($1), hashtext($2)) as claimed',
        keys,
      );
      if (!claimed) return false;
    }
    try {
      await work();
    } finally {
      await query('select pg_advisory_unlock(hashtext($1), hashtext($2))', keys);
    }
    return true;
  });
}

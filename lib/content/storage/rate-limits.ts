import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { rateLimits } from '../../db/schema';

/**
 * The `rate_limits` table: one row per bucket and key, counted by one upsert so every app server
 * shares the count and concurrent hits are never lost.
 */

/**
 * Counts one hit of `key` in a fixed window of `windowMs`, a window older than that starting again
 * at `now`; returns the count and the start of the window it fell in.
 */
export async function countHit(bucket: string, key: string, windowMs: number, now: Date) {
  const db = await getDb();
  const windowStartFloor = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, key: key.slice(0, 200), windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key],
      set: {
        hits: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  return row;
}

/**
 * A lock counted in the table (sign-in failures against a name): `hits` counts failures and
 * `window_start` holds the end of the lock. The end stored for `key`, if any.
 */
export async function lockedUntil(bucket: string, key: string): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ until: rateLimits.windowStart })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key)));
  return row?.until ?? null;
}

/**
 * Counts one failure against `key`; at the `limit`th the count starts again and the lock's end is
 * set to `until` (a first failure stores `unlocked`). Returns the stored end of the lock.
 */
export async function countLockFailure(
  bucket: string,
  key: string,
  limit: number,
  until: Date,
  unlocked: Date,
): Promise<Date> {
  const db = await getDb();
  const locks = sql`${rateLimits.hits} + 1 >= ${limit}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, key, windowStart: unlocked, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key],
      set: {
        hits: sql`case when ${locks} then 0 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${locks} then ${until} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ until: rateLimits.windowStart });
  return row.until;
}

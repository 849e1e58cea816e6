import 'server-only';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { newsletterMailings, newsletterSubscribers } from '../../db/schema';

/**
 * The `newsletter_mailings` table (a staff mailing or a period's digest: its text, items, topics,
 * language, and when it was queued to how many) and the subscribers a mailing goes to.
 */

export type StoredMailing = typeof newsletterMailings.$inferSelect;

/** Stores a mailing; with `once`, nothing when the same period's digest of the language is stored already. */
export async function insertMailing(
  mailing: typeof newsletterMailings.$inferInsert,
  once = false,
): Promise<StoredMailing | undefined> {
  const db = await getDb();
  const insert = db.insert(newsletterMailings).values(mailing);
  const [stored] = once ? await insert.onConflictDoNothing().returning() : await insert.returning();
  return stored;
}

/** The active subscribers of a language whose topics meet `topics`. */
export async function recipientsOf(lang: string, topics: string[]) {
  const db = await getDb();
  return db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      token: newsletterSubscribers.token,
      topics: newsletterSubscribers.topics,
    })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, 'active'),
        eq(newsletterSubscribers.lang, lang),
        sql`${newsletterSubscribers.topics} ?| array[${sql.join(
          topics.map((topic) => sql`${topic}`),
          sql`, `,
        )}]::text[]`,
      ),
    )
    .orderBy(newsletterSubscribers.id);
}

export async function markMailingQueued(id: number, recipients: number, at: Date): Promise<void> {
  const db = await getDb();
  await db.update(newsletterMailings).set({ queuedAt: at, recipients }).where(eq(newsletterMailings.id, id));
}

/** Mailings whose queuing never finished. */
export async function unqueuedMailings(): Promise<StoredMailing[]> {
  const db = await getDb();
  return db.select().from(newsletterMailings).where(isNull(newsletterMailings.queuedAt));
}

/** A page of mailings and digests, newest first, and how many there are. */
export async function mailingPage(page: number, pageSize: number) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(newsletterMailings);
  const rows = await db
    .select()
    .from(newsletterMailings)
    .orderBy(desc(newsletterMailings.createdAt), desc(newsletterMailings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total };
}

/** When the last digest of a language was made, or null. */
export async function lastDigestAt(lang: string): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ createdAt: newsletterMailings.createdAt })
    .from(newsletterMailings)
    .where(and(eq(newsletterMailings.kind, 'digest'), eq(newsletterMailings.lang, lang)))
    .orderBy(desc(newsletterMailings.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

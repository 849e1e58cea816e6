import 'server-only';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { account, newsletterSubscribers } from '../../db/schema';
import type { SubscriberStatus } from '../model/newsletter';
import { Role } from '../model/roles';
import { escapeLike } from './content-tables';

/**
 * The `newsletter_subscribers` table (an address, its topics, language, state, consent record and
 * tokens) and the Member accounts whose addresses may get bulletins for members only.
 */

export type Subscriber = typeof newsletterSubscribers.$inferSelect;

/** Member accounts that may be mailed bulletins for members only: not disabled, of an institution. */
const activeMember = () =>
  and(
    eq(account.role, Role.Member),
    isNotNull(account.memberId),
    or(isNull(account.isDisabled), eq(account.isDisabled, false)),
  );

/** Whether an address (lower-cased) is an active Member account's e-mail or username; of `accountId` alone if named. */
export async function isMemberAddress(email: string, accountId?: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: account.id })
    .from(account)
    .where(
      and(
        activeMember(),
        accountId === undefined ? undefined : eq(account.id, accountId),
        or(eq(sql`lower(${account.email})`, email), eq(sql`lower(${account.username})`, email)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The e-mail addresses and usernames of every active Member account. */
export async function activeMemberAddresses() {
  const db = await getDb();
  return db.select({ email: account.email, username: account.username }).from(account).where(activeMember());
}

/**
 * Stores a new pending sign-up, or renews the row of its address unless that one is active;
 * whether either happened.
 */
export async function storePendingSignUp(
  fresh: { email: string; token: string; createdAt: Date },
  pending: Partial<typeof newsletterSubscribers.$inferInsert>,
): Promise<boolean> {
  const db = await getDb();
  const [inserted] = await db
    .insert(newsletterSubscribers)
    .values({ ...fresh, ...pending } as typeof newsletterSubscribers.$inferInsert)
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted) return true;
  const [renewed] = await db
    .update(newsletterSubscribers)
    .set({ ...pending, createdAt: fresh.createdAt })
    .where(and(eq(newsletterSubscribers.email, fresh.email), ne(newsletterSubscribers.status, 'active')))
    .returning({ id: newsletterSubscribers.id });
  return renewed !== undefined;
}

/** Makes the pending sign-up of this confirmation hash, made since `since`, active; the subscriber, or undefined. */
export async function confirmPendingSignUp(confirmTokenHash: string, since: Date, now: Date) {
  const db = await getDb();
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'active', confirmedAt: now, confirmTokenHash: null, unsubscribedAt: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, confirmTokenHash),
        eq(newsletterSubscribers.status, 'pending'),
        gte(newsletterSubscribers.createdAt, since),
      ),
    )
    .returning();
  return row;
}

export async function subscriberWithToken(token: string): Promise<Subscriber | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.token, token));
  return row;
}

export async function subscriberWithEmail(email: string): Promise<Subscriber | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

/** Writes these columns of subscriber `id`; the subscriber as stored, or undefined when it is gone. */
export async function updateSubscriber(
  id: number,
  changes: Partial<typeof newsletterSubscribers.$inferInsert>,
): Promise<Subscriber | undefined> {
  const db = await getDb();
  const [row] = await db.update(newsletterSubscribers).set(changes).where(eq(newsletterSubscribers.id, id)).returning();
  return row;
}

/** Deletes the sign-ups still pending that were made before `before`; how many. */
export async function deletePendingBefore(before: Date): Promise<number> {
  const db = await getDb();
  const removed = await db
    .delete(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.status, 'pending'), lt(newsletterSubscribers.createdAt, before)))
    .returning({ id: newsletterSubscribers.id });
  return removed.length;
}

/** What the Admins' list of subscribers selects. */
export interface SubscriberQuery {
  status?: SubscriberStatus;
  keyword?: string;
}

function whereOf(query: SubscriberQuery): SQL | undefined {
  return and(
    query.status ? eq(newsletterSubscribers.status, query.status) : undefined,
    query.keyword ? ilike(newsletterSubscribers.email, `%${escapeLike(query.keyword)}%`) : undefined,
  );
}

/** A page of the selected subscribers, newest first, and how many there are. */
export async function subscriberPage(query: SubscriberQuery, page: number, pageSize: number) {
  const db = await getDb();
  const where = whereOf(query);
  const [{ total }] = await db.select({ total: count() }).from(newsletterSubscribers).where(where);
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total };
}

/** Every selected subscriber, in the order they signed up. */
export async function allSubscribers(query: SubscriberQuery): Promise<Subscriber[]> {
  const db = await getDb();
  return db.select().from(newsletterSubscribers).where(whereOf(query)).orderBy(asc(newsletterSubscribers.id));
}

/** Deletes a subscriber; whether there was one. */
export async function deleteSubscriberById(id: number): Promise<boolean> {
  const db = await getDb();
  const [removed] = await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning();
  return removed !== undefined;
}

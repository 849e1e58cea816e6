import 'server-only';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { getDb, type Database } from '../../db';
import { registrations } from '../../db/schema';
import type { WireLanguage } from '../../i18n/languages';
import type { RosterFilter } from '../model/registration';
import webactivity from '../resources/webactivity';
import { column, escapeLike, scopeConditions, tableOf, type Tx } from './content-tables';

/**
 * The `registrations` table (sign-ups for activities) and the activity rows their seats are decided
 * on. An event is an activity and its counterpart in the other language: `seatIds` names both.
 * Functions that take `db` run on it (a transaction holding the activity's lock), else on the
 * installed connection.
 */

export type Db = Database | Tx;
export type RegistrationRow = typeof registrations.$inferSelect;
type ActivityRow = Record<string, unknown>;

const activityTable = () => tableOf(webactivity);
const connection = async (db?: Db): Promise<Db> => db ?? (await getDb());

/** Runs `work` in one transaction, on `db` when given (tests decide seats on two pools). */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>, db?: Database): Promise<T> {
  return (db ?? (await getDb())).transaction(work);
}

/**
 * Activity row `id` and the row its `translationId` names, if another (none: no row); `lock` holds
 * both to the end of the transaction.
 */
export async function activityRows(id: number, lock: boolean, db?: Db): Promise<ActivityRow[]> {
  const conn = await connection(db);
  const table = activityTable();
  const idColumn = column(table, 'id');
  const [first] = await conn.select().from(table).where(eq(idColumn, id)).limit(1);
  if (!first) return [];
  const linked = typeof first.translationId === 'number' && first.translationId !== id ? first.translationId : null;
  const ids = linked === null ? [id] : [id, linked];
  // Locked in id order, whichever language the change came through: two changes never wait crosswise.
  return lock || linked !== null
    ? await (lock
        ? conn.select().from(table).where(inArray(idColumn, ids)).orderBy(asc(idColumn)).for('update')
        : conn.select().from(table).where(inArray(idColumn, ids)))
    : [first];
}

/** Whether visitors see activity row `id` in its language (visible and published). */
export async function activityShown(id: number, language: WireLanguage, db?: Db): Promise<boolean> {
  const conn = await connection(db);
  const table = activityTable();
  const [shown] = await conn
    .select({ id: column(table, 'id') })
    .from(table)
    .where(and(eq(column(table, 'id'), id), ...scopeConditions(webactivity, { language, publicOnly: true })));
  return shown !== undefined;
}

/**
 * Marks the activity's rows written, in the sign-up's transaction: its page shows the seats left, and
 * the write generation this bumps (on every app server, through its trigger) drops the cached page.
 */
export async function touchActivity(tx: Tx, seatIds: number[]): Promise<void> {
  const table = activityTable();
  await tx.execute(sql`update ${table} set "version" = "version" where ${inArray(column(table, 'id'), seatIds)}`);
}

/** The sign-ups of an activity and of its counterpart: one event, one roster. */
const ofEvent = (seatIds: number[]) => inArray(registrations.activityId, seatIds);

export async function confirmedSeats(seatIds: number[], db?: Db): Promise<number> {
  const conn = await connection(db);
  const [row] = await conn
    .select({ seats: sql<string | null>`sum(${registrations.seats})` })
    .from(registrations)
    .where(and(ofEvent(seatIds), eq(registrations.status, 'confirmed')));
  return Number(row?.seats ?? 0);
}

export async function countWaiting(tx: Tx, seatIds: number[]): Promise<number> {
  const [waiting] = await tx
    .select({ n: count() })
    .from(registrations)
    .where(and(ofEvent(seatIds), eq(registrations.status, 'waitlisted')));
  return waiting.n;
}

/** The event's waiting sign-ups in arrival order. */
export async function waitingInArrivalOrder(tx: Tx, seatIds: number[]): Promise<RegistrationRow[]> {
  return tx
    .select()
    .from(registrations)
    .where(and(ofEvent(seatIds), eq(registrations.status, 'waitlisted')))
    .orderBy(asc(registrations.id));
}

/** Writes these columns of sign-up `id`; the sign-up as stored. */
export async function updateRegistration(
  id: number,
  changes: Partial<typeof registrations.$inferInsert>,
  db?: Db,
): Promise<RegistrationRow> {
  const conn = await connection(db);
  const [updated] = await conn.update(registrations).set(changes).where(eq(registrations.id, id)).returning();
  return updated;
}

export async function activityOfRegistration(id: number): Promise<number | undefined> {
  const db = await getDb();
  const [found] = await db
    .select({ activityId: registrations.activityId })
    .from(registrations)
    .where(eq(registrations.id, id));
  return found?.activityId;
}

export async function registrationById(id: number, db?: Db): Promise<RegistrationRow | undefined> {
  const conn = await connection(db);
  const [row] = await conn.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

export async function registrationWithToken(token: string): Promise<RegistrationRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(registrations).where(eq(registrations.token, token));
  return row;
}

/** The event's sign-up with this address (lower-cased) that is not cancelled. */
export async function liveRegistrationWithEmail(
  tx: Tx,
  seatIds: number[],
  emailKey: string,
): Promise<RegistrationRow | undefined> {
  const [existing] = await tx
    .select()
    .from(registrations)
    .where(and(ofEvent(seatIds), eq(registrations.emailKey, emailKey), ne(registrations.status, 'cancelled')))
    .limit(1);
  return existing;
}

export async function insertRegistration(tx: Tx, values: typeof registrations.$inferInsert): Promise<RegistrationRow> {
  const [row] = await tx.insert(registrations).values(values).returning();
  return row;
}

/** Which sign-ups of an event a roster shows: a status (or those checked in), a keyword in name, address or code. */
export interface RosterSelection {
  status?: RosterFilter;
  keyword?: string;
}

function rosterCondition(seatIds: number[], selection: RosterSelection): SQL {
  const conditions: SQL[] = [ofEvent(seatIds)];
  if (selection.status)
    conditions.push(
      selection.status === 'attended'
        ? isNotNull(registrations.attendedAt)
        : eq(registrations.status, selection.status),
    );
  if (selection.keyword) {
    const like = `%${escapeLike(selection.keyword)}%`;
    conditions.push(
      or(ilike(registrations.name, like), ilike(registrations.email, like), ilike(registrations.code, like))!,
    );
  }
  return and(...conditions)!;
}

/** A page of the selected sign-ups in arrival order (or the newest first), and how many there are. */
export async function rosterPage(
  seatIds: number[],
  selection: RosterSelection,
  page: number,
  pageSize: number,
  newestFirst: boolean,
) {
  const db = await getDb();
  const where = rosterCondition(seatIds, selection);
  const [{ total }] = await db.select({ total: count() }).from(registrations).where(where);
  const rows = await db
    .select()
    .from(registrations)
    .where(where)
    .orderBy(newestFirst ? desc(registrations.id) : asc(registrations.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total };
}

/** Every selected sign-up, in arrival order. */
export async function rosterInArrivalOrder(seatIds: number[], selection: RosterSelection): Promise<RegistrationRow[]> {
  const db = await getDb();
  return db.select().from(registrations).where(rosterCondition(seatIds, selection)).orderBy(asc(registrations.id));
}

/** Per status: the sign-ups, their seats and those checked in. */
export async function rosterTotals(seatIds: number[]) {
  const db = await getDb();
  return db
    .select({
      status: registrations.status,
      n: count(),
      seats: sql<string>`coalesce(sum(${registrations.seats}), 0)`,
      attended: sql<string>`count(${registrations.attendedAt})`,
    })
    .from(registrations)
    .where(ofEvent(seatIds))
    .groupBy(registrations.status);
}

export async function registrationWithCode(seatIds: number[], code: string): Promise<RegistrationRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(ofEvent(seatIds), eq(registrations.code, code)));
  return row;
}

/** Marks a sign-up attended now unless it was already; the sign-up, or undefined when it was. */
export async function markAttended(id: number): Promise<RegistrationRow | undefined> {
  const db = await getDb();
  const [marked] = await db
    .update(registrations)
    .set({ attendedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(registrations.id, id), sql`${registrations.attendedAt} is null`))
    .returning();
  return marked;
}

/**
 * The event's sign-ups not erased that staff mail: those named by `ids`, or those a roster
 * selection shows, or (neither) every one not cancelled.
 */
export async function registrantsToMail(
  seatIds: number[],
  which: { ids: number[] } | { selection: RosterSelection } | null,
): Promise<RegistrationRow[]> {
  const db = await getDb();
  const conditions: SQL[] = [ofEvent(seatIds), isNull(registrations.erasedAt)];
  if (which && 'ids' in which) conditions.push(inArray(registrations.id, which.ids.length ? which.ids : [0]));
  else if (which) conditions.push(rosterCondition(seatIds, which.selection));
  else conditions.push(ne(registrations.status, 'cancelled'));
  return db
    .select()
    .from(registrations)
    .where(and(...conditions));
}

/** The activities that ended (or, without an end, started) before `cutoff` and still hold personal data. */
export async function activitiesEndedWithData(cutoff: Date): Promise<{ id: number }[]> {
  const db = await getDb();
  const table = activityTable();
  const ended = sql`coalesce(${column(table, 'endAt')}, ${column(table, 'startAt')})`;
  return db
    .selectDistinct({ id: registrations.activityId })
    .from(registrations)
    .innerJoin(table, eq(column(table, 'id'), registrations.activityId))
    .where(and(isNull(registrations.erasedAt), lt(ended, cutoff)));
}

/** Writes `erased` over the sign-ups made before `cutoff` whose activity was deleted; how many. */
export async function eraseOrphansBefore(
  cutoff: Date,
  erased: Partial<typeof registrations.$inferInsert>,
): Promise<number> {
  const db = await getDb();
  const table = activityTable();
  const orphans = await db
    .update(registrations)
    .set(erased)
    .where(
      and(
        isNull(registrations.erasedAt),
        lt(registrations.createdAt, cutoff),
        sql`not exists (select 1 from ${table} where ${column(table, 'id')} = ${registrations.activityId})`,
      ),
    )
    .returning({ id: registrations.id });
  return orphans.length;
}

/** Writes `erased` over an activity's sign-ups not erased yet; how many. */
export async function eraseRegistrationsOf(
  activityId: number,
  erased: Partial<typeof registrations.$inferInsert>,
): Promise<number> {
  const db = await getDb();
  const done = await db
    .update(registrations)
    .set(erased)
    .where(and(eq(registrations.activityId, activityId), isNull(registrations.erasedAt)))
    .returning({ id: registrations.id });
  return done.length;
}

/** The confirmed sign-ups not erased, with their activity, of activities that start after `from` and before `until`. */
export async function confirmedStartingBetween(from: Date, until: Date) {
  const db = await getDb();
  const table = activityTable();
  const start = column(table, 'startAt');
  return db
    .select({ registration: registrations, activity: table })
    .from(registrations)
    .innerJoin(table, eq(column(table, 'id'), registrations.activityId))
    .where(
      and(eq(registrations.status, 'confirmed'), isNull(registrations.erasedAt), gt(start, from), lt(start, until)),
    );
}

/** The activities someone waits for. */
export async function activitiesWithWaiting(): Promise<{ id: number }[]> {
  const db = await getDb();
  return db
    .selectDistinct({ id: registrations.activityId })
    .from(registrations)
    .where(eq(registrations.status, 'waitlisted'));
}

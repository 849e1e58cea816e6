import 'server-only';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { account, memberInvitations } from '../../db/schema';
import { Role } from '../model/roles';
import { ofInstitution } from './institution';

/**
 * The `member_invitations` table (a mailed welcome link's token hash, the institution, address,
 * name and key-contact flag, until it is accepted, revoked or expired) and the Member accounts an
 * institution has.
 */

const openInvitations = (memberId: number, now: Date) =>
  and(
    ofInstitution(memberInvitations.memberId, memberId),
    isNull(memberInvitations.acceptedAt),
    isNull(memberInvitations.revokedAt),
    gt(memberInvitations.expiresAt, now),
  );

const openFor = (tokenHash: string, now: Date) =>
  and(
    eq(memberInvitations.tokenHash, tokenHash),
    isNull(memberInvitations.acceptedAt),
    isNull(memberInvitations.revokedAt),
    gt(memberInvitations.expiresAt, now),
  );

/**
 * Stores an invitation; an open one for the same address and institution is revoked in the same
 * transaction. The new invitation's id.
 */
export async function storeInvitation(invitation: typeof memberInvitations.$inferInsert, now: Date): Promise<number> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await tx
      .update(memberInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(memberInvitations.memberId, invitation.memberId),
          sql`lower(${memberInvitations.email}) = ${invitation.email}`,
          isNull(memberInvitations.acceptedAt),
          isNull(memberInvitations.revokedAt),
        ),
      );
    const [stored] = await tx.insert(memberInvitations).values(invitation).returning({ id: memberInvitations.id });
    return stored;
  });
  return row.id;
}

/** The invitation of a welcome link's token hash while it can still be used. */
export async function openInvitationByHash(tokenHash: string, now: Date) {
  const db = await getDb();
  const [row] = await db
    .select({ name: memberInvitations.name, email: memberInvitations.email, memberId: memberInvitations.memberId })
    .from(memberInvitations)
    .where(openFor(tokenHash, now))
    .limit(1);
  return row;
}

/**
 * In one transaction: uses up the open invitation of this token hash and makes its Member account
 * (username and address the invitation's address). Null when there is no such invitation, `taken`
 * when an account has that username (nothing is then written).
 */
export async function acceptInvitationAccount(tokenHash: string, passwordHash: string, now: Date) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(memberInvitations)
      .set({ acceptedAt: now })
      .where(openFor(tokenHash, now))
      .returning();
    if (!used) return null;
    const [taken] = await tx
      .select({ id: account.id })
      .from(account)
      .where(sql`lower(${account.username}) = lower(${used.email})`)
      .limit(1);
    if (taken) return 'taken' as const;
    const [created] = await tx
      .insert(account)
      .values({
        username: used.email,
        displayName: used.name,
        email: used.email,
        role: Role.Member,
        memberId: used.memberId,
        keyContact: used.keyContact,
        passwordHash,
      } as never)
      .returning({ id: account.id });
    const id = Number(created.id);
    await tx.update(memberInvitations).set({ accountId: id }).where(eq(memberInvitations.id, used.id));
    return { id, username: used.email, memberId: used.memberId };
  });
}

/** The Member accounts of an institution, key contacts first. */
export async function memberAccountsOf(memberId: number) {
  const db = await getDb();
  return db
    .select({
      id: account.id,
      name: account.displayName,
      email: account.username,
      keyContact: account.keyContact,
      isDisabled: account.isDisabled,
      lastLoginAt: account.lastLoginAt,
    })
    .from(account)
    .where(and(ofInstitution(account.memberId, memberId), eq(account.role, Role.Member)))
    .orderBy(desc(account.keyContact), asc(account.id));
}

/** An institution's invitations not taken up, the newest first: the open ones, or with the expired ones too. */
export async function invitationsOf(memberId: number, withExpired: boolean, now: Date) {
  const db = await getDb();
  return db
    .select()
    .from(memberInvitations)
    .where(
      withExpired
        ? and(
            ofInstitution(memberInvitations.memberId, memberId),
            isNull(memberInvitations.acceptedAt),
            isNull(memberInvitations.revokedAt),
          )
        : openInvitations(memberId, now),
    )
    .orderBy(desc(memberInvitations.createdAt));
}

/** How many Member accounts and open invitations an institution has, together. */
export async function countContacts(memberId: number, now: Date): Promise<number> {
  const db = await getDb();
  const [{ accounts }] = await db
    .select({ accounts: count() })
    .from(account)
    .where(and(ofInstitution(account.memberId, memberId), eq(account.role, Role.Member)));
  const [{ invited }] = await db
    .select({ invited: count() })
    .from(memberInvitations)
    .where(openInvitations(memberId, now));
  return accounts + invited;
}

/** An invitation neither accepted nor revoked (it may have expired). */
export async function unusedInvitation(id: number) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(memberInvitations)
    .where(and(eq(memberInvitations.id, id), isNull(memberInvitations.acceptedAt), isNull(memberInvitations.revokedAt)))
    .limit(1);
  return row;
}

export async function revokeInvitationById(id: number, now: Date): Promise<void> {
  const db = await getDb();
  await db.update(memberInvitations).set({ revokedAt: now }).where(eq(memberInvitations.id, id));
}

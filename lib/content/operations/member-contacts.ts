import 'server-only';
import { revokeSessionsOf } from '../auth/sessions';
import { requireAccess, type Actor, type ActorAccount } from '../model/actor';
import { conflict, forbidden, notFound, positiveInteger, unauthorized } from '../model/errors';
import { Role } from '../model/roles';
import { wireInstant } from '../model/wire';
import accountDefinition from '../resources/account';
import { accountById } from '../storage/accounts';
import { recordAudit } from '../storage/audit';
import { deleteRow } from '../storage/row-writes';
import { invalidateResource } from '../storage/write-transaction';
import { memberContactsMax } from '../storage/settings';
import { institutionName, institutionRows } from '../storage/institution';
import {
  countContacts,
  invitationsOf,
  memberAccountsOf,
  revokeInvitationById,
  unusedInvitation,
} from '../storage/member-invitations';
import { issueInvitation, type InvitationAnswer } from './member-invitations';

/** One Member account of an institution, as its key contact and staff see it. */
interface ContactAnswer {
  id: number;
  name: string;
  email: string;
  keyContact: boolean;
  isDisabled: boolean;
  lastLoginAt: string | null;
}

/** An invitation not yet taken up, as its institution's roster shows it. */
interface PendingInvitation {
  id: number;
  email: string;
  name: string;
  keyContact: boolean;
  expiresAt: string;
  /** Past its 7 days: only a resend (staff) makes it work again. */
  expired: boolean;
}

export interface Roster {
  memberId: number;
  institution: string;
  /** How many accounts and open invitations the institution may have together (`memberContactsMax`). */
  max: number;
  data: ContactAnswer[];
  invitations: PendingInvitation[];
}

/** The signed-in Member who is their institution's key contact; anyone else is refused. */
function keyContactOf(actor: Actor): ActorAccount & { member: { id: number; keyContact: boolean } } {
  if (actor.expired) throw unauthorized('sessionExpired');
  const own = actor.account;
  if (!own) throw unauthorized();
  if (own.role !== Role.Member || !own.member?.keyContact) throw forbidden();
  return { ...own, member: own.member };
}

/** An institution's Member accounts and its invitations not taken up (expired ones only when `withExpired`). */
async function rosterOf(memberId: number, withExpired: boolean): Promise<Roster> {
  const now = new Date();
  const accounts = await memberAccountsOf(memberId);
  const invitations = await invitationsOf(memberId, withExpired, now);
  return {
    memberId,
    institution: (await institutionName(memberId)) ?? '',
    max: await memberContactsMax(),
    data: accounts.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      email: String(row.email),
      keyContact: row.keyContact === true,
      isDisabled: row.isDisabled === true,
      lastLoginAt: row.lastLoginAt instanceof Date ? wireInstant(row.lastLoginAt) : null,
    })),
    invitations: invitations.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      keyContact: row.keyContact,
      expiresAt: wireInstant(row.expiresAt),
      expired: row.expiresAt <= now,
    })),
  };
}

/** Refuses a new invitation once the institution's accounts and open invitations reach `memberContactsMax`. */
async function withinCap(memberId: number): Promise<void> {
  const contacts = await countContacts(memberId, new Date());
  const max = await memberContactsMax();
  if (contacts >= max) throw conflict('memberContactsFull', { n: max });
}

/** `member/contacts` (key contacts): their own institution's accounts and open invitations. */
export async function listContacts(actor: Actor): Promise<Roster> {
  const own = keyContactOf(actor);
  return rosterOf(own.member.id, false);
}

/**
 * `member/contacts/invite` `{email, name}` (key contacts): invites a colleague to their own
 * institution, with the invitation mail of `member/invite`, while the institution has fewer
 * accounts and open invitations than `memberContactsMax`.
 */
export async function inviteContact(actor: Actor, input: Record<string, unknown>): Promise<InvitationAnswer> {
  const own = keyContactOf(actor);
  return issueInvitation(actor, own.member.id, input, false, withinCap);
}

/**
 * `DELETE member/contacts/{id}` (key contacts): removes a Member account of their own institution,
 * ending its sessions at once; another institution's account, a staff account or their own: 403.
 */
export async function removeContact(actor: Actor, idInput: string | undefined): Promise<{ id: number }> {
  const own = keyContactOf(actor);
  const id = positiveInteger(idInput);
  const row = await accountById(id);
  if (!row) throw notFound();
  const ownInstitution = await institutionRows(own.member.id);
  if (row.role !== Role.Member || !ownInstitution.includes(Number(row.memberId)) || id === own.id) throw forbidden();
  // Its sessions end first, so the account cannot act between its removal and theirs.
  await revokeSessionsOf(id);
  await deleteRow(accountDefinition, row);
  await invalidateResource(accountDefinition.name);
  await recordAudit(actor, {
    action: 'memberRemove',
    // On the institution's row: the account is gone, its institution's log keeps the entry.
    resource: 'webmemberdept',
    rowId: own.member.id,
    summary: String(row.username),
  });
  return { id };
}

/**
 * `member/accounts/{memberId}` (Admins): the institution's accounts (with their last sign-in) and
 * every invitation not taken up.
 */
export async function institutionAccounts(actor: Actor, memberIdInput: string | undefined): Promise<Roster> {
  requireAccess(actor, 'admin');
  const memberId = positiveInteger(memberIdInput);
  if ((await institutionName(memberId)) === null) throw notFound();
  return rosterOf(memberId, true);
}

async function invitationRow(idInput: string | undefined) {
  const id = positiveInteger(idInput);
  const row = await unusedInvitation(id);
  if (!row) throw notFound();
  return row;
}

/**
 * `member/invitations/resend/{id}` (Admins): mails the invitation again with a new link, valid 7
 * days from now; the old link stops working.
 */
export async function resendInvitation(actor: Actor, idInput: string | undefined): Promise<InvitationAnswer> {
  requireAccess(actor, 'admin');
  const row = await invitationRow(idInput);
  // The new invitation replaces this one (the same address and institution): its link stops working.
  return issueInvitation(actor, row.memberId, { email: row.email, name: row.name }, row.keyContact);
}

/** `member/invitations/revoke/{id}` (Admins): the invitation's link stops working. */
export async function revokeInvitation(actor: Actor, idInput: string | undefined): Promise<{ id: number }> {
  requireAccess(actor, 'admin');
  const row = await invitationRow(idInput);
  await revokeInvitationById(row.id, new Date());
  await recordAudit(actor, {
    action: 'memberInviteRevoke',
    resource: 'webmemberdept',
    rowId: row.memberId,
    summary: row.email,
  });
  return { id: row.id };
}

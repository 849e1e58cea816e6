import 'server-only';
import { randomBytes } from 'node:crypto';
import { config } from '../../config';
import type { WireLanguage } from '../../i18n/languages';
import { memberPaths } from '../../routing/member';
import { sitePath, withToken } from '../../routing/site';
import { translate } from '../../i18n/messages';
import { enqueueMail } from '../../mail/queue';
import { memberInvitationMail, siteLink } from '../../mail/templates';
import { hashPassword } from '../auth/passwords';
import { hit, memberInviteLimit, memberWelcomeLimit } from '../auth/rate-limit';
import { hashToken } from '../auth/sessions';
import memberDepartments from '../resources/webmemberdept';
import { requireAccess, type Actor } from '../model/actor';
import type { ResourceDefinition } from '../model/define';
import { conflict, invalid, invalidFields } from '../model/errors';
import { validateInput } from '../model/validation';
import { wireInstant } from '../model/wire';
import accountDefinition from '../resources/account';
import { accountByUsername } from '../storage/accounts';
import { recordAudit } from '../storage/audit';
import { institutionName } from '../storage/institution';
import { acceptInvitationAccount, openInvitationByHash, storeInvitation } from '../storage/member-invitations';
import { invalidateResource } from '../storage/write-transaction';
import { readWebInfo } from '../storage/settings';

/** An invitation's link works once, for this long. */
export const INVITATION_MS = 7 * 24 * 60 * 60 * 1000;

/** The invitation's fields, checked by the account form's own rules (the e-mail becomes the username). */
const invitationFields: ResourceDefinition = {
  ...accountDefinition,
  fields: {
    email: { ...accountDefinition.fields.email, required: true },
    displayName: accountDefinition.fields.displayName,
    username: { ...accountDefinition.fields.username, unique: false },
  },
};

/** The password of a new Member: the same rule as every account's. */
const passwordOnly: ResourceDefinition = {
  ...accountDefinition,
  fields: { password: accountDefinition.fields.password },
};

const positiveId = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0
    ? value
    : typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value)
      ? Number(value)
      : null;

export interface InvitationAnswer {
  id: number;
  memberId: number;
  email: string;
  name: string;
  keyContact: boolean;
  expiresAt: string;
}

/**
 * `member/invite` `{memberId, email, name, keyContact}` (Admins): mails the contact a link to
 * `/{lang}/member/welcome?token=…`, valid for 7 days and once, where they choose a password and so
 * become a Member of that institution. The e-mail address becomes the account's username, so it
 * must not name an account already; an open invitation for the same address is replaced.
 */
export async function inviteMember(actor: Actor, input: Record<string, unknown>): Promise<InvitationAnswer> {
  requireAccess(actor, 'admin');
  return issueInvitation(actor, input.memberId, input, input.keyContact);
}

/**
 * Checks an invitation `{email, name}` to institution `memberId` and sends it (an Admin's, or a key
 * contact's for a colleague: lib/content/operations/member-contacts.ts); `limit` refuses it before
 * anything is stored, once the institution's own count is known.
 */
export async function issueInvitation(
  actor: Actor,
  memberIdInput: unknown,
  input: Record<string, unknown>,
  keyContact: unknown,
  limit?: (memberId: number) => Promise<void>,
): Promise<InvitationAnswer> {
  await hit(memberInviteLimit, actor.clientAddress);
  const memberId = positiveId(memberIdInput);
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : input.email;
  const { values, issues } = validateInput(
    invitationFields,
    { email, displayName: input.name, username: email },
    'add',
    actor.language,
    config().siteTimeZone,
  );
  // The username's issue is the e-mail's: the address is what the invitee will sign in with.
  const named = issues.map((issue) =>
    issue.field === 'username'
      ? { ...issue, field: 'email' }
      : issue.field === 'displayName'
        ? { ...issue, field: 'name' }
        : issue,
  );
  if (memberId === null) named.unshift({ field: 'memberId', key: 'memberInstitutionRequired', values: {} });
  if (keyContact !== undefined && typeof keyContact !== 'boolean')
    named.push({ field: 'keyContact', key: 'notBoolean', values: { field: 'keyContact' } });
  if (named.length) throw invalidFields(dedupe(named));
  const institution = await institutionName(memberId!);
  if (institution === null) throw invalidFields([{ field: 'memberId', key: 'memberInstitutionRequired', values: {} }]);
  const address = String(values.email);
  const name = String(values.displayName);
  if (await accountByUsername(address)) throw conflict('memberEmailTaken');
  await limit?.(memberId!);
  const invitation = await createInvitation(actor, {
    memberId: memberId!,
    email: address,
    name,
    keyContact: keyContact === true,
  });
  await recordAudit(actor, {
    action: 'memberInvite',
    resource: memberDepartments.name,
    rowId: memberId!,
    summary: `${address} (${institution})${invitation.keyContact ? ', key contact' : ''}`,
  });
  return invitation;
}

interface NewInvitation {
  memberId: number;
  email: string;
  name: string;
  keyContact: boolean;
}

/** Stores an invitation (an open one for the same address and institution stops working) and queues its e-mail. */
async function createInvitation(actor: Actor, invited: NewInvitation): Promise<InvitationAnswer> {
  const now = new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_MS);
  const id = await storeInvitation(
    {
      tokenHash: hashToken(token),
      memberId: invited.memberId,
      email: invited.email,
      name: invited.name,
      keyContact: invited.keyContact,
      lang: actor.language,
      invitedBy: actor.account?.id ?? null,
      expiresAt,
    },
    now,
  );
  await mailInvitation(actor.language, invited, token, expiresAt);
  return {
    id,
    memberId: invited.memberId,
    email: invited.email,
    name: invited.name,
    keyContact: invited.keyContact,
    expiresAt: wireInstant(expiresAt),
  };
}

async function mailInvitation(language: WireLanguage, invited: NewInvitation, token: string, expiresAt: Date) {
  const site = (await readWebInfo(language, { includePrivate: false })).siteName;
  const institution = (await institutionName(invited.memberId)) ?? '';
  const link = siteLink(sitePath(language, withToken(memberPaths.welcome, token)));
  const mail = memberInvitationMail(
    language,
    site,
    { name: invited.name, institution },
    link,
    INVITATION_MS / 86_400_000,
  );
  await enqueueMail({ kind: 'member', to: [invited.email], ...mail, expiresAt });
}

/** An open invitation as the welcome page shows it: who is invited, to which institution. */
interface OpenInvitation {
  name: string;
  email: string;
  institution: string;
}

const tokenShape = /^[A-Za-z0-9_-]{20,100}$/;

/** The invitation a welcome link names, while it can still be used; null otherwise. */
export async function openInvitation(token: string, now = new Date()): Promise<OpenInvitation | null> {
  if (!tokenShape.test(token)) return null;
  const row = await openInvitationByHash(hashToken(token), now);
  if (!row) return null;
  return { name: row.name, email: row.email, institution: (await institutionName(row.memberId)) ?? '' };
}

/**
 * The welcome page's form `{token, password}`: the invitee chooses a password (the rule of every
 * account), and the Member account is made with the invitation's institution, name, address (also
 * its username) and key-contact flag. The token is used up in the statement that checks it, so it
 * works once even when two requests race; a wrong, used, revoked or expired one is one refusal.
 */
export async function acceptInvitation(
  actor: Actor,
  input: Record<string, unknown>,
): Promise<{ ok: true; username: string; message: string }> {
  requireAccess(actor, 'public');
  await hit(memberWelcomeLimit, actor.clientAddress);
  const token = typeof input.token === 'string' ? input.token.trim() : '';
  const { values, issues } = validateInput(
    passwordOnly,
    { password: input.password },
    'add',
    actor.language,
    config().siteTimeZone,
  );
  if (issues.length) throw invalidFields(issues);
  if (!tokenShape.test(token)) throw invalid('invitationInvalid');
  const passwordHash = await hashPassword(String(values.password));
  const now = new Date();
  const made = await acceptInvitationAccount(hashToken(token), passwordHash, now);
  if (made === null) throw invalid('invitationInvalid');
  if (made === 'taken') throw conflict('memberEmailTaken');
  await invalidateResource(accountDefinition.name);
  await recordAudit(actor, {
    action: 'memberJoin',
    resource: accountDefinition.name,
    rowId: made.id,
    account: { id: made.id, name: made.username },
    summary: `member institution ${made.memberId}`,
  });
  return { ok: true, username: made.username, message: translate(actor.language, 'api.invitationAccepted') };
}

/** The issues of a form, one per field (the first). */
function dedupe<T extends { field: string }>(issues: T[]): T[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.field) && seen.add(issue.field));
}

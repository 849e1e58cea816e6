import 'server-only';
import { config } from '../../config';
import { checkFile, refusalMessage, storeUpload } from '../../uploads';
import type { WireLanguage } from '../../i18n/languages';
import type { Actor, ActorAccount } from '../model/actor';
import type { ResourceDefinition } from '../model/define';
import { forbidden, invalid, invalidFields, notFound, unauthorized, type Issue } from '../model/errors';
import { Role } from '../model/roles';
import { validateInput } from '../model/validation';
import { toWire, wireInstant, wireRow } from '../model/wire';
import definition from '../resources/webmemberdept';
import { reviveRow } from '../storage/content-tables';
import { getRow } from '../storage/row-reads';
import type { Row } from '../model/rows';
import { emailOf } from '../storage/accounts';
import { institutionLanguage } from '../storage/institution';
import { findMedia } from '../storage/media';
import { pendingHistory } from '../storage/pending';
import { auditRow, checkAgainstDatabase, expectedVersion } from './resource';
import { submitChange } from './submission';

/**
 * A Member's own institution entry (the member area): what visitors see of it, and the fields its
 * definition marks `memberEditable`, whose changes wait for an Admin in the approval flow
 * (lib/content/operations/approval.ts) whatever the `approvalRequired` setting: the public
 * directory changes only when one is approved.
 */

/** The fields a Member may propose changes to, from the definition. */
export const memberEditableFields = Object.entries(definition.fields)
  .filter(([, f]) => f.memberEditable)
  .map(([key]) => key);

/** The definition cut down to those fields: the rules a Member's change is checked by. */
const editable: ResourceDefinition = {
  ...definition,
  fields: Object.fromEntries(Object.entries(definition.fields).filter(([, f]) => f.memberEditable)),
};

type MemberAccount = ActorAccount & { member: NonNullable<ActorAccount['member']> };

/** The signed-in Member (any other caller is refused: a visitor 401, staff 403). */
export function requireMember(actor: Actor): MemberAccount {
  if (actor.expired) throw unauthorized('sessionExpired');
  if (!actor.account) throw unauthorized();
  if (actor.account.role !== Role.Member || !actor.account.member) throw forbidden();
  return actor.account as MemberAccount;
}

/** The institution's row (in its own language, whatever the request's), or 404 when it is gone. */
async function institutionRow(memberId: number): Promise<Row> {
  const lang = await institutionLanguage(memberId);
  const row =
    lang !== undefined
      ? await getRow(definition, { language: lang as WireLanguage, publicOnly: false }, memberId)
      : undefined;
  if (!row) throw notFound();
  return row;
}

const pick = (row: Row, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => key in row).map((key) => [key, row[key]]));

/** The entry as visitors see it (`isVisible` says whether they do), with the editable fields staff alone read. */
function memberView(actor: Actor, row: Row): Row & { isVisible: boolean } {
  const all = toWire(definition, row, true, config().siteTimeZone);
  return { ...wireRow(actor, definition, row), ...pick(all, memberEditableFields), isVisible: row.isVisible !== false };
}

/** The latest change of the entry while it waits, or its rejection with the reviewer's comment; else null. */
async function pendingView(row: Row) {
  const [latest] = await pendingHistory(definition.name, Number(row.id));
  if (!latest || latest.status === 'approved') return null;
  const changes = toWire(editable, reviveRow(definition, latest.values), true, config().siteTimeZone);
  return {
    id: latest.id,
    status: latest.status,
    submittedAt: wireInstant(latest.submittedAt),
    changes: pick(changes, memberEditableFields),
    comment: latest.comment,
    decidedAt: latest.decidedAt ? wireInstant(latest.decidedAt) : null,
  };
}

/** `GET member/me` → `{account, member, pending}`: the Member, their entry, its open or rejected change. */
export async function memberEntry(actor: Actor) {
  const own = requireMember(actor);
  const email = await emailOf(own.id);
  const row = await institutionRow(own.member.id);
  return {
    account: {
      id: own.id,
      username: own.username,
      displayName: own.displayName,
      email: email ?? null,
      memberId: own.member.id,
      keyContact: own.member.keyContact,
    },
    member: memberView(actor, row),
    pending: await pendingView(row),
  };
}

/** A body naming an institution (`id`, `memberId`) may name only the Member's own. */
function refuseOtherInstitution(own: MemberAccount, body: Record<string, unknown>) {
  for (const key of ['id', 'memberId']) {
    if (body[key] !== undefined && body[key] !== null && String(body[key]) !== String(own.member.id)) throw forbidden();
  }
}

/** A logo may be the current one, none, or an image this Member uploaded (member/logo). */
async function checkLogo(own: MemberAccount, row: Row, logo: unknown) {
  if (logo === undefined || logo === null || logo === '' || logo === row.logo) return;
  const upload = await findMedia(String(logo));
  if (!upload || upload.createdBy !== own.id || !upload.type.startsWith('image/'))
    throw invalidFields([{ field: 'logo', key: 'memberLogoNotOwn', values: {} }]);
}

/**
 * `PUT member/update` with some of the editable fields: the change is stored as the entry's open
 * change for an Admin to approve or reject (merged into one already waiting), and the approvers are
 * mailed. A field outside `memberEditable` is refused (400), as is another institution's id (403).
 */
export async function updateMemberEntry(actor: Actor, body: Record<string, unknown>) {
  const own = requireMember(actor);
  refuseOtherInstitution(own, body);
  const { version, ...named } = body;
  const fields = Object.fromEntries(Object.entries(named).filter(([key]) => key !== 'id' && key !== 'memberId'));
  const outside = Object.keys(fields).filter((key) => !memberEditableFields.includes(key));
  if (outside.length)
    throw invalidFields(
      outside.map((field): Issue => ({ field, key: 'memberFieldNotEditable', values: { field: field.slice(0, 40) } })),
    );
  const row = await institutionRow(own.member.id);
  const { values, issues } = validateInput(editable, fields, 'update', actor.language, config().siteTimeZone);
  if (issues.length) throw invalidFields(issues);
  await checkLogo(own, row, values.logo);
  await checkAgainstDatabase(actor, editable, values);
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const changes = Object.fromEntries(Object.entries(values).filter(([key, value]) => !same(value, row[key])));
  const [open] = await pendingHistory(definition.name, Number(row.id));
  // A field the waiting change already sets is kept in step, even when set back to the live value.
  if (open?.status === 'pending')
    for (const key of Object.keys(open.values)) if (key in values) changes[key] = values[key];
  if (!Object.keys(changes).length) throw invalid('memberEntryUnchanged');
  const expected = expectedVersion(version);
  await submitChange(actor, definition, row, 'change', changes, expected);
  await auditRow(actor, definition, 'submit', row, 'change');
  return memberEntry(actor);
}

/**
 * An image the Member sent for their entry's logo, stored as every upload is (checked by its bytes,
 * its metadata stripped from the copies served) → its upload id. Anything but an image is refused.
 */
export async function storeMemberLogo(actor: Actor, file: { bytes: Uint8Array; name: string }): Promise<string> {
  const own = requireMember(actor);
  const checked = await checkFile(file.bytes, file.name);
  if (checked.ok && !checked.image) throw invalidFields([{ field: 'logo', key: 'memberLogoNotImage', values: {} }]);
  const stored = await storeUpload(file.bytes, file.name, own.id);
  if (!stored.ok) {
    const refusal = refusalMessage(stored.reason);
    throw invalidFields([{ field: 'logo', key: refusal.key, values: refusal.values ?? {} }]);
  }
  return stored.upload.id;
}

/** `POST member/logo`: the image stored and proposed as the entry's logo. */
export async function submitMemberLogo(actor: Actor, file: { bytes: Uint8Array; name: string }) {
  return updateMemberEntry(actor, { logo: await storeMemberLogo(actor, file) });
}

import 'server-only';
import { headers } from 'next/headers';
import type { ActorAccount } from '../../content/model/actor';
import { memberEditableFields, memberEntry } from '../../content/operations/member-entry';
import definition from '../../content/resources/webmemberdept';
import type { RowOf } from '../../content/model/rows';
import { clientAddressOf } from '../../http/client-address';
import { type WireLanguage } from '../../i18n/languages';
import { memberView, type Member } from '../members/members';
import { signedInMember } from './page';

/** An editable field of the entry form: its name, label in the page's language and the value to show. */
interface EntryField {
  name: string;
  label: string;
  value: string;
}

/**
 * What the member page shows of the Member's institution: its entry as the directory shows it, the
 * form's fields (filled in with the change awaiting approval, if one is), and that change or its rejection.
 */
export async function ownEntry(language: WireLanguage, account: ActorAccount) {
  const actor = { language, account, clientAddress: clientAddressOf(await headers()) };
  const { account: own, member, pending } = await memberEntry(actor);
  const proposed: Record<string, unknown> = pending?.status === 'pending' ? { ...member, ...pending.changes } : member;
  const fields: EntryField[] = memberEditableFields
    .filter((name) => name !== 'logo')
    .map((name) => ({
      name,
      label: definition.fields[name as keyof typeof definition.fields].label[language],
      value: typeof proposed[name] === 'string' ? (proposed[name] as string) : '',
    }));
  const changed = pending
    ? Object.keys(pending.changes).map(
        (name) => definition.fields[name as keyof typeof definition.fields].label[language],
      )
    : [];
  return {
    email: String(own.email ?? own.username),
    shown: memberView(member as unknown as RowOf<typeof definition>) satisfies Member,
    visible: member.isVisible,
    fields,
    pending: pending && { ...pending, changed },
  };
}

/**
 * What an activity's sign-up form starts with for a signed-in Member (nothing for anyone else): their
 * name, e-mail address, institution and `memberType` "member". The page is never kept by a cache.
 */
export async function memberSignUpPrefill(language: WireLanguage): Promise<Record<string, string> | undefined> {
  const signedIn = await signedInMember();
  if (!signedIn) return undefined;
  const { email } = await ownEntry(language, signedIn.account);
  return {
    name: signedIn.account.displayName,
    email,
    organization: signedIn.institution,
    memberType: 'member',
  };
}

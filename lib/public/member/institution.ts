import 'server-only';
import { headers } from 'next/headers';
import type { Actor } from '../../content/model/actor';
import { ContentError } from '../../content/model/errors';
import { listContacts, type Roster } from '../../content/operations/member-contacts';
import { memberDues, memberReceipt } from '../../content/operations/member-dues';
import { clientAddressOf } from '../../http/client-address';
import type { WireLanguage } from '../../i18n/languages';
import { signedInMember } from './page';

/**
 * The member area's pages of the institution's own (its dues, a receipt, its colleagues), read
 * through the same operations as the `member/…` calls, as the signed-in Member.
 */
type SignedIn = NonNullable<Awaited<ReturnType<typeof signedInMember>>>;

async function actorOf(signedIn: SignedIn, language: WireLanguage): Promise<Actor> {
  return { language, account: signedIn.account, clientAddress: clientAddressOf(await headers()) };
}

/** The signed-in Member and their institution's dues; null when no Member is signed in. */
export async function institutionDues(language: WireLanguage) {
  const signedIn = await signedInMember();
  if (!signedIn) return null;
  return { signedIn, ...(await memberDues(await actorOf(signedIn, language))) };
}

/** A paid year's receipt of the signed-in Member's institution: null when no Member is signed in, 'none' if none. */
export async function institutionReceipt(language: WireLanguage, year: string) {
  const signedIn = await signedInMember();
  if (!signedIn) return null;
  try {
    return await memberReceipt(await actorOf(signedIn, language), year);
  } catch (error) {
    if (error instanceof ContentError && (error.kind === 'notFound' || error.kind === 'invalid')) return 'none';
    throw error;
  }
}

/** The key contact's roster of their institution; `roster` is null for a Member who is not its key contact. */
export async function institutionColleagues(
  language: WireLanguage,
): Promise<{ signedIn: SignedIn; roster: Roster | null } | null> {
  const signedIn = await signedInMember();
  if (!signedIn) return null;
  if (!signedIn.account.member.keyContact) return { signedIn, roster: null };
  return { signedIn, roster: await listContacts(await actorOf(signedIn, language)) };
}

import 'server-only';
import { cookies, headers } from 'next/headers';
import { memberSessionForToken } from '../../content/auth/sessions';
import { visitor, type ActorAccount } from '../../content/model/actor';
import { ContentError } from '../../content/model/errors';
import { institutionName } from '../../content/storage/institution';
import { passkeyList, passkeyLoginOptions } from '../../content/operations/passkeys';
import { listSessions } from '../../content/operations/sessions';
import { MEMBER_SESSION_COOKIE, MEMBER_TICKET_COOKIE, MEMBER_XSRF_HEADER } from '../../http/cookies';
import { clientAddressOf } from '../../http/client-address';
import type { WireLanguage } from '../../i18n/languages';
import { translationsIn } from '../../i18n/params';

/** The token every member-area form echoes in its hidden `xsrf` field (proxy.ts hands it to the page). */
export async function memberFormToken(): Promise<string> {
  return (await headers()).get(MEMBER_XSRF_HEADER) ?? '';
}

/** The Member signed in to the member area by its cookie, with their institution's name; null for anyone else. */
export async function signedInMember(): Promise<{
  account: ActorAccount & { member: NonNullable<ActorAccount['member']> };
  institution: string;
} | null> {
  const token = (await cookies()).get(MEMBER_SESSION_COOKIE)?.value;
  const session = token ? await memberSessionForToken(token) : null;
  const member = session?.account.member;
  if (!session || !member) return null;
  return { account: { ...session.account, member }, institution: (await institutionName(member.id)) ?? '' };
}

/** A query parameter as one string (the first of several), or ''. */
export const queryValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The words of the refusal a form came back with (`?error=key&n=…`, or the form's own parameter in
 * place of `error`), from the `memberArea.errors` messages; an unknown key is the general one.
 */
export async function formErrorText(
  language: WireLanguage,
  query: SearchParams,
  param = 'error',
): Promise<string | null> {
  const key = queryValue(query[param]);
  if (!key) return null;
  const t = await translationsIn(language, 'memberArea.errors');
  const n = Number(queryValue(query.n)) || 0;
  // A key from the address: only those the messages have are read, with their one value.
  const known = t.has(key as 'rateLimited') ? (key as 'rateLimited') : 'invalid';
  return t(known, { n });
}

/** The signed-in Member's own sign-in sessions (the one this request came with marked), or null for anyone else. */
export async function memberSessions(language: WireLanguage) {
  const token = (await cookies()).get(MEMBER_SESSION_COOKIE)?.value;
  const session = token ? await memberSessionForToken(token) : null;
  if (!session) return null;
  const actor = { language, account: session.account, clientAddress: 'unknown', sessionId: session.id };
  return (await listSessions(actor, {})).data;
}

/** The signed-in Member's passkeys, oldest first (`account/passkey/list`'s operation). */
export async function memberPasskeys(language: WireLanguage, account: ActorAccount) {
  return (await passkeyList({ language, account, clientAddress: 'unknown' })).data;
}

/**
 * The challenge for a passkey's answer to the second step of the sign-in whose ticket waits in its
 * HttpOnly cookie (the page's script cannot read it); null without a ticket, or for an account
 * without passkeys.
 */
export async function verifyPasskeyOptions(language: WireLanguage) {
  const ticket = (await cookies()).get(MEMBER_TICKET_COOKIE)?.value;
  if (!ticket) return null;
  try {
    return await passkeyLoginOptions(visitor(language, clientAddressOf(await headers())), { ticket });
  } catch (error) {
    if (error instanceof ContentError) return null;
    throw error;
  }
}

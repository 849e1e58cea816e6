import { forbidden, unauthorized } from './errors';
import { isStaffRole, roleAllows, type Access, type RoleValue } from './roles';
import type { WireLanguage } from '../../i18n/languages';

/** A signed-in account as operations see it. */
export interface ActorAccount {
  id: number;
  username: string;
  displayName: string;
  role: RoleValue;
  /** A Member's institution (a `webmemberdept` row) and whether they are its key contact. */
  member?: { id: number; keyContact: boolean };
}

/**
 * Who performs a content operation: the language they read and write in, their account (null for a
 * visitor) and their client address (rate limits, captcha). Every caller builds one: the API from
 * the request's headers, the contact form's server action, scripts.
 */
export interface Actor {
  language: WireLanguage;
  account: ActorAccount | null;
  clientAddress: string;
  /** A credential was presented but is no longer valid (an expired or revoked session). */
  expired?: boolean;
  /** The public id of the session the request was made with (`account/sessions`' "this one"). */
  sessionId?: string;
  /**
   * A signed-in Member of the public site making a visitor's call (`account` is null): they read
   * as a visitor, and may sign up for an activity for members only.
   */
  member?: ActorAccount;
  /** The request's User-Agent, kept with a new session and named in the new-device e-mail. */
  userAgent?: string;
  /**
   * The person at the server's console (a command such as create-admin): may do anything. Never built from a request.
   */
  operator?: boolean;
}

/** The operator at the server's console, for commands run there. */
export const operator = (language: WireLanguage = 'tw'): Actor => ({
  language,
  account: null,
  clientAddress: 'console',
  operator: true,
});

/** A visitor: no account. */
export const visitor = (language: WireLanguage, clientAddress = 'unknown'): Actor => ({
  language,
  account: null,
  clientAddress,
});

/**
 * A staff account is signed in (User or Admin). A Member reads content as a visitor does: public
 * rows only, no back-office columns.
 */
export const isSignedIn = (actor: Actor) => actor.account !== null && isStaffRole(actor.account.role);

/** What rows an actor reads: visitors only public rows inside their window; always in the actor's language. */
export const readScopeOf = (actor: Actor) => ({ language: actor.language, publicOnly: !isSignedIn(actor) });

/**
 * The actor's own account, of any role (its security and sessions are every account's own, a
 * Member's too): refused without one, or with an expired credential.
 */
export function requireOwnAccount(actor: Actor): ActorAccount {
  if (actor.expired) throw unauthorized('sessionExpired');
  if (!actor.account) throw unauthorized();
  return actor.account;
}

/**
 * Refuses unless the actor may act at `access`. An expired credential is refused even on public
 * reads, so a back office whose session ended is told to sign in again instead of silently seeing
 * the public view.
 */
export function requireAccess(actor: Actor, access: Access): void {
  if (actor.expired) throw unauthorized('sessionExpired');
  if (access === 'public' || actor.operator) return;
  if (!actor.account) throw unauthorized();
  if (!roleAllows(actor.account.role, access)) throw forbidden();
}

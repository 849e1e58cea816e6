import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { memberSessionForToken, revokeSession, sessionForToken } from '../../content/auth/sessions';
import { PASSKEY_NAME_MAX } from '../../content/auth/passkeys';
import { TICKET_MS } from '../../content/auth/second-factor';
import type { Actor } from '../../content/model/actor';
import { ContentError } from '../../content/model/errors';
import { signIn, signOut, type SignInResult } from '../../content/operations/account';
import { memberEditableFields, storeMemberLogo, updateMemberEntry } from '../../content/operations/member-entry';
import { inviteContact, removeContact } from '../../content/operations/member-contacts';
import { acceptInvitation } from '../../content/operations/member-invitations';
import { requestPasswordReset, resetPassword } from '../../content/operations/password-reset';
import { passkeyRegister, passkeyRemove, passkeySignIn } from '../../content/operations/passkeys';
import { signInSecondStep, totpEnable, totpSetup } from '../../content/operations/second-factor';
import { endOtherSessions, endSession } from '../../content/operations/sessions';
import { clientAddressOf } from '../../http/client-address';
import {
  MEMBER_CODES_COOKIE,
  MEMBER_SESSION_COOKIE,
  MEMBER_TICKET_COOKIE,
  MEMBER_XSRF_COOKIE,
  requestCookie,
} from '../../http/cookies';
import { type WireLanguage } from '../../i18n/languages';
import { sitePath } from '../../routing/site';
import { translate } from '../../i18n/messages';
import { logError } from '../../observability/logger';
import { MAX_UPLOAD_BYTES } from '../../uploads';
import accountDefinition from '../../content/resources/account';
import { memberPaths } from '../../routing/member';

/** The member area's forms, each posted to `/{lang}/member/forms/{name}`. */
const memberForms = [
  'login',
  'verify',
  'logout',
  'welcome',
  'forgot',
  'reset',
  'totp-setup',
  'totp-enable',
  'entry',
  'contact-invite',
  'contact-remove',
  'session-end',
  'sessions-end-others',
  'passkey-add',
  'passkey-remove',
  'passkey-login',
] as const;
export type MemberForm = (typeof memberForms)[number];
export const isMemberForm = (name: string): name is MemberForm => (memberForms as readonly string[]).includes(name);

/** A refusal shown on the form's page: a key of the `memberArea.errors` messages and its number, if any. */
class FormError extends Error {
  constructor(
    readonly key: string,
    readonly n?: number,
  ) {
    super(key);
  }
}

/** The page a refusal goes back to, and where success goes. */
interface FormContext {
  request: Request;
  language: WireLanguage;
  form: FormData;
  actor: Actor;
  secure: boolean;
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * A form posted from the member area's own pages: the browser says the post comes from this site
 * (`Origin`, or `Sec-Fetch-Site` where a browser sends no Origin), and it echoes the HttpOnly
 * `member-xsrf` cookie in the hidden `xsrf` field (double submit), so another site cannot post one.
 */
function sameSiteForm(request: Request, form: FormData): boolean {
  const origin = request.headers.get('origin');
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (origin !== null && origin !== 'null') {
    try {
      if (new URL(origin).host !== host) return false;
    } catch {
      return false;
    }
  } else if (origin === 'null') return false;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const cookie = Buffer.from(requestCookie(request, MEMBER_XSRF_COOKIE) ?? '');
  const echoed = Buffer.from(field(form, 'xsrf'));
  return cookie.length > 0 && cookie.length === echoed.length && timingSafeEqual(cookie, echoed);
}

function cookie(name: string, value: string, maxAgeSeconds: number | null, secure: boolean): string {
  const age = maxAgeSeconds === null ? '' : `; Max-Age=${maxAgeSeconds}`;
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}${age}`;
}

const isSecure = (request: Request) =>
  (request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '')) === 'https';

/** A 303 to a page of the member area, never kept by a cache. */
function seeOther(
  language: WireLanguage,
  path: string,
  query: Record<string, string | number> = {},
  cookies: string[] = [],
) {
  const headers = new Headers({
    location: sitePath(language, path, query),
    'cache-control': 'private, no-store',
  });
  for (const value of cookies) headers.append('set-cookie', value);
  return new Response(null, { status: 303, headers });
}

/** What a refused operation shows: its own message where the member area words it, else a general one. */
function formErrorOf(error: unknown): FormError {
  if (error instanceof FormError) return error;
  if (error instanceof ContentError) {
    if (error.kind === 'tooMany') return new FormError('rateLimited', Number(error.values.seconds) || undefined);
    const issue = error.issues[0];
    if (issue?.field === 'password') return new FormError('passwordRules', accountDefinition.fields.password.min);
    if (issue?.field === 'email' || issue?.field === 'name') return new FormError('contactFields');
    if (error.kind === 'forbidden') return new FormError('forbidden');
    return new FormError(knownErrors.has(error.key) ? error.key : 'invalid');
  }
  throw error;
}

const knownErrors = new Set([
  'invitationInvalid',
  'resetTokenInvalid',
  'memberEmailTaken',
  'captchaFailed',
  'secondFactorCodeWrong',
  'secondFactorCodeMissing',
  'secondFactorNoKey',
  'memberContactsFull',
  'passkeyNotAdded',
  'passkeyNoHostName',
]);

/**
 * A passkey form's field refusals in its own words (formErrorOf words the account forms': a password
 * there breaks the password rules, here it is the wrong one).
 */
async function passkeyForm(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ContentError) {
      const field = error.issues[0]?.field;
      if (field === 'password') throw new FormError('passwordWrong');
      if (field === 'name') throw new FormError('passkeyName', PASSKEY_NAME_MAX);
      if (error.kind === 'notFound') throw new FormError('passkeyGone');
    }
    throw error;
  }
}

/** A field holding JSON (the browser's passkey answer, put there by the page's script); null when it is not. */
function jsonField(form: FormData, name: string): unknown {
  try {
    return JSON.parse(field(form, name)) as unknown;
  } catch {
    return null;
  }
}

/** How long the recovery codes of a new authenticator stay on the member page (in an HttpOnly cookie). */
const RECOVERY_CODES_SHOWN_SECONDS = 300;

/** The way onward after a new second factor, with its recovery codes when it is the account's first. */
function withRecoveryCodes(context: FormContext, query: Record<string, string | number>, codes?: string[]) {
  // Shown once, on the page this leads to: kept a few minutes, for this browser only.
  if (!codes) return seeOther(context.language, memberPaths.home, query);
  return seeOther(context.language, memberPaths.home, { ...query, enabled: 1 }, [
    cookie(MEMBER_CODES_COOKIE, codes.join(' '), RECOVERY_CODES_SHOWN_SECONDS, context.secure),
  ]);
}

/** The session cookie of a signed-in Member, and the redirect into the member area. */
function signedIn(context: FormContext, token: string) {
  return seeOther(context.language, memberPaths.home, {}, [
    cookie(MEMBER_SESSION_COOKIE, token, null, context.secure),
    cookie(MEMBER_TICKET_COOKIE, '', 0, context.secure),
  ]);
}

/** The signed-in Member's Actor, from the session cookie; a form without one goes to the sign-in. */
async function memberActor(context: FormContext): Promise<Actor> {
  const token = requestCookie(context.request, MEMBER_SESSION_COOKIE);
  const session = token ? await memberSessionForToken(token) : null;
  if (!session) throw new SignInFirst();
  return { ...context.actor, account: session.account, sessionId: session.id };
}

class SignInFirst extends Error {}

/**
 * The entry form (multipart: the editable fields and an optional logo file): a change proposed for
 * approval. Its outcome goes back to the member page as `entry` (sent) or `entryError` and the field
 * it concerns, apart from the page's other forms.
 */
async function submitEntryForm(actor: Actor, context: FormContext): Promise<Response> {
  const values: Record<string, unknown> = {};
  for (const name of memberEditableFields) {
    const value = context.form.get(name);
    if (typeof value === 'string') values[name] = value.trim();
  }
  const logo = context.form.get('logo');
  try {
    if (logo && typeof logo !== 'string' && logo.size > 0) {
      if (logo.size > MAX_UPLOAD_BYTES) throw new FormError('entryLogoTooLarge');
      const bytes = new Uint8Array(await logo.arrayBuffer());
      values.logo = await storeMemberLogo(actor, { bytes, name: logo.name.normalize('NFC').trim() || 'logo' });
    } else delete values.logo;
    await updateMemberEntry(actor, values);
    return seeOther(context.language, memberPaths.home, { entry: 'sent' });
  } catch (error) {
    if (!(error instanceof ContentError) && !(error instanceof FormError)) throw error;
    const field = error instanceof ContentError ? error.issues[0]?.field : undefined;
    const key =
      error instanceof FormError
        ? error.key
        : error.key === 'memberEntryUnchanged'
          ? 'unchanged'
          : field === 'logo'
            ? 'logo'
            : 'invalid';
    return seeOther(context.language, memberPaths.home, {
      entryError: key,
      ...(field && memberEditableFields.includes(field) ? { field } : {}),
    });
  }
}

/** After either step of a sign-in: the session, the second step, or the refusal. */
async function afterSignIn(context: FormContext, result: SignInResult): Promise<Response> {
  if (result.secondFactor) {
    return seeOther(context.language, memberPaths.verify, {}, [
      cookie(MEMBER_TICKET_COOKIE, result.secondFactor.ticket, TICKET_MS / 1000, context.secure),
    ]);
  }
  if (!result.token) throw new FormError(result.locked ? 'locked' : 'loginFailed');
  // The member area is for Members: a staff account signs in to the back office instead.
  if (!(await memberSessionForToken(result.token))) {
    const staff = await sessionForToken(result.token);
    await revokeSession(result.token);
    throw new FormError(staff ? 'staffAccount' : 'loginFailed');
  }
  return signedIn(context, result.token);
}

/**
 * Where a form goes back to, the query parameter its refusal goes back in (the passkey forms' apart
 * from the other forms of their page), and what it runs.
 */
interface FormHandler {
  back: string;
  errorParam?: string;
  run: (context: FormContext) => Promise<Response>;
}

const handlers: Record<MemberForm, FormHandler> = {
  login: {
    back: memberPaths.login,
    run: async (context) =>
      afterSignIn(
        context,
        await signIn(context.actor, {
          username: field(context.form, 'username'),
          password: field(context.form, 'password'),
        }),
      ),
  },
  verify: {
    back: memberPaths.verify,
    run: async (context) => {
      const ticket = requestCookie(context.request, MEMBER_TICKET_COOKIE) ?? '';
      if (!ticket) throw new FormError('secondFactorExpired');
      // A code typed, or the answer of a passkey (the page's "Verify with a passkey").
      const second = field(context.form, 'response')
        ? { ticket, passkey: jsonField(context.form, 'response') }
        : { ticket, code: field(context.form, 'code') };
      const result = await signInSecondStep(context.actor, second);
      // A wrong code keeps the ticket for its other tries; an expired one starts over.
      if (!result.token && !result.locked) {
        const expired = result.message === translate(context.language, 'api.secondFactorExpired');
        throw new FormError(expired ? 'secondFactorExpired' : 'codeWrong');
      }
      return afterSignIn(context, result);
    },
  },
  logout: {
    back: memberPaths.home,
    run: async (context) => {
      const token = requestCookie(context.request, MEMBER_SESSION_COOKIE);
      const session = token ? await memberSessionForToken(token) : null;
      if (token && session) await signOut({ ...context.actor, account: session.account }, token);
      return seeOther(context.language, memberPaths.login, { signedOut: 1 }, [
        cookie(MEMBER_SESSION_COOKIE, '', 0, context.secure),
      ]);
    },
  },
  welcome: {
    back: memberPaths.welcome,
    run: async (context) => {
      const password = field(context.form, 'password');
      if (password !== field(context.form, 'confirm')) throw new FormError('passwordsDiffer');
      await acceptInvitation(context.actor, { token: field(context.form, 'token'), password });
      return seeOther(context.language, memberPaths.login, { welcomed: 1 });
    },
  },
  forgot: {
    back: memberPaths.forgot,
    run: async (context) => {
      const email = field(context.form, 'email').trim();
      if (!email) throw new FormError('emailMissing');
      await requestPasswordReset(context.actor, { username: email, email });
      return seeOther(context.language, memberPaths.forgot, { sent: 1 });
    },
  },
  'totp-setup': {
    back: memberPaths.home,
    run: async (context) => {
      await totpSetup(await memberActor(context));
      return seeOther(context.language, memberPaths.home);
    },
  },
  'totp-enable': {
    back: memberPaths.home,
    run: async (context) => {
      const { recoveryCodes } = await totpEnable(await memberActor(context), { code: field(context.form, 'code') });
      return withRecoveryCodes(context, {}, recoveryCodes);
    },
  },
  entry: {
    back: memberPaths.home,
    run: async (context) => submitEntryForm(await memberActor(context), context),
  },
  'contact-invite': {
    back: memberPaths.colleagues,
    run: async (context) => {
      const { form } = context;
      await inviteContact(await memberActor(context), { email: field(form, 'email'), name: field(form, 'name') });
      return seeOther(context.language, memberPaths.colleagues, { invited: 1 });
    },
  },
  'contact-remove': {
    back: memberPaths.colleagues,
    run: async (context) => {
      await removeContact(await memberActor(context), field(context.form, 'id'));
      return seeOther(context.language, memberPaths.colleagues, { removed: 1 });
    },
  },
  'session-end': {
    back: memberPaths.sessions,
    run: async (context) => {
      await endSession(await memberActor(context), field(context.form, 'id'));
      return seeOther(context.language, memberPaths.sessions, { ended: 1 });
    },
  },
  'sessions-end-others': {
    back: memberPaths.sessions,
    run: async (context) => {
      const { ended } = await endOtherSessions(await memberActor(context), {});
      return seeOther(context.language, memberPaths.sessions, { endedOthers: ended });
    },
  },
  'passkey-add': {
    back: memberPaths.home,
    errorParam: 'passkeyError',
    run: async (context) =>
      passkeyForm(async () => {
        const { form } = context;
        const added = await passkeyRegister(await memberActor(context), {
          name: field(form, 'name'),
          response: jsonField(form, 'response'),
        });
        return withRecoveryCodes(context, { passkey: 'added' }, added.recoveryCodes);
      }),
  },
  'passkey-remove': {
    back: memberPaths.home,
    errorParam: 'passkeyError',
    run: async (context) =>
      passkeyForm(async () => {
        const { form } = context;
        await passkeyRemove(await memberActor(context), field(form, 'id'), { password: field(form, 'password') });
        return seeOther(context.language, memberPaths.home, { passkey: 'removed' });
      }),
  },
  'passkey-login': {
    back: memberPaths.login,
    errorParam: 'passkeyError',
    run: async (context) => {
      // The operation's own limits, lockout and audit; a staff account's passkey is refused by afterSignIn.
      const result = await passkeySignIn(context.actor, { response: jsonField(context.form, 'response') });
      if (!result.token && !result.locked) throw new FormError('passkeyFailed');
      return afterSignIn(context, result);
    },
  },
  reset: {
    back: memberPaths.reset,
    run: async (context) => {
      const password = field(context.form, 'password');
      if (password !== field(context.form, 'confirm')) throw new FormError('passwordsDiffer');
      await resetPassword(context.actor, { token: field(context.form, 'token'), password });
      return seeOther(context.language, memberPaths.login, { reset: 1 });
    },
  },
};

/**
 * Runs one member-area form: the same-site and XSRF checks, then the operation, as the API's calls
 * do (the same rules, limits and audit). Every answer is a 303 (post/redirect/get): to where the form
 * leads, or back to its page with `error` (and the token the page needs again: the welcome or reset link's).
 */
export async function submitMemberForm(request: Request, language: WireLanguage, name: MemberForm): Promise<Response> {
  const handler = handlers[name];
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const token = field(form, 'token');
  const back = (error: FormError) =>
    seeOther(language, handler.back, {
      ...(token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? { token } : {}),
      [handler.errorParam ?? 'error']: error.key,
      ...(error.n !== undefined ? { n: error.n } : {}),
    });
  if (!sameSiteForm(request, form)) return back(new FormError('xsrf'));
  const userAgent = request.headers.get('user-agent');
  const context: FormContext = {
    request,
    language,
    form,
    secure: isSecure(request),
    actor: {
      language,
      account: null,
      clientAddress: clientAddressOf(request.headers),
      ...(userAgent ? { userAgent } : {}),
    },
  };
  try {
    return await handler.run(context);
  } catch (error) {
    if (error instanceof SignInFirst) return seeOther(language, memberPaths.login);
    try {
      return back(formErrorOf(error));
    } catch (unexpected) {
      logError(unexpected, 'member form');
      return back(new FormError('internal'));
    }
  }
}

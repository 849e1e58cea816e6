import { http, type ApiHttp } from './http';
import { passkeyAssertion } from './passkeys';

export interface LoginResult {
  /** A token came back (and is now stored). */
  success: boolean;
  locked: boolean;
  /** The server's reason when there is no token (wrong password, locked for n minutes). */
  message?: string;
  /** The password was right, and the account asks for a second factor: the ticket of the second step. */
  secondFactor?: SecondFactorChallenge;
}

export interface SecondFactorChallenge {
  ticket: string;
  /** `totp` (an authenticator code), `passkey` (one of the account's passkeys), `recovery` (a recovery code). */
  methods: string[];
}

export interface SignedInAccount {
  valid: true;
  role: 0 | 1;
  username: string;
  displayName: string;
  /** The second-factor policy covers the account and it has none yet: only the security screen opens. */
  secondFactorRequired?: boolean;
}

interface LoginReply {
  token?: string | null;
  locked?: boolean;
  message?: string;
  secondFactor?: SecondFactorChallenge;
}

/** A sign-in's answer (`account/login`, `account/login2`) as the screens use it; a token is stored. */
function loginResult(client: ApiHttp, reply: LoginReply): LoginResult {
  if (reply.token) {
    client.tokens.set(reply.token);
    return { success: true, locked: reply.locked === true };
  }
  return {
    success: false,
    locked: reply.locked === true,
    ...(reply.message ? { message: reply.message } : {}),
    ...(reply.secondFactor?.ticket ? { secondFactor: reply.secondFactor } : {}),
  };
}

interface CheckLoginReply {
  valid?: boolean;
  role?: 0 | 1;
  username?: string;
  displayName?: string;
  secondFactorRequired?: boolean;
}

/** Sign-in, sign-out and the sign-in check (docs/client.md, Calls), on the given API layer. */
export function createAuth(client: ApiHttp) {
  return {
    async login(username: string, password: string, captchaToken?: string): Promise<LoginResult> {
      const reply = await client
        .post(client.url('/api/account/login'), {
          json: { username, password, ...(captchaToken ? { captchaToken } : {}) },
        })
        .json<LoginReply>();
      return loginResult(client, reply);
    },

    /** The second step of a sign-in: the ticket of the first and an authenticator or recovery code. */
    async loginSecondStep(ticket: string, code: string): Promise<LoginResult> {
      const reply = await client.post(client.url('/api/account/login2'), { json: { ticket, code } }).json<LoginReply>();
      return loginResult(client, reply);
    },

    /**
     * The second step of a sign-in with one of the account's passkeys (the browser's ceremony, then the server's
     * check).
     */
    async loginSecondStepWithPasskey(ticket: string): Promise<LoginResult> {
      const passkey = await passkeyAssertion(client, ticket);
      const reply = await client
        .post(client.url('/api/account/login2'), { json: { ticket, passkey } })
        .json<LoginReply>();
      return loginResult(client, reply);
    },

    /** Signs in with a passkey alone: the browser asks which of this site's passkeys to use. */
    async loginWithPasskey(): Promise<LoginResult> {
      const response = await passkeyAssertion(client);
      const reply = await client
        .post(client.url('/api/account/passkey/login'), { json: { response } })
        .json<LoginReply>();
      return loginResult(client, reply);
    },

    /** The token is removed first, so the page is signed out even if the server cannot be reached. */
    async logout(): Promise<void> {
      const token = client.tokens.get();
      client.tokens.clear();
      client.clearCache();
      if (!token) return;
      // Sent with the removed token so the server can revoke it.
      await client.post(client.url('/api/account/logout'), { headers: { authorization: `Bearer ${token}` } });
    },

    /**
     * Asks for a reset link for a username or an e-mail address (what the visitor typed is sent as
     * both when it looks like an address, since usernames may hold an @). The server answers alike
     * whether or not an account matched: its message is what to show.
     */
    async forgotPassword(nameOrEmail: string, captchaToken?: string): Promise<string> {
      const value = nameOrEmail.trim();
      const body = {
        username: value,
        ...(value.includes('@') ? { email: value } : {}),
        ...(captchaToken ? { captchaToken } : {}),
      };
      const reply = await client
        .post(client.url('/api/account/forgotpassword'), { json: body })
        .json<{ message?: string }>();
      return reply.message ?? '';
    },

    /** Sets a new password with the token of a mailed link; every session of the account ends. */
    async resetPassword(token: string, password: string): Promise<string> {
      const reply = await client
        .post(client.url('/api/account/resetpassword'), { json: { token, password } })
        .json<{ message?: string }>();
      return reply.message ?? '';
    },

    async checkLogin(): Promise<false | SignedInAccount> {
      if (!client.tokens.get()) return false;
      const reply = await client.post(client.url('/api/account/checklogin')).json<CheckLoginReply>();
      // A Member's account (a member institution's contact) has no back office: they use the member area.
      if (reply.valid !== true || (reply.role !== 0 && reply.role !== 1)) return false;
      return {
        valid: true,
        role: reply.role === 1 ? 1 : 0,
        username: reply.username ?? '',
        displayName: reply.displayName ?? '',
        ...(reply.secondFactorRequired === true ? { secondFactorRequired: true } : {}),
      };
    },
  };
}

const pageAuth = createAuth(http);

export const login = pageAuth.login;
export const loginSecondStep = pageAuth.loginSecondStep;
export const loginSecondStepWithPasskey = pageAuth.loginSecondStepWithPasskey;
export const loginWithPasskey = pageAuth.loginWithPasskey;
export const logout = pageAuth.logout;
export const checkLogin = pageAuth.checkLogin;
export const forgotPassword = pageAuth.forgotPassword;
export const resetPassword = pageAuth.resetPassword;

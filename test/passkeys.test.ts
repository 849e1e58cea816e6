import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { call, signedIn } from './helpers/api';
import { SoftAuthenticator } from './helpers/soft-authenticator';
import { withDatabase } from './helpers/database';
import { resetConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { account, accountPasskeys, passkeyChallenges, recoveryCodes } from '../lib/db/schema';
import { CHALLENGE_MS } from '../lib/content/auth/passkeys';
import { operator } from '../lib/content/model/actor';
import { resetSecondFactor } from '../lib/content/operations/second-factor';

const SITE = 'http://localhost:3000';
process.env.SITE_URL = SITE;
process.env.SECRET_KEY = 'test-secret-key-of-the-passkey-tests-0123456789abcdef';
resetConfig();

withDatabase();
const PASSWORD = 'correct horse battery';
const WRONG_PASSWORD = { token: null, locked: false, message: 'The username or password is incorrect.' };

let serial = 0;
const nextIp = () => `10.31.${Math.floor(++serial / 250)}.${serial % 250}`;

const asUser = (token: string) => ({ token, language: 'en' as const, ip: nextIp() });

async function addPasskey(token: string, name = 'Laptop', authenticator = new SoftAuthenticator()) {
  const options = await call('POST', 'account/passkey/options', undefined, asUser(token));
  expect(options.status).toBe(200);
  const added = await call(
    'POST',
    'account/passkey/register',
    { name, response: authenticator.create(options.body) },
    asUser(token),
  );
  return { authenticator, options: options.body, added };
}

/** A User with one passkey: its authenticator and the recovery codes the first passkey gave. */
async function withPasskey() {
  const user = await signedIn(0, PASSWORD);
  const { authenticator, added } = await addPasskey(user.token);
  expect(added.status).toBe(200);
  return { ...user, authenticator, recoveryCodes: added.body.recoveryCodes as string[] };
}

const loginOptions = async (body: object = {}) => {
  const answer = await call('POST', 'account/passkey/loginoptions', body, {
    ip: nextIp(),
    language: 'en',
    xsrf: false,
  });
  expect(answer.status).toBe(200);
  return answer.body;
};
const passkeyLogin = (response: unknown) =>
  call('POST', 'account/passkey/login', { response }, { ip: nextIp(), language: 'en', xsrf: false });
const login = (username: string, password = PASSWORD) =>
  call('POST', 'account/login', { username, password }, { ip: nextIp(), language: 'en' });

async function failedLogins(id: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ failed: account.failedLogins }).from(account).where(eq(account.id, id));
  return Number(row.failed);
}

async function auditActions(adminToken: string, action: string) {
  return (await call('POST', 'audit/getlist', { action }, { token: adminToken })).body.data as Record<
    string,
    unknown
  >[];
}

describe('adding passkeys', () => {
  test('options for the browser, then the passkey: listed, the first with ten recovery codes', async () => {
    const user = await signedIn(0, PASSWORD);
    const { options, added, authenticator } = await addPasskey(user.token, '  My   laptop ');
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: user.username },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
      excludeCredentials: [],
    });
    expect(added.status).toBe(200);
    expect(added.body.passkey).toEqual({
      id: expect.any(Number),
      name: 'My laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(added.body.recoveryCodes).toHaveLength(10);
    const list = await call('POST', 'account/passkey/list', undefined, asUser(user.token));
    expect(list.body).toEqual({ data: [added.body.passkey] });
    expect((await call('GET', 'account/security', undefined, asUser(user.token))).body).toEqual({
      totp: false,
      recoveryCodesLeft: 10,
    });

    // A second passkey: no new codes; the first is excluded from the browser's choice.
    const second = await addPasskey(user.token, 'Phone');
    expect(second.options.excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
    expect(second.added.status).toBe(200);
    expect(second.added.body.recoveryCodes).toBeUndefined();
    const names = (await call('POST', 'account/passkey/list', undefined, asUser(user.token))).body.data.map(
      (entry: { name: string }) => entry.name,
    );
    expect(names).toEqual(['My laptop', 'Phone']);

    const admin = await signedIn(1);
    expect((await auditActions(admin.token, 'passkeyAdded')).slice(0, 2)).toEqual([
      expect.objectContaining({ rowId: user.id, summary: 'Phone' }),
      expect.objectContaining({ rowId: user.id, summary: 'My laptop' }),
    ]);
  });

  test('a challenge is taken once, and expires after five minutes', async () => {
    const user = await signedIn(0, PASSWORD);
    const options = (await call('POST', 'account/passkey/options', undefined, asUser(user.token))).body;
    const db = await getDb();
    const [stored] = await db.select().from(passkeyChallenges).where(eq(passkeyChallenges.accountId, user.id));
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(CHALLENGE_MS - 10_000);
    expect(stored.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(CHALLENGE_MS);
    expect(stored.challengeHash).not.toContain(options.challenge);

    const first = await call(
      'POST',
      'account/passkey/register',
      { name: 'One', response: new SoftAuthenticator().create(options) },
      asUser(user.token),
    );
    expect(first.status).toBe(200);
    const again = await call(
      'POST',
      'account/passkey/register',
      { name: 'Two', response: new SoftAuthenticator().create(options) },
      asUser(user.token),
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/could not be added/);

    const late = (await call('POST', 'account/passkey/options', undefined, asUser(user.token))).body;
    await db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passkeyChallenges.accountId, user.id));
    const expired = await call(
      'POST',
      'account/passkey/register',
      { name: 'Late', response: new SoftAuthenticator().create(late) },
      asUser(user.token),
    );
    expect(expired.status).toBe(400);
    expect((await call('POST', 'account/passkey/list', undefined, asUser(user.token))).body.data).toHaveLength(1);
  });

  test("another account's challenge, another site's answer and a missing name are refused", async () => {
    const user = await signedIn(0, PASSWORD);
    const other = await signedIn(0, PASSWORD);
    const theirs = (await call('POST', 'account/passkey/options', undefined, asUser(other.token))).body;
    const refused = await call(
      'POST',
      'account/passkey/register',
      { name: 'Stolen', response: new SoftAuthenticator().create(theirs) },
      asUser(user.token),
    );
    expect(refused.status).toBe(400);
    const mine = (await call('POST', 'account/passkey/options', undefined, asUser(user.token))).body;
    const elsewhere = new SoftAuthenticator('evil.example', 'https://evil.example');
    const foreign = await call(
      'POST',
      'account/passkey/register',
      { name: 'Foreign', response: elsewhere.create(mine) },
      asUser(user.token),
    );
    expect(foreign.status).toBe(400);
    const unnamed = await call(
      'POST',
      'account/passkey/register',
      { name: ' ', response: {} },
      { ...asUser(user.token), language: 'tw' },
    );
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors[0]).toMatchObject({ field: 'name' });
    expect(unnamed.body.message).toMatch(/通行金鑰/);
    const noResponse = await call('POST', 'account/passkey/register', { name: 'x' }, asUser(user.token));
    expect(noResponse.status).toBe(400);
  });

  test('the calls need a session; passkeys need SITE_URL to be a host name', async () => {
    expect((await call('POST', 'account/passkey/options')).status).toBe(401);
    expect((await call('POST', 'account/passkey/register', {})).status).toBe(401);
    expect((await call('POST', 'account/passkey/list')).status).toBe(401);
    expect((await call('DELETE', 'account/passkey/1', { password: PASSWORD })).status).toBe(401);
    const user = await signedIn(0, PASSWORD);
    process.env.SITE_URL = 'http://127.0.0.1:3000';
    resetConfig();
    try {
      const options = await call('POST', 'account/passkey/options', undefined, asUser(user.token));
      expect(options.status).toBe(400);
      expect(options.body.message).toMatch(/SITE_URL/);
      const anonymous = await call('POST', 'account/passkey/loginoptions', {}, { ip: nextIp(), language: 'en' });
      expect(anonymous.status).toBe(400);
    } finally {
      process.env.SITE_URL = SITE;
      resetConfig();
    }
  });
});

describe('signing in with a passkey alone', () => {
  test('loginoptions, then the passkey: a token; used and last-used are recorded', async () => {
    const user = await withPasskey();
    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = await passkeyLogin(user.authenticator.get(options));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ token: expect.any(String), locked: false });
    const check = await call('POST', 'account/checklogin', undefined, { token: answer.body.token });
    expect(check.body).toMatchObject({ valid: true, username: user.username });
    const [entry] = (await call('POST', 'account/passkey/list', undefined, asUser(user.token))).body.data;
    expect(entry.lastUsedAt).toEqual(expect.any(String));
    const admin = await signedIn(1);
    // The newest sign-in is the Admin's own, just before.
    expect((await auditActions(admin.token, 'signIn')).find((entry) => entry.rowId === user.id)).toMatchObject({
      summary: 'passkey',
    });
  });

  test('the same answer twice is refused (the challenge is taken once)', async () => {
    const user = await withPasskey();
    const response = user.authenticator.get(await loginOptions());
    expect((await passkeyLogin(response)).body.token).toEqual(expect.any(String));
    expect((await passkeyLogin(response)).body).toEqual(WRONG_PASSWORD);
  });

  test('an expired challenge is refused', async () => {
    const user = await withPasskey();
    const options = await loginOptions();
    const db = await getDb();
    await db.update(passkeyChallenges).set({ expiresAt: new Date(Date.now() - 1) });
    expect((await passkeyLogin(user.authenticator.get(options))).body).toEqual(WRONG_PASSWORD);
  });

  test('a counter that does not go up is refused, and counts toward the lockout', async () => {
    const user = await withPasskey();
    expect((await passkeyLogin(user.authenticator.get(await loginOptions(), { counter: 5 }))).body.token).toEqual(
      expect.any(String),
    );
    const db = await getDb();
    const [stored] = await db.select().from(accountPasskeys).where(eq(accountPasskeys.accountId, user.id));
    expect(Number(stored.counter)).toBe(5);
    // A cloned authenticator replays an older count.
    expect((await passkeyLogin(user.authenticator.get(await loginOptions(), { counter: 5 }))).body).toEqual(
      WRONG_PASSWORD,
    );
    expect((await passkeyLogin(user.authenticator.get(await loginOptions(), { counter: 3 }))).body).toEqual(
      WRONG_PASSWORD,
    );
    expect(await failedLogins(user.id)).toBe(2);
    expect((await passkeyLogin(user.authenticator.get(await loginOptions(), { counter: 6 }))).body.token).toEqual(
      expect.any(String),
    );
    expect(await failedLogins(user.id)).toBe(0);
  });

  test('an unknown passkey and a wrong signature answer as a wrong password does', async () => {
    const user = await withPasskey();
    const wrongPassword = await login(user.username, 'wrong password');
    expect(wrongPassword.body).toEqual(WRONG_PASSWORD);
    const unknown = await passkeyLogin(new SoftAuthenticator().get(await loginOptions()));
    expect(unknown.body).toEqual(wrongPassword.body);
    const forged = await passkeyLogin(
      user.authenticator.get(await loginOptions(), {
        key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      }),
    );
    expect(forged.body).toEqual(wrongPassword.body);
    expect((await passkeyLogin({ id: 5 })).body).toEqual(wrongPassword.body);
    const missing = await call('POST', 'account/passkey/login', {}, { ip: nextIp(), language: 'en' });
    expect(missing.status).toBe(400);
  });

  test('five wrong answers lock the account; a locked account gets no token', async () => {
    const user = await withPasskey();
    const forger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    for (let i = 1; i <= 4; i++) {
      const answer = await passkeyLogin(user.authenticator.get(await loginOptions(), { key: forger }));
      expect(answer.body).toEqual(WRONG_PASSWORD);
    }
    const fifth = await passkeyLogin(user.authenticator.get(await loginOptions(), { key: forger }));
    expect(fifth.body).toMatchObject({ token: null, locked: true });
    const right = await passkeyLogin(user.authenticator.get(await loginOptions()));
    expect(right.body).toMatchObject({ token: null, locked: true });
  });

  test('a disabled account cannot sign in with its passkey', async () => {
    const user = await withPasskey();
    const db = await getDb();
    await db
      .update(account)
      .set({ isDisabled: true } as never)
      .where(eq(account.id, user.id));
    expect((await passkeyLogin(user.authenticator.get(await loginOptions()))).body).toEqual(WRONG_PASSWORD);
  });
});

describe('a passkey as the second step', () => {
  test("the password's ticket offers the passkey; login2 takes its answer", async () => {
    const user = await withPasskey();
    const first = await login(user.username);
    expect(first.body).toEqual({
      token: null,
      locked: false,
      secondFactor: { ticket: expect.any(String), methods: ['passkey', 'recovery'] },
    });
    const { ticket } = first.body.secondFactor;
    const options = await loginOptions({ ticket });
    expect(options.allowCredentials).toEqual([
      { id: user.authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
    const done = await call(
      'POST',
      'account/login2',
      { ticket, passkey: user.authenticator.get(options) },
      { ip: nextIp(), language: 'en' },
    );
    expect(done.body).toEqual({ token: expect.any(String), locked: false });
  });

  test("a sign-in challenge, another account's passkey and a made-up ticket do not pass", async () => {
    const user = await withPasskey();
    const other = await withPasskey();
    const ticketOf = async () => (await login(user.username)).body.secondFactor.ticket as string;
    const login2 = (ticket: string, passkey: unknown) =>
      call('POST', 'account/login2', { ticket, passkey }, { ip: nextIp(), language: 'en' });

    const ticket = await ticketOf();
    // The challenge of a sign-in by passkey alone is not one of this ticket's.
    const wrongPurpose = await login2(ticket, user.authenticator.get(await loginOptions()));
    expect(wrongPurpose.body).toMatchObject({ token: null, locked: false });
    expect(wrongPurpose.body.message).toMatch(/passkey could not be verified/);
    const theirs = await login2(ticket, other.authenticator.get(await loginOptions({ ticket })));
    expect(theirs.body.token).toBeNull();
    expect(await failedLogins(user.id)).toBe(2);
    expect((await login2(ticket, user.authenticator.get(await loginOptions({ ticket })))).body.token).toEqual(
      expect.any(String),
    );

    const made = await call(
      'POST',
      'account/passkey/loginoptions',
      { ticket: 'made-up' },
      { ip: nextIp(), language: 'en' },
    );
    expect(made.status).toBe(400);
    expect(made.body.message).toMatch(/sign in again/);
    expect((await call('POST', 'account/login2', { ticket: 'x' }, { ip: nextIp() })).status).toBe(400);
  });

  test('with an authenticator too, the methods are all three; a passkey still works for the second step', async () => {
    const user = await withPasskey();
    const setup = await call('POST', 'account/totp/setup', undefined, asUser(user.token));
    const code = new TOTP({ secret: setup.body.secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    const enable = await call('POST', 'account/totp/enable', { code }, asUser(user.token));
    expect(enable.status).toBe(200);
    const first = await login(user.username);
    expect(first.body.secondFactor.methods).toEqual(['totp', 'passkey', 'recovery']);
  });
});

describe('passkeys and sessions', () => {
  test("adding or removing a passkey ends the account's other sessions; a passkey sign-in's session has its address", async () => {
    const user = await signedIn(0, PASSWORD);
    const other = await login(user.username);
    expect(other.body.token).toEqual(expect.any(String));
    const still = (token: string) => call('POST', 'account/checklogin', undefined, { token });
    const { authenticator, added } = await addPasskey(user.token);
    expect(added.status).toBe(200);
    expect((await still(other.body.token)).body.valid).toBe(false);
    expect((await still(user.token)).body.valid).toBe(true);

    const ip = nextIp();
    const options = await loginOptions();
    const byPasskey = await call(
      'POST',
      'account/passkey/login',
      { response: authenticator.get(options) },
      { ip, language: 'en', xsrf: false },
    );
    expect(byPasskey.status).toBe(200);
    const sessions = (await call('POST', 'account/sessions', {}, asUser(user.token))).body.data as {
      address: string;
      current: boolean;
    }[];
    expect(sessions.map((session) => session.address)).toContain(ip);

    const [passkey] = (await call('POST', 'account/passkey/list', undefined, asUser(user.token))).body.data;
    const removed = await call('DELETE', `account/passkey/${passkey.id}`, { password: PASSWORD }, asUser(user.token));
    expect(removed.status).toBe(200);
    expect((await still(byPasskey.body.token)).body.valid).toBe(false);
    expect((await still(user.token)).body.valid).toBe(true);
  });
});

describe('removing passkeys', () => {
  test('needs the password; the last second factor takes the recovery codes with it', async () => {
    const user = await withPasskey();
    const [entry] = (await call('POST', 'account/passkey/list', undefined, asUser(user.token))).body.data;
    const remove = (id: number | string, body: object) =>
      call('DELETE', `account/passkey/${id}`, body, asUser(user.token));
    const missing = await remove(entry.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ field: 'password' });
    expect((await remove(entry.id, { password: 'nope' })).status).toBe(400);
    expect((await remove(987654, { password: PASSWORD })).status).toBe(404);
    expect((await remove('abc', { password: PASSWORD })).status).toBe(400);
    // Another account's passkey is not found for this one.
    const other = await withPasskey();
    const [theirs] = (await call('POST', 'account/passkey/list', undefined, asUser(other.token))).body.data;
    expect((await remove(theirs.id, { password: PASSWORD })).status).toBe(404);

    const removed = await remove(entry.id, { password: PASSWORD });
    expect([removed.status, removed.body]).toEqual([200, { id: entry.id }]);
    expect((await call('POST', 'account/passkey/list', undefined, asUser(user.token))).body.data).toEqual([]);
    const db = await getDb();
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, user.id))).toEqual([]);
    // The password alone signs in again, and the removed passkey does not.
    expect(Object.keys((await login(user.username)).body).sort()).toEqual(['locked', 'token']);
    expect((await passkeyLogin(user.authenticator.get(await loginOptions()))).body).toEqual(WRONG_PASSWORD);
    const admin = await signedIn(1);
    expect((await auditActions(admin.token, 'passkeyRemoved'))[0]).toMatchObject({ rowId: user.id, summary: 'Laptop' });
  });

  test('turning the authenticator off keeps the recovery codes while a passkey remains', async () => {
    const user = await signedIn(0, PASSWORD);
    const setup = await call('POST', 'account/totp/setup', undefined, asUser(user.token));
    const code = new TOTP({ secret: setup.body.secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    const codes = (await call('POST', 'account/totp/enable', { code }, asUser(user.token))).body.recoveryCodes;
    const { added } = await addPasskey(user.token);
    expect(added.body.recoveryCodes).toBeUndefined();
    const off = await call('POST', 'account/totp/disable', { password: PASSWORD }, asUser(user.token));
    expect(off.body).toEqual({ totp: false, recoveryCodesLeft: 10 });
    const first = await login(user.username);
    expect(first.body.secondFactor.methods).toEqual(['passkey', 'recovery']);
    const done = await call(
      'POST',
      'account/login2',
      { ticket: first.body.secondFactor.ticket, code: codes[0] },
      { ip: nextIp(), language: 'en' },
    );
    expect(done.body.token).toEqual(expect.any(String));
  });

  test("an Admin's reset removes the passkeys too", async () => {
    const user = await withPasskey();
    expect(await resetSecondFactor(operator(), { username: user.username })).toBe(true);
    // The reset ended the account's sessions; the password alone signs in again, and no passkey is left.
    expect((await call('POST', 'account/checklogin', undefined, { token: user.token })).body.valid).toBe(false);
    const again = (await login(user.username)).body.token;
    expect(typeof again).toBe('string');
    expect((await call('POST', 'account/passkey/list', undefined, asUser(again))).body.data).toEqual([]);
  });
});

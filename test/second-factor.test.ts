import { eq, sql } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { call, signedIn } from './helpers/api';
import { withDatabase } from './helpers/database';
import { resetConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { account, accountTotp, recoveryCodes, signInTickets } from '../lib/db/schema';
import { checkSecondFactorKey, TICKET_MS } from '../lib/content/auth/second-factor';
import { matchTotp, totpCode, totpStep } from '../lib/content/auth/totp';
import { onStartup } from '../lib/server/startup';
import { operator } from '../lib/content/model/actor';
import { resetSecondFactor } from '../lib/content/operations/second-factor';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SECRET_KEY = 'test-secret-key-of-the-second-factor-tests-0123456789';
process.env.SECRET_KEY = SECRET_KEY;
resetConfig();

const database = withDatabase();
const PASSWORD = 'correct horse battery';

let serial = 0;
const nextIp = () => `10.30.${Math.floor(++serial / 250)}.${serial % 250}`;

/** A code computed the way an authenticator app would, independently of the server's code. */
const appCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

/** A signed-in account with its authenticator on: its secret, recovery codes and the step taken at enrolment. */
async function enrolled(role: 0 | 1 = 0) {
  const user = await signedIn(role, PASSWORD);
  const setup = await call('POST', 'account/totp/setup', undefined, { token: user.token, language: 'en' });
  expect(setup.status).toBe(200);
  const { secret } = setup.body;
  const enrolmentCode = appCode(secret);
  const enable = await call('POST', 'account/totp/enable', { code: enrolmentCode }, { token: user.token });
  expect(enable.status).toBe(200);
  return { ...user, secret, enrolmentCode, recoveryCodes: enable.body.recoveryCodes as string[] };
}

const login = (username: string, password = PASSWORD) =>
  call('POST', 'account/login', { username, password }, { ip: nextIp(), language: 'en' });
const login2 = (ticket: string, code: string) =>
  call('POST', 'account/login2', { ticket, code }, { ip: nextIp(), language: 'en' });

async function ticketFor(username: string): Promise<string> {
  const first = await login(username);
  expect(first.status).toBe(200);
  return first.body.secondFactor.ticket;
}

async function failedLogins(id: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ failed: account.failedLogins }).from(account).where(eq(account.id, id));
  return Number(row.failed);
}

describe('authenticator codes (RFC 6238, SHA-1)', () => {
  // RFC 6238, Appendix B: the SHA-1 seed "12345678901234567890"; six digits are the last six of its eight.
  const seed = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];

  test.each(vectors)('at %i s the code is the last six digits of %s', (seconds, eight) => {
    const at = seconds * 1000;
    expect(totpCode(seed, at)).toBe(eight.slice(-6));
    expect(matchTotp(seed, eight.slice(-6), at)).toBe(totpStep(at));
  });

  test('a code of the step before or after is taken, two steps off is not', () => {
    const at = 1234567890 * 1000;
    expect(matchTotp(seed, totpCode(seed, at - 30_000), at)).toBe(totpStep(at) - 1);
    expect(matchTotp(seed, totpCode(seed, at + 30_000), at)).toBe(totpStep(at) + 1);
    expect(matchTotp(seed, totpCode(seed, at - 60_000), at)).toBeNull();
    expect(matchTotp(seed, totpCode(seed, at + 60_000), at)).toBeNull();
    expect(matchTotp(seed, 'abcdef', at)).toBeNull();
    expect(matchTotp(seed, '1234567', at)).toBeNull();
  });
});

describe('enrolment', () => {
  test('setup gives a secret and its otpauth address; enable needs a right code', async () => {
    const user = await signedIn(0, PASSWORD);
    const setup = await call('POST', 'account/totp/setup', undefined, { token: user.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain(user.username);

    const wrong = await call('POST', 'account/totp/enable', { code: '000000' }, { token: user.token, language: 'en' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'code' });
    expect((await call('GET', 'account/security', undefined, { token: user.token })).body).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
    });
    // Still signs in with the password alone.
    expect(typeof (await login(user.username)).body.token).toBe('string');

    const right = await call(
      'POST',
      'account/totp/enable',
      { code: appCode(setup.body.secret) },
      { token: user.token },
    );
    expect(right.status).toBe(200);
    expect(right.body.recoveryCodes).toHaveLength(10);
    expect(new Set(right.body.recoveryCodes).size).toBe(10);
    expect((await call('GET', 'account/security', undefined, { token: user.token })).body).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
    });
    const again = await call('POST', 'account/totp/setup', undefined, { token: user.token });
    expect(again.status).toBe(400);
  });

  test('the calls need a session', async () => {
    for (const path of ['account/totp/setup', 'account/totp/enable', 'account/totp/disable', 'account/recoverycodes']) {
      expect((await call('POST', path, {})).status).toBe(401);
    }
    expect((await call('GET', 'account/security')).status).toBe(401);
  });

  test('the secret is stored encrypted, never in clear', async () => {
    const user = await enrolled();
    const db = await getDb();
    const [row] = await db.select().from(accountTotp).where(eq(accountTotp.accountId, user.id));
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(user.secret);
    const dump = JSON.stringify(await db.execute(sql`select * from account_totp`));
    expect(dump).not.toContain(user.secret);
    expect(dump.toLowerCase()).not.toContain(Buffer.from(user.secret).toString('hex'));
    const codes = await db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, user.id));
    expect(codes).toHaveLength(10);
    for (const code of user.recoveryCodes) expect(JSON.stringify(codes)).not.toContain(code);
  });

  test('disable needs the password and removes the second factor', async () => {
    const user = await enrolled();
    const wrong = await call('POST', 'account/totp/disable', { password: 'nope' }, { token: user.token, ip: nextIp() });
    expect(wrong.status).toBe(400);
    expect((await login(user.username)).body.secondFactor).toBeDefined();
    const right = await call(
      'POST',
      'account/totp/disable',
      { password: PASSWORD },
      { token: user.token, ip: nextIp() },
    );
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ totp: false, recoveryCodesLeft: 0 });
    const after = await login(user.username);
    expect(Object.keys(after.body).sort()).toEqual(['locked', 'token']);
    expect(typeof after.body.token).toBe('string');
  });
});

describe('sign-in with a second factor', () => {
  test('the password gives a ticket, no token; an authenticator code gives the token', async () => {
    const user = await enrolled();
    const first = await login(user.username);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      token: null,
      locked: false,
      secondFactor: { ticket: expect.any(String), methods: ['totp', 'recovery'] },
    });
    // The enrolment took the current step: the next one's code is also in the window.
    const second = await login2(first.body.secondFactor.ticket, appCode(user.secret, Date.now() + 30_000));
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ token: expect.any(String), locked: false });
    const check = await call('POST', 'account/checklogin', undefined, { token: second.body.token });
    expect(check.body).toMatchObject({ valid: true, username: user.username });
    // The ticket is spent.
    expect((await login2(first.body.secondFactor.ticket, appCode(user.secret))).body.token).toBeNull();
  });

  test('a code already used in its window is refused (no replay)', async () => {
    const user = await enrolled();
    // The enrolment's own code, again within its window.
    const replayed = await login2(await ticketFor(user.username), user.enrolmentCode);
    expect(replayed.body).toMatchObject({ token: null, locked: false });
    expect(replayed.body.message).toMatch(/already used/);
    const code = appCode(user.secret, Date.now() + 30_000);
    expect((await login2(await ticketFor(user.username), code)).body.token).toEqual(expect.any(String));
    expect((await login2(await ticketFor(user.username), code)).body.token).toBeNull();
  });

  test('wrong codes count toward the lockout, and five lock the account', async () => {
    const user = await enrolled();
    const ticket = await ticketFor(user.username);
    for (let i = 1; i <= 4; i++) {
      expect((await login2(ticket, '000000')).body).toMatchObject({ token: null, locked: false });
      expect(await failedLogins(user.id)).toBe(i);
    }
    const fifth = await login2(ticket, '000001');
    expect(fifth.body).toMatchObject({ token: null, locked: true });
    expect(fifth.body.message).toMatch(/locked/);
    // Locked: the right password gives no ticket.
    expect((await login(user.username)).body).toMatchObject({ token: null, locked: true });
  });

  test('the right password does not clear the count of wrong codes', async () => {
    const user = await enrolled();
    expect((await login2(await ticketFor(user.username), '000000')).body.token).toBeNull();
    expect((await login2(await ticketFor(user.username), '000000')).body.token).toBeNull();
    expect(await failedLogins(user.id)).toBe(2);
    expect(
      (await login2(await ticketFor(user.username), appCode(user.secret, Date.now() + 30_000))).body.token,
    ).toEqual(expect.any(String));
    expect(await failedLogins(user.id)).toBe(0);
  });

  test('a ticket allows five tries, then is void', async () => {
    const user = await enrolled();
    const ticket = await ticketFor(user.username);
    const db = await getDb();
    // Four failures of the account are forgiven along the way so the lockout does not end it first.
    for (let i = 0; i < 5; i++) {
      await db
        .update(account)
        .set({ failedLogins: 0 } as never)
        .where(eq(account.id, user.id));
      expect((await login2(ticket, recoveryLike(i))).body.token).toBeNull();
    }
    const sixth = await login2(ticket, user.recoveryCodes[0]);
    expect(sixth.body).toMatchObject({ token: null, locked: false });
    expect(sixth.body.message).toMatch(/sign in again/);
    // The recovery code was not spent on a void ticket.
    expect((await login2(await ticketFor(user.username), user.recoveryCodes[0])).body.token).toEqual(
      expect.any(String),
    );
  });

  test('a ticket expires after five minutes', async () => {
    const user = await enrolled();
    const ticket = await ticketFor(user.username);
    const db = await getDb();
    const [row] = await db.select().from(signInTickets).where(eq(signInTickets.accountId, user.id));
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(TICKET_MS - 10_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(TICKET_MS);
    await db
      .update(signInTickets)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(signInTickets.accountId, user.id));
    const late = await login2(ticket, appCode(user.secret, Date.now() + 30_000));
    expect(late.body).toMatchObject({ token: null, locked: false });
    expect(late.body.message).toMatch(/expired/);
  });

  test('a made-up ticket gets nothing, and a missing code is a 400', async () => {
    expect((await login2('made-up', '123456')).body).toMatchObject({ token: null, locked: false });
    expect((await login2('made-up', '')).status).toBe(400);
    expect((await call('POST', 'account/login2', { ticket: 5, code: '123456' }, { ip: nextIp() })).status).toBe(400);
  });

  test('each recovery code works once; a new set voids the old', async () => {
    const user = await enrolled();
    const [firstCode, secondCode] = user.recoveryCodes;
    // Typed with other case and spaces in place of the dash.
    const typed = firstCode.toUpperCase().replace('-', ' ');
    expect((await login2(await ticketFor(user.username), typed)).body.token).toEqual(expect.any(String));
    expect((await login2(await ticketFor(user.username), firstCode)).body.token).toBeNull();
    expect((await call('GET', 'account/security', undefined, { token: user.token })).body.recoveryCodesLeft).toBe(9);

    const refused = await call(
      'POST',
      'account/recoverycodes',
      { password: 'nope' },
      { token: user.token, ip: nextIp() },
    );
    expect(refused.status).toBe(400);
    const fresh = await call(
      'POST',
      'account/recoverycodes',
      { password: PASSWORD },
      { token: user.token, ip: nextIp() },
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect(fresh.body.recoveryCodes).not.toContain(secondCode);
    expect((await login2(await ticketFor(user.username), secondCode)).body.token).toBeNull();
    expect((await login2(await ticketFor(user.username), fresh.body.recoveryCodes[3])).body.token).toEqual(
      expect.any(String),
    );
  });

  test('an unknown name and a wrong password answer exactly as without a second factor', async () => {
    const user = await enrolled();
    const wrong = await login(user.username, 'wrong password');
    const unknown = await login('nobody-with-a-second-factor', 'wrong password');
    const expected = { token: null, locked: false, message: 'The username or password is incorrect.' };
    expect(wrong.body).toEqual(expected);
    expect(unknown.body).toEqual(expected);
  });
});

describe('reset by the operator (npm run reset-second-factor)', () => {
  test("turns another account's second factor off; it signs in with its password alone", async () => {
    const user = await enrolled();
    expect(await resetSecondFactor(operator(), { username: user.username.toUpperCase() })).toBe(true);
    const after = await login(user.username);
    expect(Object.keys(after.body).sort()).toEqual(['locked', 'token']);
    expect(typeof after.body.token).toBe('string');
    expect(await resetSecondFactor(operator(), { username: user.username })).toBe(false);
    await expect(resetSecondFactor(operator(), { username: 'nobody-by-this-name' })).rejects.toMatchObject({
      kind: 'notFound',
    });
  });

  test('is for Admins: a User is refused', async () => {
    const user = await enrolled();
    const asUser = {
      language: 'en' as const,
      clientAddress: 'x',
      account: { id: user.id, username: user.username, displayName: '', role: 0 as const },
    };
    await expect(resetSecondFactor(asUser, { username: user.username })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  test("an Admin turns another account's second factor off by its id (POST account/resetsecondfactor/{id})", async () => {
    const user = await enrolled();
    const admin = await signedIn(1);
    const reset = (id: string | number, token: string) =>
      call('POST', `account/resetsecondfactor/${id}`, undefined, { token, language: 'en' });
    expect((await reset(user.id, user.token)).status).toBe(403);
    const done = await reset(user.id, admin.token);
    expect([done.status, done.body]).toEqual([200, { reset: true }]);
    expect(typeof (await login(user.username)).body.token).toBe('string');
    expect((await reset(user.id, admin.token)).body).toEqual({ reset: false });
    expect((await reset(987654, admin.token)).status).toBe(404);
    expect((await reset('abc', admin.token)).status).toBe(400);
    const audit = await call('POST', 'audit/getlist', { action: 'secondFactorOff' }, { token: admin.token });
    expect(audit.body.data[0]).toMatchObject({ rowId: user.id, summary: 'reset' });
  });

  test('the command names an unknown account and exits 1', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-reset-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_CONTENT: 'off' };
    delete env.DATABASE_URL;
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(
        process.execPath,
        [
          'node_modules/tsx/dist/cli.mjs',
          '--tsconfig',
          'tsconfig.scripts.json',
          'scripts/reset-second-factor.ts',
          'ghost',
        ],
        { env, encoding: 'utf8', stdio: 'pipe' },
      );
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain('There is no account named "ghost".');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});

/** A code in the recovery codes' form that is none of them. */
const recoveryLike = (i: number) => `zzzzz-zzzz${i}`;

describe('SECRET_KEY', () => {
  afterEach(() => {
    process.env.SECRET_KEY = SECRET_KEY;
    resetConfig();
  });

  test('start-up refuses to run without it once an account has a second factor', async () => {
    await enrolled();
    delete process.env.SECRET_KEY;
    resetConfig();
    const db = await getDb();
    await expect(checkSecondFactorKey(db)).rejects.toThrow(/SECRET_KEY is not set, but \d+ account\(s\) sign in/);
    await expect(onStartup(database.connection())).rejects.toThrow(/SECRET_KEY is not set/);
  });

  test('start-up refuses another key than the one the secrets were sealed with', async () => {
    await enrolled();
    process.env.SECRET_KEY = 'another-secret-key-that-sealed-nothing-0123456789';
    resetConfig();
    await expect(checkSecondFactorKey(await getDb())).rejects.toThrow(/not the key they were sealed with/);
  });

  test('without it, setting up is refused with a clear 400 and sign-in without a second factor goes on', async () => {
    const user = await signedIn(0, PASSWORD);
    delete process.env.SECRET_KEY;
    resetConfig();
    const setup = await call('POST', 'account/totp/setup', undefined, { token: user.token, language: 'en' });
    expect(setup.status).toBe(400);
    expect(setup.body.message).toMatch(/SECRET_KEY/);
    expect(typeof (await login(user.username)).body.token).toBe('string');
  });

  test('a short key is refused when the configuration is read', async () => {
    process.env.SECRET_KEY = 'short';
    resetConfig();
    const { config } = await import('../lib/config');
    expect(() => config()).toThrow(/at least 32 characters/);
  });
});

/**
 * Password reset: `account/forgotpassword` answers alike whatever it is asked, mails a single-use
 * link valid for an hour to the account's address (through a real SMTP server), and
 * `account/resetpassword` sets the password, ends every session and lifts a lockout.
 */
import { eq } from 'drizzle-orm';
import { resetConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { account, auditLog, mailQueue, passwordResets, rateLimits } from '../lib/db/schema';
import { LOCK_MS } from '../lib/content/operations/account';
import { RESET_TOKEN_MS, resetLinksQueued } from '../lib/content/operations/password-reset';
import { deliverDueMail } from '../lib/mail/queue';
import { call, signedIn } from './helpers/api';
import { withDatabase } from './helpers/database';
import { message } from './helpers/content';
import { linkIn, TestSmtpServer } from './helpers/smtp';
import tw from '../messages/tw';
import en from '../messages/en';

withDatabase();

const SITE = 'http://site.example';
const smtp = new TestSmtpServer();
let serial = 0;
const nextIp = () => `192.0.2.${++serial}`;

beforeAll(async () => {
  await smtp.start();
  process.env.SITE_URL = SITE;
  process.env.SMTP_URL = smtp.url;
  resetConfig();
});

afterAll(async () => {
  await smtp.stop();
  delete process.env.SITE_URL;
  delete process.env.SMTP_URL;
  resetConfig();
});

beforeEach(async () => {
  smtp.received.length = 0;
  const db = await getDb();
  await db.delete(mailQueue);
  await db.delete(rateLimits);
});

/** Asks for a reset link; resolves once the links it causes are queued (that work follows the answer). */
async function forgot(body: unknown, options: { language?: 'tw' | 'en'; ip?: string } = {}) {
  const result = await call('POST', 'account/forgotpassword', body, {
    xsrf: false,
    ip: options.ip ?? nextIp(),
    language: options.language,
  });
  await resetLinksQueued();
  return result;
}
const reset = (body: unknown, options: { language?: 'tw' | 'en'; ip?: string } = {}) =>
  call('POST', 'account/resetpassword', body, { xsrf: false, ip: options.ip ?? nextIp(), language: options.language });
const signIn = (username: string, password: string) =>
  call('POST', 'account/login', { username, password }, { ip: nextIp() });

/** A User with an e-mail address, signed in once. */
async function member(email: string | null = null) {
  const signed = await signedIn(0);
  const db = await getDb();
  const address = email ?? `${signed.username}@example.org`;
  await db
    .update(account)
    .set({ email: address } as never)
    .where(eq(account.id, signed.id));
  return { ...signed, email: address };
}

/** Asks for a link and returns the token of the mail that arrives. */
async function mailedToken(body: Record<string, unknown>, language: 'tw' | 'en' = 'tw') {
  const before = smtp.received.length;
  expect((await forgot(body, { language })).status).toBe(200);
  await deliverDueMail();
  const mails = await smtp.waitFor(before + 1);
  const link = linkIn(mails[before], `${SITE}/${language}-reset?token=`);
  return { mail: mails[before], token: new URL(link).searchParams.get('token')! };
}

describe('account/forgotpassword', () => {
  test('answers alike for a known account, an unknown name, an unknown address and an account with no address', async () => {
    const known = await member();
    const noAddress = await signedIn(0);
    const answers = [];
    for (const body of [
      { username: known.username },
      { username: 'nobody-here' },
      { email: 'nobody@example.org' },
      { email: known.email },
      { username: noAddress.username },
    ]) {
      const result = await forgot(body, { language: 'en' });
      answers.push({ status: result.status, body: result.body });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      status: 200,
      body: { ok: true, message: message('en', 'forgotPasswordSent', { minutes: 60 }) },
    });
    // Only the known account with an address was mailed (twice: by name and by address).
    await deliverDueMail();
    const mails = await smtp.waitFor(2);
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([[known.email], [known.email]]);
  });

  test('the mail, in the request language, links to /{lang}-reset with a token stored only as a hash', async () => {
    const known = await member();
    for (const language of ['tw', 'en'] as const) {
      const { mail, token } = await mailedToken({ username: known.username.toUpperCase() }, language);
      expect(mail.subject).toContain(language === 'tw' ? '重設密碼' : 'Reset your password');
      expect(mail.text).toContain(known.username);
      expect(mail.html).toContain(`${SITE}/${language}-reset?token=${token}`);
      const db = await getDb();
      const stored = await db.select().from(passwordResets).where(eq(passwordResets.accountId, known.id));
      expect(stored.some((row) => row.tokenHash === token)).toBe(false);
      expect(
        stored.every((row) => Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - RESET_TOKEN_MS) < 5000),
      ).toBe(true);
    }
    // The queue keeps no copy of a sent link.
    const db = await getDb();
    const rows = await db.select().from(mailQueue);
    expect(rows.every((row) => row.status === 'sent' && row.text === '' && row.html === '')).toBe(true);
  });

  test('a disabled account gets no mail', async () => {
    const known = await member();
    const db = await getDb();
    await db
      .update(account)
      .set({ isDisabled: true } as never)
      .where(eq(account.id, known.id));
    expect((await forgot({ username: known.username })).status).toBe(200);
    expect(await db.select().from(mailQueue)).toEqual([]);
  });

  test('is limited per address (429 for every name alike) and per account (answered alike, nothing more is sent)', async () => {
    const known = await member();
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await forgot({ username: i % 2 ? known.username : 'nobody' }, { ip })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const db = await getDb();
    await db.delete(mailQueue);
    await db.delete(rateLimits);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await forgot({ username: known.username })).body);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    // Three mails an hour per account; the fourth and fifth requests sent nothing.
    expect(await db.select().from(mailQueue)).toHaveLength(3);
  });

  test('needs a username or an address', async () => {
    const result = await forgot({}, { language: 'tw' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'forgotMissing'));
  });

  test('without SMTP_URL it still answers alike and queues nothing', async () => {
    const known = await member();
    delete process.env.SMTP_URL;
    resetConfig();
    try {
      const result = await forgot({ username: known.username });
      expect(result.body).toEqual({ ok: true, message: message('tw', 'forgotPasswordSent', { minutes: 60 }) });
      const db = await getDb();
      expect(await db.select().from(mailQueue)).toEqual([]);
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetConfig();
    }
  });
});

describe('account/resetpassword', () => {
  test('sets the password once, ends every session and lifts a lockout', async () => {
    const known = await member();
    const { token } = await mailedToken({ email: known.email });
    // Lock the account with five wrong passwords.
    for (let i = 0; i < 5; i++) await signIn(known.username, 'wrong password');
    expect((await signIn(known.username, 'correct horse battery')).body.locked).toBe(true);

    const done = await reset({ token, password: 'a brand new secret' }, { language: 'en' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true, message: message('en', 'passwordReset') });
    expect((await call('POST', 'account/checklogin', undefined, { token: known.token })).body.valid).toBe(false);
    expect((await signIn(known.username, 'correct horse battery')).body.token).toBeNull();
    expect((await signIn(known.username, 'a brand new secret')).body.token).toEqual(expect.any(String));
    const db = await getDb();
    const [row] = await db.select().from(account).where(eq(account.id, known.id));
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
    // Both calls are in the audit log, naming the account.
    const lines = await db.select().from(auditLog).where(eq(auditLog.rowId, known.id));
    expect(lines.map((line) => line.action)).toEqual(expect.arrayContaining(['forgotPassword', 'passwordReset']));
    expect(lines.find((line) => line.action === 'passwordReset')).toMatchObject({
      resource: 'account',
      accountName: known.username,
    });

    const again = await reset({ token, password: 'yet another secret' }, { language: 'tw' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(message('tw', 'resetTokenInvalid'));
    expect((await signIn(known.username, 'a brand new secret')).body.token).toEqual(expect.any(String));
  });

  test('an expired token is refused', async () => {
    const known = await member();
    const { token } = await mailedToken({ username: known.username });
    const db = await getDb();
    await db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.accountId, known.id));
    const result = await reset({ token, password: 'a brand new secret' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'resetTokenInvalid'));
    expect((await signIn(known.username, 'correct horse battery')).body.token).toEqual(expect.any(String));
  });

  test('an unknown or malformed token is refused alike', async () => {
    for (const token of ['x'.repeat(43), 'short', '', 42]) {
      const result = await reset({ token, password: 'a brand new secret' }, { language: 'en' });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(message('en', 'resetTokenInvalid'));
    }
  });

  test('a weak password is refused with the account form rule, and the link still works afterwards', async () => {
    const known = await member();
    const { token } = await mailedToken({ username: known.username });
    const weak = await reset({ token, password: 'short' }, { language: 'tw' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatchObject({ field: 'password' });
    expect(weak.body.message).toBe(message('tw', 'tooShort', { field: '密碼', min: 8 }));
    expect((await reset({ token, password: 'long enough now' })).status).toBe(200);
  });

  test('using one link ends the others of the account', async () => {
    const known = await member();
    const first = await mailedToken({ username: known.username });
    const second = await mailedToken({ username: known.username });
    expect((await reset({ token: second.token, password: 'second secret!' })).status).toBe(200);
    expect((await reset({ token: first.token, password: 'first secret!!' })).status).toBe(400);
  });

  test('is limited per address', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await reset({ token: 'y'.repeat(43), password: 'a brand new secret' }, { ip })).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  test('the lock time of sign-in is unchanged by a reset request that is not used', async () => {
    const known = await member();
    for (let i = 0; i < 5; i++) await signIn(known.username, 'wrong password');
    await mailedToken({ username: known.username });
    const db = await getDb();
    const [row] = await db.select().from(account).where(eq(account.id, known.id));
    expect((row.lockedUntil as Date).getTime()).toBeGreaterThan(Date.now() + LOCK_MS - 60_000);
  });
});

test('every message of the reset screens exists in both languages', () => {
  expect(Object.keys(tw.admin.reset).sort()).toEqual(Object.keys(en.admin.reset).sort());
});

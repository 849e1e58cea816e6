/**
 * Sign-in sessions, the second-factor policy and the new-device notice: the sessions list and its
 * ends (the caller's own; an Admin's for another account; refused to a User), a new password or second
 * factor ending the other sessions, the policy's 403 outside the security calls until the account
 * enrols, the audit lines with the client's address, and the new-device e-mail decision and its
 * delivery to a real SMTP listener.
 */
import { eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { resetConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { account, auditLog, mailQueue, sessions, signInDevices } from '../lib/db/schema';
import { deliverDueMail } from '../lib/mail/queue';
import { noteSignInDevice, NEW_DEVICE_DAYS } from '../lib/content/operations/sign-in-notice';
import { saveWebInfo } from '../lib/content/storage/settings';
import { browserOf } from '../lib/http/user-agent';
import { call, signedIn, type CallOptions } from './helpers/api';
import { withDatabase } from './helpers/database';
import { linkIn, TestSmtpServer } from './helpers/smtp';

process.env.SECRET_KEY = 'test-secret-key-of-the-sessions-tests-0123456789abcdef';
resetConfig();
withDatabase();

const PASSWORD = 'correct horse battery';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let serial = 0;
const nextIp = () => `10.40.${Math.floor(++serial / 250)}.${serial % 250}`;

/** Another sign-in of the same account, from `ip` with `userAgent`. */
async function signInAgain(username: string, ip = nextIp(), userAgent = FIREFOX_LINUX) {
  const answer = await call(
    'POST',
    'account/login',
    { username, password: PASSWORD },
    { ip, language: 'en', headers: { 'user-agent': userAgent } },
  );
  expect(answer.body.token).toEqual(expect.any(String));
  return answer.body.token as string;
}

const as = (token: string, options: CallOptions = {}): CallOptions => ({ token, language: 'en', ...options });

async function setPolicy(policy: string | null) {
  await saveWebInfo('tw', { secondFactorPolicy: policy }, null);
}

async function enrol(token: string) {
  const setup = await call('POST', 'account/totp/setup', undefined, as(token));
  expect(setup.status).toBe(200);
  const code = new TOTP({ secret: setup.body.secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  const enable = await call('POST', 'account/totp/enable', { code }, as(token));
  expect(enable.status).toBe(200);
}

describe('browser from the user agent', () => {
  test.each([
    [CHROME_WINDOWS, 'Chrome (Windows)'],
    [FIREFOX_LINUX, 'Firefox (Linux)'],
    [SAFARI_IPHONE, 'Safari (iOS)'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge (Windows)',
    ],
    ['curl/8.5.0', 'curl'],
    ['', ''],
  ])('%s is %s', (userAgent, browser) => {
    expect(browserOf(userAgent)).toBe(browser);
  });
});

describe('sessions', () => {
  test('the list: when, where, which browser and which is this one; never the token or its hash', async () => {
    const user = await signedIn(0, PASSWORD);
    const second = await signInAgain(user.username, '192.0.2.7', CHROME_WINDOWS);
    const list = await call('POST', 'account/sessions', {}, as(second));
    expect(list.status).toBe(200);
    expect(list.body.accountId).toBe(user.id);
    expect(list.body.data).toHaveLength(2);
    const [mine] = list.body.data.filter((session: { current: boolean }) => session.current);
    expect(mine).toMatchObject({
      address: '192.0.2.7',
      browser: 'Chrome (Windows)',
      userAgent: CHROME_WINDOWS,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d/),
      lastSeenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d/),
    });
    expect(mine.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const text = JSON.stringify(list.body);
    const db = await getDb();
    const hashes = await db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.accountId, user.id));
    for (const { hash } of hashes) expect(text).not.toContain(hash);
    expect(text).not.toContain(second);
  });

  test('ending one session refuses its token at once; ending the others keeps this one', async () => {
    const user = await signedIn(0, PASSWORD);
    const other = await signInAgain(user.username);
    const third = await signInAgain(user.username);
    expect((await call('POST', 'account/checklogin', undefined, as(other))).body.valid).toBe(true);
    const list = await call('POST', 'account/sessions', {}, as(user.token));
    const otherId = list.body.data.find((session: { current: boolean }) => !session.current).id;
    const ended = await call('DELETE', `account/sessions/${otherId}`, undefined, as(user.token));
    expect(ended).toMatchObject({ status: 200, body: { ended: 1 } });
    const checks = await Promise.all(
      [other, third].map(async (token) => (await call('GET', 'account/security', undefined, as(token))).status),
    );
    expect(checks.sort()).toEqual([200, 401]);
    expect((await call('DELETE', `account/sessions/${otherId}`, undefined, as(user.token))).status).toBe(404);

    const endOthers = await call('POST', 'account/sessions/endothers', {}, as(user.token));
    expect(endOthers).toMatchObject({ status: 200, body: { ended: 1 } });
    expect((await call('GET', 'account/security', undefined, as(third))).status).toBe(401);
    expect((await call('GET', 'account/security', undefined, as(other))).status).toBe(401);
    expect((await call('GET', 'account/security', undefined, as(user.token))).status).toBe(200);
    const left = await call('POST', 'account/sessions', {}, as(user.token));
    expect(left.body.data).toEqual([expect.objectContaining({ current: true })]);
  });

  test("an Admin lists and ends another account's sessions; a User may not", async () => {
    const admin = await signedIn(1, PASSWORD);
    const user = await signedIn(0, PASSWORD);
    const otherUser = await signedIn(0, PASSWORD);
    const second = await signInAgain(user.username);

    const seen = await call('POST', 'account/sessions', { accountId: user.id }, as(admin.token));
    expect(seen.status).toBe(200);
    expect(seen.body.accountId).toBe(user.id);
    expect(seen.body.data).toHaveLength(2);
    expect(seen.body.data.every((session: { current: boolean }) => !session.current)).toBe(true);

    const refused = await call('POST', 'account/sessions', { accountId: user.id }, as(otherUser.token));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your account is not allowed to do this.');
    expect((await call('POST', 'account/sessions/endothers', { accountId: user.id }, as(otherUser.token))).status).toBe(
      403,
    );
    // Another account's session is unknown to a User.
    expect(
      (await call('DELETE', `account/sessions/${seen.body.data[0].id}`, undefined, as(otherUser.token))).status,
    ).toBe(404);
    expect((await call('POST', 'account/sessions', { accountId: 'x' }, as(admin.token))).status).toBe(400);
    expect((await call('POST', 'account/sessions', { accountId: 999999 }, as(admin.token))).status).toBe(404);

    const one = await call('DELETE', `account/sessions/${seen.body.data[0].id}`, undefined, as(admin.token));
    expect(one.status).toBe(200);
    const all = await call('POST', 'account/sessions/endothers', { accountId: user.id }, as(admin.token));
    expect(all).toMatchObject({ status: 200, body: { ended: 1 } });
    for (const token of [user.token, second])
      expect((await call('GET', 'account/security', undefined, as(token))).status).toBe(401);
    expect((await call('GET', 'account/security', undefined, as(admin.token))).status).toBe(200);
  });

  test('a new password ends the other sessions, and keeps the one that changed it', async () => {
    const admin = await signedIn(1, PASSWORD);
    const elsewhere = await signInAgain(admin.username);
    const user = await signedIn(0, PASSWORD);
    const changed = await call(
      'PUT',
      'account/update',
      { id: admin.id, password: 'a new long password' },
      as(admin.token),
    );
    expect(changed.status).toBe(200);
    expect((await call('GET', 'account/security', undefined, as(elsewhere))).status).toBe(401);
    expect((await call('GET', 'account/security', undefined, as(admin.token))).status).toBe(200);
    // Another account's new password, set by an Admin: every session of that account ends.
    await call('PUT', 'account/update', { id: user.id, password: 'another long password' }, as(admin.token));
    expect((await call('GET', 'account/security', undefined, as(user.token))).status).toBe(401);
  });

  test('turning the second factor on ends the other sessions', async () => {
    const user = await signedIn(0, PASSWORD);
    const elsewhere = await signInAgain(user.username);
    await enrol(user.token);
    expect((await call('GET', 'account/security', undefined, as(elsewhere))).status).toBe(401);
    expect((await call('GET', 'account/security', undefined, as(user.token))).status).toBe(200);
  });

  test('every sign-in, failure, session end and second-factor change is in the audit log with the address', async () => {
    const user = await signedIn(0, PASSWORD);
    const admin = await signedIn(1, PASSWORD);
    await call('POST', 'account/login', { username: user.username, password: 'wrong' }, { ip: '198.51.100.9' });
    const second = await signInAgain(user.username, '198.51.100.10');
    await call('POST', 'account/sessions/endothers', {}, { token: second, ip: '198.51.100.11' });
    const reset = await call('POST', `account/resetsecondfactor/${user.id}`, undefined, {
      token: admin.token,
      ip: '198.51.100.12',
    });
    expect(reset.status).toBe(200);
    const db = await getDb();
    const lines = await db
      .select({ action: auditLog.action, address: auditLog.clientAddress, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.rowId, user.id));
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'signInFailed', address: '198.51.100.9' }),
        expect.objectContaining({ action: 'signIn', address: '198.51.100.10' }),
        expect.objectContaining({ action: 'sessionEnd', address: '198.51.100.11', summary: 'others: 1' }),
        expect.objectContaining({ action: 'secondFactorOff', address: '198.51.100.12', summary: 'reset' }),
        expect.objectContaining({ action: 'sessionEnd', address: '198.51.100.12', summary: 'secondFactor: 1' }),
      ]),
    );
  });
});

describe('the second-factor policy', () => {
  afterEach(() => setPolicy(null));

  test('none (the default) asks nothing of anyone', async () => {
    const admin = await signedIn(1, PASSWORD);
    expect((await call('POST', 'webnews/getlist', {}, as(admin.token))).status).toBe(200);
    expect((await call('POST', 'account/checklogin', undefined, as(admin.token))).body).not.toHaveProperty(
      'secondFactorRequired',
    );
    // Never saved, the setting reads as its effective value.
    const settings = await call('GET', 'websetting/webinfo', undefined, as(admin.token));
    expect(settings.body.secondFactorPolicy).toBe('none');
  });

  test('admins: an Admin without a second factor reaches only its security calls, in the request language', async () => {
    const admin = await signedIn(1, PASSWORD);
    const user = await signedIn(0, PASSWORD);
    await setPolicy('admins');
    const refused = await call('POST', 'webnews/getlist', {}, as(admin.token));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message:
        'Your account must have a second factor before it can do this. Set up an authenticator app on the Account security screen first.',
      secondFactorRequired: true,
    });
    const tw = await call('POST', 'webnews/getlist', {}, { token: admin.token, language: 'tw' });
    expect(tw.body.message).toContain('兩步驟驗證');
    for (const [method, path] of [
      ['POST', 'account/getlist'],
      ['POST', `account/resetsecondfactor/${user.id}`],
      ['POST', 'websetting/webinfo'],
    ])
      expect((await call(method, path, {}, as(admin.token))).status).toBe(403);
    // What the security screen needs stays open.
    expect((await call('POST', 'account/checklogin', undefined, as(admin.token))).body).toMatchObject({
      valid: true,
      secondFactorRequired: true,
    });
    expect((await call('GET', 'account/security', undefined, as(admin.token))).status).toBe(200);
    expect((await call('POST', 'account/sessions', {}, as(admin.token))).status).toBe(200);
    expect((await call('GET', 'websetting/webinfo', undefined, as(admin.token))).body.secondFactorPolicy).toBe(
      'admins',
    );
    // A User is not covered.
    expect((await call('POST', 'webnews/getlist', {}, as(user.token))).status).toBe(200);
    // Enrolment lifts it.
    await enrol(admin.token);
    expect((await call('POST', 'webnews/getlist', {}, as(admin.token))).status).toBe(200);
    expect((await call('POST', 'account/checklogin', undefined, as(admin.token))).body).not.toHaveProperty(
      'secondFactorRequired',
    );
  });

  test('everyone: a User is covered too, and a reset brings the requirement back', async () => {
    const admin = await signedIn(1, PASSWORD);
    await enrol(admin.token);
    const user = await signedIn(0, PASSWORD);
    await setPolicy('everyone');
    expect((await call('POST', 'webnews/getlist', {}, as(user.token))).status).toBe(403);
    await enrol(user.token);
    expect((await call('POST', 'webnews/getlist', {}, as(user.token))).status).toBe(200);
    expect((await call('POST', `account/resetsecondfactor/${user.id}`, undefined, as(admin.token))).status).toBe(200);
    // The reset ended the user's sessions; its password alone signs it in, to the security screen only.
    const again = await signInAgain(user.username);
    expect((await call('POST', 'webnews/getlist', {}, as(again))).status).toBe(403);
    expect((await call('GET', 'account/security', undefined, as(again))).status).toBe(200);
  });

  test('a batch is checked part by part', async () => {
    const user = await signedIn(0, PASSWORD);
    await setPolicy('everyone');
    const batch = await call('POST', 'batch', undefined, {
      ...as(user.token),
      headers: { 'content-type': 'multipart/mixed; boundary=b' },
      raw:
        '--b\r\nContent-Type: application/http\r\n\r\nGET /api/account/security HTTP/1.1\r\n\r\n' +
        '--b\r\nContent-Type: application/http\r\n\r\nGET /api/webnews/get/1 HTTP/1.1\r\n\r\n--b--\r\n',
    });
    expect(batch.status).toBe(200);
    const statuses = [...String(batch.body).matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
    expect(statuses).toEqual([200, 403]);
  });

  test('only the three values are taken', async () => {
    const admin = await signedIn(1, PASSWORD);
    const saved = await call('POST', 'websetting/webinfo', { secondFactorPolicy: 'sometimes' }, as(admin.token));
    expect(saved.status).toBe(400);
  });
});

describe('the new-device notice', () => {
  test('a pair not seen within 90 days is new; seen within them is known; the first ever is not told', async () => {
    const user = await signedIn(0, PASSWORD);
    const db = await getDb();
    await db.delete(signInDevices).where(eq(signInDevices.accountId, user.id));
    const now = new Date('2026-06-01T00:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    expect(await noteSignInDevice(user.id, 'Chrome (Windows)', '192.0.2.1', now)).toBe('first');
    expect(await noteSignInDevice(user.id, 'Chrome (Windows)', '192.0.2.1', new Date(+now + day))).toBe('known');
    expect(await noteSignInDevice(user.id, 'Firefox (Linux)', '192.0.2.1', new Date(+now + day))).toBe('new');
    expect(await noteSignInDevice(user.id, 'Chrome (Windows)', '192.0.2.2', new Date(+now + day))).toBe('new');
    const later = new Date(+now + day + NEW_DEVICE_DAYS * day - 1000);
    expect(await noteSignInDevice(user.id, 'Chrome (Windows)', '192.0.2.1', later)).toBe('known');
    const muchLater = new Date(+later + NEW_DEVICE_DAYS * day + 1000);
    expect(await noteSignInDevice(user.id, 'Chrome (Windows)', '192.0.2.1', muchLater)).toBe('new');
  });

  describe('mailed through the queue to a real SMTP listener', () => {
    const SITE = 'http://site.example';
    const smtp = new TestSmtpServer();
    const useSmtp = (url: string | undefined) => {
      if (url) process.env.SMTP_URL = url;
      else delete process.env.SMTP_URL;
      resetConfig();
    };
    beforeAll(async () => {
      await smtp.start();
      process.env.SITE_URL = SITE;
      process.env.MAIL_FROM = 'Association <no-reply@site.example>';
      useSmtp(smtp.url);
    });
    afterAll(async () => {
      await smtp.stop();
      delete process.env.SITE_URL;
      delete process.env.MAIL_FROM;
      useSmtp(undefined);
    });

    test('a new browser and address mail the owner; the same again does not', async () => {
      const user = await signedIn(0, PASSWORD);
      const db = await getDb();
      await db.update(account).set({ email: 'owner@example.org' }).where(eq(account.id, user.id));
      await db.delete(mailQueue);
      smtp.received.length = 0;
      await call(
        'POST',
        'account/login',
        { username: user.username, password: PASSWORD },
        {
          ip: '203.0.113.5',
          language: 'en',
          headers: { 'user-agent': SAFARI_IPHONE },
        },
      );
      expect(await deliverDueMail()).toMatchObject({ sent: 1 });
      const [mail] = await smtp.waitFor(1);
      expect(mail.envelopeTo).toEqual(['owner@example.org']);
      expect(mail.subject).toContain('New sign-in to your account');
      expect(mail.text).toContain('203.0.113.5');
      expect(mail.text).toContain('Safari (iOS)');
      expect(mail.text).toMatch(/20\d\d/);
      expect(linkIn(mail, SITE)).toBe(`${SITE}/en-admin/security`);

      await signInAgain(user.username, '203.0.113.5', SAFARI_IPHONE);
      expect(await deliverDueMail()).toMatchObject({ sent: 0 });
      const [queued] = await db.select({ kind: mailQueue.kind }).from(mailQueue);
      expect(queued.kind).toBe('sign-in');
    });
  });
});

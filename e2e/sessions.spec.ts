import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TOTP } from 'otpauth';
import { linkIn, TestSmtpServer } from '../test/helpers/smtp';
import { adminHeaders, expectNoAxeViolations, expectToast, nextTestAddress, signInTo, startServer } from './helpers';
import { E2E_PORT, E2E_SMTP_PORT, E2E_DATABASE, E2E_SECRET_KEY } from './worker';

/**
 * Sign-in sessions in the back office, in both languages: the security screen lists the account's
 * sessions and ends another one (its token refused at once); the second-factor policy takes an
 * account without one to the security screen and says why; an Admin resets another account's second
 * factor from its form. On PostgreSQL, a session ended in one browser is refused at once by a second
 * app server. A sign-in from a new browser and address is mailed to the account's owner.
 */
const words = {
  tw: {
    username: '帳號',
    password: '密碼',
    signIn: '登入',
    security: '帳號安全',
    sessions: '登入中的工作階段',
    current: '（目前這個）',
    end: '結束',
    endOthers: '結束其他所有工作階段',
    ended: '已結束。',
    required: '本網站要求您的帳號使用兩步驟驗證',
    reset: '重設兩步驟驗證',
    resetDone: '已停用兩步驟驗證。',
  },
  en: {
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    security: 'Account security',
    sessions: 'Signed-in sessions',
    current: '(this one)',
    end: 'End',
    endOthers: 'End all other sessions',
    ended: 'Ended.',
    required: 'This site requires two-step verification for your account',
    reset: 'Reset the second factor',
    resetDone: 'The second factor is off.',
  },
} as const;

type Language = keyof typeof words;
const PASSWORD = 'sessions-e2e-password';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

const appCode = (secret: string, ahead = 0) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

async function createAccount(
  request: APIRequestContext,
  prefix: string,
  options: { role?: 0 | 1; email?: string } = {},
) {
  const username = `${prefix}${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await request.post('/api/account/add', {
    headers: await adminHeaders(request),
    data: { username, displayName: username, role: options.role ?? 0, password: PASSWORD, email: options.email ?? '' },
  });
  expect(response.status()).toBe(200);
  return { username, password: PASSWORD, id: Number((await response.json()).id) };
}

/** A sign-in through the API from its own address (and browser): the token. */
async function apiSignIn(
  request: APIRequestContext,
  user: { username: string; password: string },
  headers: Record<string, string> = {},
  origin = '',
) {
  const answer = await request.post(`${origin}/api/account/login`, {
    data: { username: user.username, password: user.password },
    headers: { 'x-forwarded-for': nextTestAddress(), ...headers },
  });
  const { token } = await answer.json();
  expect(token).toBeTruthy();
  return token as string;
}

const withToken = (token: string) => ({
  authorization: `Bearer ${token}`,
  'x-xsrf-token': 'sessions-e2e',
  cookie: 'XSRF-TOKEN=sessions-e2e',
  'web-language': 'en',
});

async function formSignIn(page: Page, language: Language, user: { username: string; password: string }) {
  const w = words[language];
  await page.goto(`/${language}-login`);
  await page.getByLabel(w.username).fill(user.username);
  await page.getByLabel(w.password).fill(user.password);
  await page.getByRole('button', { name: w.signIn, exact: true }).click();
}

for (const language of ['tw', 'en'] as const) {
  test(`the security screen lists the sessions and ends another one (${language})`, async ({ page, request }) => {
    const w = words[language];
    const user = await createAccount(request, `sess${language}`);
    const elsewhere = await apiSignIn(request, user, { 'user-agent': FIREFOX });
    await formSignIn(page, language, user);
    await expect(page).toHaveURL(new RegExp(`/${language}-admin$`));
    await page.goto(`/${language}-admin/security`);
    const section = page.getByRole('region', { name: w.sessions });
    await expect(section.getByRole('row')).toHaveCount(3);
    await expect(section.getByRole('row').filter({ hasText: w.current })).toHaveCount(1);
    const other = section.getByRole('row').filter({ hasText: 'Firefox (Linux)' });
    await expect(other).toHaveCount(1);
    await expectNoAxeViolations(page);

    expect((await request.get('/api/account/security', { headers: withToken(elsewhere) })).status()).toBe(200);
    await other.getByRole('button', { name: new RegExp(`^${w.end}`) }).click();
    await expectToast(page, w.ended);
    await expect(section.getByRole('row')).toHaveCount(2);
    // Refused at once.
    expect((await request.get('/api/account/security', { headers: withToken(elsewhere) })).status()).toBe(401);

    // Two more elsewhere, ended together; this one stays.
    const more = [await apiSignIn(request, user), await apiSignIn(request, user)];
    await page.reload();
    await expect(section.getByRole('row')).toHaveCount(4);
    page.once('dialog', (dialog) => void dialog.accept());
    await section.getByRole('button', { name: w.endOthers }).click();
    await expect(section.getByRole('row')).toHaveCount(2);
    for (const token of more)
      expect((await request.get('/api/account/security', { headers: withToken(token) })).status()).toBe(401);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.security);
  });

  test(`the second-factor policy takes an account without one to the security screen (${language})`, async ({
    page,
    request,
  }) => {
    const w = words[language];
    // The policy is changed by an Admin who has a second factor, so the change can be undone.
    const manager = await createAccount(request, `policy${language}`, { role: 1 });
    const managerToken = await apiSignIn(request, manager);
    const headers = withToken(managerToken);
    const setup = await (await request.post('/api/account/totp/setup', { headers })).json();
    expect(
      (await request.post('/api/account/totp/enable', { headers, data: { code: appCode(setup.secret) } })).status(),
    ).toBe(200);
    const covered = await createAccount(request, `covered${language}`, { role: 1 });
    expect(
      (await request.post('/api/websetting/webinfo', { headers, data: { secondFactorPolicy: 'admins' } })).status(),
    ).toBe(200);
    try {
      await formSignIn(page, language, covered);
      await expect(page).toHaveURL(new RegExp(`/${language}-admin/security$`));
      await expect(page.getByRole('alert').filter({ hasText: w.required })).toBeVisible();
      await expectNoAxeViolations(page);
      // Any other screen comes back here.
      await page.goto(`/${language}-admin/webnews`);
      await expect(page).toHaveURL(new RegExp(`/${language}-admin/security$`));
    } finally {
      await request.post('/api/websetting/webinfo', { headers, data: { secondFactorPolicy: null } });
    }
  });

  test(`an Admin resets another account's second factor from its form (${language})`, async ({ page, request }) => {
    const w = words[language];
    const user = await createAccount(request, `reset2f${language}`);
    const headers = withToken(await apiSignIn(request, user));
    const setup = await (await request.post('/api/account/totp/setup', { headers })).json();
    await request.post('/api/account/totp/enable', { headers, data: { code: appCode(setup.secret) } });
    expect((await (await request.get('/api/account/security', { headers })).json()).totp).toBe(true);

    await signInTo(page, `/${language}-admin/account/${user.id}`, language);
    await expect(page.getByRole('button', { name: w.reset })).toBeVisible();
    await expectNoAxeViolations(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: w.reset }).click();
    await expectToast(page, w.resetDone);
    // The reset ended the account's sessions; its password alone signs it in now.
    const again = await request.post('/api/account/login', {
      data: { username: user.username, password: PASSWORD },
      headers: { 'x-forwarded-for': nextTestAddress() },
    });
    expect(Object.keys(await again.json()).sort()).toEqual(['locked', 'token']);
  });
}

for (const [language, label, options] of [
  ['tw', '要求兩步驟驗證', ['不要求', '管理者', '所有工作人員帳號', '所有帳號（含會員）']],
  ['en', 'Require two-step verification', ['Nobody', 'Admins', 'Every staff account', 'Every account, members too']],
] as const) {
  test(`the web settings offer the second-factor policy as a list (${language})`, async ({ page }) => {
    await signInTo(page, `/${language}-admin/settings`, language);
    const policy = page.getByLabel(label);
    await expect(policy).toHaveValue('none');
    await expect(policy.locator('option')).toHaveText([...options]);
    await expectNoAxeViolations(page);
  });
}

test('a sign-in from a new browser and address mails the owner a link to the security screen', async ({ request }) => {
  const smtp = new TestSmtpServer(E2E_SMTP_PORT);
  await smtp.start();
  try {
    const email = `newdevice${Date.now()}@example.org`;
    const user = await createAccount(request, 'newdevice', { email });
    // The first sign-in has nothing to compare with; the next from elsewhere is told.
    await apiSignIn(request, user);
    await apiSignIn(request, user, { 'user-agent': FIREFOX, 'web-language': 'en' });
    const mail = await smtp.mailTo(email);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.subject).toContain('New sign-in to your account');
    expect(mail.text).toContain('Firefox (Linux)');
    expect(linkIn(mail, 'http://127.0.0.1:')).toMatch(/\/en-admin\/security$/);
  } finally {
    await smtp.stop();
  }
});

const databaseUrl = process.env.DATABASE_URL;

if (databaseUrl) {
  test.describe('a session ended on one app server', () => {
    test.describe.configure({ timeout: 180_000 });
    const port = E2E_PORT + 6;
    const b = `http://127.0.0.1:${port}`;
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    let dataDir: string;

    test.beforeAll(async () => {
      const url = new URL(databaseUrl);
      url.pathname = `/${E2E_DATABASE}`;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-sessions-b-'));
      server = await startServer(
        port,
        {
          ...process.env,
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          DEMO_CONTENT: 'off',
          SITE_URL: b,
          LOG_LEVEL: 'warn',
          TRUSTED_PROXIES: '127.0.0.1',
          SECRET_KEY: E2E_SECRET_KEY,
        },
        '/readyz',
        'server B',
      );
    });

    test.afterAll(async () => {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test('is refused at once by the other server', async ({ page, browser, request }) => {
      const user = await createAccount(request, 'twoservers');
      // A second browser signs in on server B and is remembered there.
      const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': nextTestAddress() } });
      try {
        const token = await apiSignIn(other.request, user, { 'user-agent': FIREFOX }, b);
        for (let i = 0; i < 2; i++)
          expect((await other.request.get(`${b}/api/account/security`, { headers: withToken(token) })).status()).toBe(
            200,
          );
        // This browser, on server A, ends it.
        await formSignIn(page, 'en', user);
        await expect(page).toHaveURL(/\/en-admin$/);
        await page.goto('/en-admin/security');
        const row = page
          .getByRole('region', { name: words.en.sessions })
          .getByRole('row')
          .filter({ hasText: 'Firefox' });
        await row.getByRole('button', { name: /^End/ }).click();
        await expectToast(page, words.en.ended);
        expect((await other.request.get(`${b}/api/account/security`, { headers: withToken(token) })).status()).toBe(
          401,
        );
      } finally {
        await other.close();
      }
    });
  });
}

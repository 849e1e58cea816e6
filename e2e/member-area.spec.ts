import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { specSmtpServer } from './smtp';
import { linkIn } from '../test/helpers/smtp';
import { adminHeaders, expectNoAxeViolations, nextTestAddress } from './helpers';
import { TOTP } from 'otpauth';

/**
 * The member area (會員專區) without JavaScript, in both languages: an Admin's invitation (member/invite)
 * is mailed through a real SMTP server, its link's page sets the password, the new Member signs in
 * with the site's own form, sees the member area (never cached), signs out, and forgets and resets the
 * password; a form posted without its XSRF token is refused. Axe on every screen.
 */
const smtp = specSmtpServer();

const words = {
  tw: {
    welcome: '歡迎使用會員專區',
    password: '設定密碼',
    confirm: '再次輸入密碼',
    set: '設定密碼',
    welcomed: '密碼已設定',
    username: '電子郵件地址',
    signInPassword: '密碼',
    signIn: '登入',
    area: '會員專區',
    signOut: '登出',
    signedOut: '您已登出',
    differ: '兩次輸入的密碼不同',
    wrong: '電子郵件地址或密碼錯誤',
    xsrf: '表單已逾時',
    forgot: '忘記密碼？',
    send: '寄送連結',
    sent: '連結已寄出',
    newPassword: '新密碼',
    again: '再次輸入新密碼',
    save: '儲存密碼',
    changed: '密碼已變更',
    required: '本會要求所有帳號使用兩步驟驗證',
    setup: '設定驗證器',
    code: 'App 上的驗證碼',
    enable: '啟用',
    codes: '您的備用碼',
    on: '已啟用驗證器',
    verifyCode: '驗證碼',
    verify: '驗證',
  },
  en: {
    welcome: 'Welcome to the member area',
    password: 'Choose a password',
    confirm: 'The password again',
    set: 'Set my password',
    welcomed: 'Your password is set',
    username: 'E-mail address',
    signInPassword: 'Password',
    signIn: 'Sign in',
    area: 'Member area',
    signOut: 'Sign out',
    signedOut: 'You are signed out',
    differ: 'The two passwords differ',
    wrong: 'The e-mail address or password is wrong',
    xsrf: 'The form expired',
    forgot: 'Forgot your password?',
    send: 'Send the link',
    sent: 'a link is on its way',
    newPassword: 'New password',
    again: 'New password again',
    save: 'Save the password',
    changed: 'Your password is changed',
    required: 'The association asks every account to use two-step verification',
    setup: 'Set up an authenticator',
    code: 'Code from the app',
    enable: 'Turn it on',
    codes: 'Your recovery codes',
    on: 'An authenticator app is on',
    verifyCode: 'Code',
    verify: 'Verify',
  },
} as const;

/** The code an authenticator app shows `ahead` steps from now. */
const appCode = (secret: string, ahead = 0) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

/** Invites an address and takes up the invitation through the API: the new Member's e-mail and password. */
async function newMember(request: APIRequestContext, headers: Record<string, string>, language: 'tw' | 'en') {
  const institution = await anInstitution(request, headers);
  const email = `member2f-${language}-${Date.now()}@example.org`;
  expect(
    (
      await request.post('/api/member/invite', { headers, data: { memberId: institution.id, email, name: 'Lin Wei' } })
    ).status(),
  ).toBe(200);
  const mail = await smtp.mailTo(email);
  const token = new URL(linkIn(mail, 'http://127.0.0.1:')).searchParams.get('token');
  const password = 'member password 2f';
  const welcome = await request.post('/api/member/welcome', {
    data: { token, password },
    headers: { 'x-forwarded-for': nextTestAddress() },
  });
  expect(welcome.status()).toBe(200);
  return { email, password };
}

/** The first member institution of the demo content. */
async function anInstitution(request: APIRequestContext, headers: Record<string, string>) {
  const list = await request.post('/api/webmemberdept/getlist', { headers, data: { pageSize: 1 } });
  expect(list.status()).toBe(200);
  const [row] = (await list.json()).data;
  return row as { id: number; name: string };
}

/**
 * Axe on the page a script-free browser shows: axe needs script, so the same address (state is in the
 * address, post/redirect/get) is opened in a browser with script and the same cookies.
 */
async function axeOn(browser: Browser, from: BrowserContext, url: string) {
  const context = await browser.newContext({ storageState: await from.storageState() });
  const page = await context.newPage();
  await page.goto(url);
  await expectNoAxeViolations(page);
  await context.close();
}

/** A browser without JavaScript, from an address of its own (the sign-in limits are per address). */
const scriptFree = (browser: Browser) =>
  browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'x-forwarded-for': nextTestAddress() } });

for (const language of ['tw', 'en'] as const) {
  const w = words[language];
  test(`${language}: invitation to first sign-in, sign-out and a password reset, without JavaScript`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const headers = await adminHeaders(request, language);
    const institution = await anInstitution(request, headers);
    const email = `member-${language}-${Date.now()}@example.org`;
    const invited = await request.post('/api/member/invite', {
      headers,
      data: { memberId: institution.id, email, name: 'Chen Mei', keyContact: true },
    });
    expect(invited.status()).toBe(200);
    const mail = await smtp.mailTo(email);
    expect(mail.envelopeTo).toEqual([email]);
    const link = linkIn(mail, 'http://127.0.0.1:');
    expect(link).toMatch(new RegExp(`/${language}/member/welcome\\?token=`));

    const context = await scriptFree(browser);
    const page = await context.newPage();
    const welcome = await page.goto(link);
    expect(welcome?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: w.welcome })).toBeVisible();
    await expect(page.getByText(institution.name)).toBeVisible();
    await axeOn(browser, context, page.url());
    // Two passwords that differ come back to the form with the reason, the link still good.
    await page.getByRole('main').getByLabel(w.password, { exact: true }).fill('member password 1');
    await page.getByRole('main').getByLabel(w.confirm).fill('member password 2');
    await page.getByRole('button', { name: w.set }).click();
    await expect(page.getByRole('alert')).toContainText(w.differ);
    await axeOn(browser, context, page.url());
    await page.getByRole('main').getByLabel(w.password, { exact: true }).fill('member password 1');
    await page.getByRole('main').getByLabel(w.confirm).fill('member password 1');
    await page.getByRole('button', { name: w.set }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/member/login\\?welcomed=1$`));
    await expect(page.getByRole('status')).toContainText(w.welcomed);
    await axeOn(browser, context, page.url());

    // A wrong password, then the right one.
    await page.getByRole('main').getByLabel(w.username).fill(email);
    await page.getByRole('main').getByLabel(w.signInPassword, { exact: true }).fill('not the password');
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(w.wrong);
    await page.getByRole('main').getByLabel(w.username).fill(email);
    await page.getByRole('main').getByLabel(w.signInPassword, { exact: true }).fill('member password 1');
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/member$`));
    await expect(page.getByRole('heading', { level: 1, name: w.area })).toBeVisible();
    // Named in the greeting and in the institution's entry below it.
    await expect(page.getByText(institution.name).first()).toBeVisible();
    await axeOn(browser, context, page.url());
    const session = (await context.cookies()).find((cookie) => cookie.name === 'session-member');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const home = await page.reload();
    expect(home?.headers()['cache-control']).toBe('private, no-store');

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('alert')).toBeVisible();

    await page.goto(`/${language}/member`);
    await page.getByRole('button', { name: w.signOut }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/member/login\\?signedOut=1$`));
    await expect(page.getByRole('status')).toContainText(w.signedOut);
    await page.goto(`/${language}/member`);
    await expect(page).toHaveURL(new RegExp(`/${language}/member/login$`));

    // Forgot the password: the mailed link leads to the member area's reset page.
    await page.getByRole('link', { name: w.forgot }).click();
    await axeOn(browser, context, page.url());
    await page.getByRole('main').getByLabel(w.username).fill(email);
    await page.getByRole('button', { name: w.send }).click();
    await expect(page.getByRole('status')).toContainText(w.sent);
    const resetMail = await smtp.mailTo(email, 20_000, (m) => m !== mail);
    const resetLink = linkIn(resetMail, 'http://127.0.0.1:');
    expect(resetLink).toMatch(new RegExp(`/${language}/member/reset\\?token=`));
    await page.goto(resetLink);
    await axeOn(browser, context, page.url());
    await page.getByRole('main').getByLabel(w.newPassword, { exact: true }).fill('member password 3');
    await page.getByRole('main').getByLabel(w.again).fill('member password 3');
    await page.getByRole('button', { name: w.save }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/member/login\\?reset=1$`));
    await expect(page.getByRole('status')).toContainText(w.changed);
    await page.getByRole('main').getByLabel(w.username).fill(email);
    await page.getByRole('main').getByLabel(w.signInPassword, { exact: true }).fill('member password 3');
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/member$`));

    // The member's session opens nothing of the back office's API; a visitor's call answers as to a visitor.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const staffCall = await request.get('/api/webmemberdues/get/1', { headers: { cookie } });
    expect(staffCall.status()).toBe(403);
    const visitorCall = await request.get('/api/webnews/get/1', { headers: { cookie } });
    expect(visitorCall.status()).toBe((await request.get('/api/webnews/get/1')).status());
    await context.close();
  });

  test(`${language}: a form posted from elsewhere, without its token, is refused`, async ({ browser, request }) => {
    const context = await scriptFree(browser);
    const page = await context.newPage();
    await page.goto(`/${language}/member/login`);
    await axeOn(browser, context, page.url());
    // As another site's page would post it: no token, a foreign origin.
    const posted = await request.post(`/${language}/member/forms/login`, {
      form: { username: 'x@example.org', password: 'whatever password' },
      headers: { origin: 'https://elsewhere.example' },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
    expect(posted.headers().location).toBe(`/${language}/member/login?error=xsrf`);
    expect(posted.headers()['set-cookie'] ?? '').not.toContain('session-member=');
    await page.goto(`/${language}/member/login?error=xsrf`);
    await expect(page.getByRole('alert')).toContainText(w.xsrf);
    await context.close();
  });
}

test.describe('the second-factor policy with its members choice', () => {
  for (const language of ['tw', 'en'] as const) {
    const w = words[language];
    test(`${language}: a Member sets up an authenticator without JavaScript, then signs in with a code`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      // The policy is changed by an Admin who has a second factor, so the change can be undone.
      const headers = await adminHeaders(request, language);
      const manager = `policy-member-${language}-${Date.now()}`;
      expect(
        (
          await request.post('/api/account/add', {
            headers,
            data: { username: manager, displayName: manager, role: 1, password: 'manager password' },
          })
        ).status(),
      ).toBe(200);
      const managerHeaders = await adminHeaders(request, language, { username: manager, password: 'manager password' });
      const setup = await (await request.post('/api/account/totp/setup', { headers: managerHeaders })).json();
      expect(
        (
          await request.post('/api/account/totp/enable', {
            headers: managerHeaders,
            data: { code: appCode(setup.secret) },
          })
        ).status(),
      ).toBe(200);
      const member = await newMember(request, headers, language);
      const policy = (value: string | null) =>
        request.post('/api/websetting/webinfo', { headers: managerHeaders, data: { secondFactorPolicy: value } });
      expect((await policy('members')).status()).toBe(200);
      const context = await scriptFree(browser);
      try {
        const page = await context.newPage();
        await page.goto(`/${language}/member/login`);
        await page.getByRole('main').getByLabel(w.username).fill(member.email);
        await page.getByRole('main').getByLabel(w.signInPassword, { exact: true }).fill(member.password);
        await page.getByRole('button', { name: w.signIn, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/${language}/member$`));
        await expect(page.getByText(w.required)).toBeVisible();
        await page.getByRole('button', { name: w.setup }).click();
        const secret = (await page.locator('code').first().textContent())!.replace(/\s/g, '');
        await axeOn(browser, context, page.url());
        await page.getByRole('main').getByLabel(w.code).fill(appCode(secret));
        await page.getByRole('button', { name: w.enable }).click();
        await expect(page.getByText(w.codes)).toBeVisible();
        await expect(page.locator('ul code')).toHaveCount(10);
        await expect(page.getByText(w.on)).toBeVisible();
        await expect(page.getByText(w.required)).toBeHidden();
        await axeOn(browser, context, page.url());

        // Signed out and in again: the second step asks for a code.
        await page.getByRole('button', { name: w.signOut }).click();
        await page.getByRole('main').getByLabel(w.username).fill(member.email);
        await page.getByRole('main').getByLabel(w.signInPassword, { exact: true }).fill(member.password);
        await page.getByRole('button', { name: w.signIn, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/${language}/member/login/verify$`));
        await axeOn(browser, context, page.url());
        await page.getByRole('main').getByLabel(w.verifyCode, { exact: true }).fill('000000');
        await page.getByRole('button', { name: w.verify }).click();
        await expect(page.getByRole('alert')).toBeVisible();
        await page.getByRole('main').getByLabel(w.verifyCode, { exact: true }).fill(appCode(secret, 1));
        await page.getByRole('button', { name: w.verify }).click();
        await expect(page).toHaveURL(new RegExp(`/${language}/member$`));
        await expect(page.getByText(w.on)).toBeVisible();
      } finally {
        await context.close();
        await policy(null);
      }
    });
  }
});

const sessionWords = {
  tw: {
    page: '登入裝置',
    current: '目前這個瀏覽器',
    endOthers: '登出這個瀏覽器以外的所有登入',
    endedOthers: '已登出其他 1 個登入。',
  },
  en: {
    page: 'Sign-ins',
    current: 'This browser',
    endOthers: 'End every sign-in but this one',
    endedOthers: '1 other sign-in is ended.',
  },
} as const;

for (const language of ['tw', 'en'] as const) {
  const w = words[language];
  const s = sessionWords[language];
  test(`${language}: a Member ends their other sign-in on the sign-ins page, without JavaScript`, async ({
    browser,
    request,
  }) => {
    const member = await newMember(request, await adminHeaders(request, language), language);
    const signIn = async () => {
      const context = await scriptFree(browser);
      const page = await context.newPage();
      await page.goto(`/${language}/member/login`);
      await page.getByRole('main').getByLabel(w.username).fill(member.email);
      await page.getByRole('main').getByLabel(w.signInPassword, { exact: true }).fill(member.password);
      await page.getByRole('button', { name: w.signIn, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/member$`));
      return { context, page };
    };
    const here = await signIn();
    const elsewhere = await signIn();
    await here.page.getByRole('link', { name: s.page }).click();
    await expect(here.page.getByRole('heading', { level: 1, name: s.page })).toBeVisible();
    const rows = here.page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(here.page.getByRole('cell', { name: s.current, exact: true })).toHaveCount(1);
    await axeOn(browser, here.context, here.page.url());
    await here.page.getByRole('button', { name: s.endOthers }).click();
    await expect(here.page.getByRole('status')).toContainText(s.endedOthers);
    await expect(rows).toHaveCount(2);
    // The other browser is signed out at once.
    await elsewhere.page.goto(`/${language}/member/sessions`);
    await expect(elsewhere.page).toHaveURL(new RegExp(`/${language}/member/login$`));
    await here.context.close();
    await elsewhere.context.close();
  });
}

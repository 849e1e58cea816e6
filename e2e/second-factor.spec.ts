import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TOTP } from 'otpauth';
import { adminHeaders, expectNoAxeViolations, nextTestAddress } from './helpers';

/**
 * A second factor from end to end, in both languages: a User sets up an authenticator on the
 * Account security screen (the code computed here, as an app would), signs out, and signs in with
 * the password and a code, then with a recovery code.
 */
const words = {
  tw: {
    username: '帳號',
    password: '密碼',
    signIn: '登入',
    signOut: '登出',
    security: '帳號安全',
    start: '設定驗證器 App',
    code: '6 位數驗證碼',
    enable: '啟用',
    codesHeading: '您的備用碼',
    done: '我已保存',
    on: '已啟用',
    secondTitle: '兩步驟驗證',
    secondCode: 'App 驗證碼或備用碼',
    verify: '驗證',
    dashboard: '儀表板',
  },
  en: {
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    signOut: 'Sign out',
    security: 'Account security',
    start: 'Set up an authenticator app',
    code: 'Six-digit code',
    enable: 'Turn on',
    codesHeading: 'Your recovery codes',
    done: 'I have kept them',
    on: 'On:',
    secondTitle: 'Two-step verification',
    secondCode: 'Code from the app, or a recovery code',
    verify: 'Verify',
    dashboard: 'Dashboard',
  },
} as const;

type Language = keyof typeof words;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

/** The code an authenticator app shows `ahead` steps from now. */
const appCode = (secret: string, ahead = 0) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

async function createUser(request: APIRequestContext, language: Language) {
  const username = `second${language}${Date.now()}`;
  const password = 'user-password-2fa';
  const response = await request.post('/api/account/add', {
    headers: await adminHeaders(request),
    data: { username, displayName: `Second ${language}`, role: 0, password },
  });
  expect(response.status()).toBe(200);
  return { username, password };
}

async function passwordStep(page: Page, language: Language, user: { username: string; password: string }) {
  const w = words[language];
  await page.goto(`/${language}-login`);
  await page.getByLabel(w.username).fill(user.username);
  await page.getByLabel(w.password).fill(user.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: w.secondTitle })).toBeVisible();
  // The code box has the focus: the keyboard goes straight on.
  await expect(page.getByLabel(w.secondCode)).toBeFocused();
  await expect(page.getByLabel(w.secondCode)).toHaveAttribute('autocomplete', 'one-time-code');
}

async function signOut(page: Page, language: Language) {
  await page.getByRole('button', { name: words[language].signOut }).click();
  await expect(page).toHaveURL(new RegExp(`/${language}-login$`));
  await expect(page.getByLabel(words[language].username)).toBeVisible();
}

for (const language of ['tw', 'en'] as const) {
  test(`sets up an authenticator and signs in with a code, then a recovery code (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const w = words[language];
    const user = await createUser(request, language);

    // Password only, as before: straight to the dashboard.
    await page.goto(`/${language}-login`);
    await page.getByLabel(w.username).fill(user.username);
    await page.getByLabel(w.password).fill(user.password);
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}-admin$`));

    // The header leads every account to its security screen.
    await page.getByRole('link', { name: w.security }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}-admin/security$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.security);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: w.start }).click();
    await expect(page.locator('.security-qr svg')).toBeVisible();
    const grouped = await page.locator('.security-secret').innerText();
    expect(grouped).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const secret = grouped.replace(/\s/g, '');
    await expectNoAxeViolations(page);

    await page.getByLabel(w.code).fill(appCode(secret));
    await page.getByRole('button', { name: w.enable, exact: true }).click();
    await expect(page.getByRole('heading', { name: w.codesHeading })).toBeFocused();
    const codes = await page.locator('.security-code-list code').allInnerTexts();
    expect(codes).toHaveLength(10);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: w.done }).click();
    await expect(page.locator('.security-state')).toContainText(w.on);

    // Password and a code; the enrolment took this step's code, so the app's next one is used.
    await signOut(page, language);
    await passwordStep(page, language, user);
    await expectNoAxeViolations(page);
    await page.keyboard.type(appCode(secret, 1));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${language}-admin$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.dashboard);

    // Password and a recovery code; the same code a second time is refused.
    await signOut(page, language);
    await passwordStep(page, language, user);
    await page.keyboard.type(codes[0]);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${language}-admin$`));
    // Signed in: the dashboard shown before the next sign-out (the sign-in's navigation has ended).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.dashboard);
    await signOut(page, language);
    await passwordStep(page, language, user);
    await page.keyboard.type(codes[0]);
    await page.getByRole('button', { name: w.verify }).click();
    await expect(page.locator('#login-code-problem')).not.toBeEmpty();
    await expect(page).toHaveURL(new RegExp(`/${language}-login$`));
  });
}

test('the API answers a second factor with a ticket and no token', async ({ request }) => {
  const user = await createUser(request, 'en');
  const signIn = async () =>
    (
      await request.post('/api/account/login', {
        data: user,
        headers: { 'x-forwarded-for': nextTestAddress() },
      })
    ).json();
  const first = await signIn();
  expect(Object.keys(first).sort()).toEqual(['locked', 'token']);
  const headers = {
    authorization: `Bearer ${first.token}`,
    'x-xsrf-token': 'second-factor-xsrf',
    cookie: 'XSRF-TOKEN=second-factor-xsrf',
  };
  const setup = await (await request.post('/api/account/totp/setup', { headers })).json();
  expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  const enable = await request.post('/api/account/totp/enable', { headers, data: { code: appCode(setup.secret) } });
  expect((await enable.json()).recoveryCodes).toHaveLength(10);
  const second = await signIn();
  expect(second).toEqual({
    token: null,
    locked: false,
    secondFactor: { ticket: expect.any(String), methods: ['totp', 'recovery'] },
  });
  const done = await request.post('/api/account/login2', {
    data: { ticket: second.secondFactor.ticket, code: appCode(setup.secret, 1) },
    headers: { 'x-forwarded-for': nextTestAddress() },
  });
  expect(await done.json()).toEqual({ token: expect.any(String), locked: false });
});

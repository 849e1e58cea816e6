import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { needsHostName, runSession, sessionsOf } from './doc-sessions';
import { adminHeaders, expectNoAxeViolations, nextTestAddress } from './helpers';
import { passkeyServer, virtualAuthenticator } from './passkey-server';

/**
 * Passkeys from end to end, in both languages, with Chromium's virtual authenticator: a User adds a
 * passkey on the Account security screen, signs in with it alone, then with the password and the
 * passkey as the second step, and removes it with the password, on a server of its own whose
 * SITE_URL has a host name (e2e/passkey-server.ts).
 */

const words = {
  tw: {
    username: '帳號',
    password: '密碼',
    signIn: '登入',
    security: '帳號安全',
    passkeyName: '通行金鑰名稱（例如所在裝置）',
    add: '新增通行金鑰',
    added: '已新增通行金鑰。',
    codesHeading: '您的備用碼',
    done: '我已保存',
    neverUsed: '尚未使用',
    passkey: '使用通行金鑰登入',
    secondTitle: '兩步驟驗證',
    secondPasskey: '使用通行金鑰',
    remove: (name: string) => `移除通行金鑰「${name}」`,
    removeSubmit: '移除',
    removed: '已移除通行金鑰。',
    none: '尚未新增通行金鑰。',
    dashboard: '儀表板',
  },
  en: {
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    security: 'Account security',
    passkeyName: 'Passkey name (such as the device it is on)',
    add: 'Add a passkey',
    added: 'The passkey is added.',
    codesHeading: 'Your recovery codes',
    done: 'I have kept them',
    neverUsed: 'Never',
    passkey: 'Sign in with a passkey',
    secondTitle: 'Two-step verification',
    secondPasskey: 'Use a passkey',
    remove: (name: string) => `Remove the passkey “${name}”`,
    removeSubmit: 'Remove',
    removed: 'The passkey is removed.',
    none: 'No passkeys yet.',
    dashboard: 'Dashboard',
  },
} as const;

type Language = keyof typeof words;

test.describe('passkeys', () => {
  test.describe.configure({ timeout: 180_000 });
  const { base } = passkeyServer(7, 'passkeys');

  /**
   * Leaves the session for the sign-in page. Not by the header's button: its sign-out may end with a
   * full load of the sign-in page a moment after the address changed, which would drop what is
   * typed meanwhile; here the stored token is dropped and the page opened afresh.
   */
  async function signOut(page: Page, language: Language) {
    await page.evaluate(() => window.localStorage.removeItem('Authorization'));
    await page.goto(`/${language}-login`);
    await signInPageReady(page, language);
  }

  /**
   * The header's link to Account security. A click while the dashboard is still settling after the
   * sign-in may be lost; clicking again is what a person would do.
   */
  async function openSecurity(page: Page, language: Language) {
    await expect(async () => {
      await page.getByRole('link', { name: words[language].security }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}-admin/security$`), { timeout: 3000 });
    }).toPass({ timeout: 20_000 });
  }

  /**
   * The sign-in page has hydrated: its passkey button appears only in the browser. Typed before that,
   * Enter would post the form natively, to the page itself, which comes back empty.
   */
  async function signInPageReady(page: Page, language: Language) {
    await expect(page).toHaveURL(new RegExp(`/${language}-login$`));
    await expect(page.getByRole('button', { name: words[language].passkey })).toBeVisible();
  }

  for (const language of ['tw', 'en'] as const) {
    test(`adds a passkey, signs in with it alone and as the second step, and removes it (${language})`, async ({
      page,
      request,
    }) => {
      const w = words[language];
      const username = `passkey${language}${Date.now()}`;
      const password = 'user-password-passkey';
      const created = await request.post('/api/account/add', {
        headers: await adminHeaders(request),
        data: { username, displayName: `Passkey ${language}`, role: 0, password },
      });
      expect(created.status()).toBe(200);
      await virtualAuthenticator(page);

      await page.goto(`/${language}-login`);
      await signInPageReady(page, language);
      await page.getByLabel(w.username).fill(username);
      await page.getByLabel(w.password).fill(password);
      await page.getByRole('button', { name: w.signIn, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}-admin$`));

      await openSecurity(page, language);
      await expect(page.getByText(w.none)).toBeVisible();
      await expectNoAxeViolations(page);

      // By keyboard: the name, then Enter starts the browser's ceremony.
      await page.getByLabel(w.passkeyName).fill('Laptop');
      await page.getByLabel(w.passkeyName).press('Enter');
      await expect(page.getByRole('heading', { name: w.codesHeading })).toBeFocused();
      await expect(page.locator('.security-code-list code')).toHaveCount(10);
      await expect(page.locator('.admin-toasts-success').getByText(w.added)).toBeVisible();
      const row = page.locator('.security-passkeys tbody tr');
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('rowheader')).toHaveText('Laptop');
      await expect(row.getByRole('cell').nth(1)).toHaveText(w.neverUsed);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: w.done }).click();

      // The passkey alone, from the sign-in page.
      await signOut(page, language);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: w.passkey }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${language}-admin$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.dashboard);

      // The password, then the passkey as the second step.
      await signOut(page, language);
      await page.getByLabel(w.username).fill(username);
      await page.getByLabel(w.password).fill(password);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: w.secondTitle })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: w.secondPasskey }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}-admin$`));

      // Removing it asks for the password; then the password alone signs in again.
      await openSecurity(page, language);
      await expect(row.getByRole('cell').nth(1)).not.toHaveText(w.neverUsed);
      await page.getByRole('button', { name: w.remove('Laptop') }).click();
      await expect(page.locator('#security-passkey-remove-password')).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.type(password);
      await page.keyboard.press('Enter');
      await expect(page.locator('.admin-toasts-success').getByText(w.removed)).toBeVisible();
      await expect(page.getByText(w.none)).toBeVisible();
      await signOut(page, language);
      await page.getByLabel(w.username).fill(username);
      await page.getByLabel(w.password).fill(password);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${language}-admin$`));
    });
  }

  test('the passkey session of docs/api.md runs as written', async () => {
    const sessions = sessionsOf('docs/api.md').filter(needsHostName);
    expect(sessions).toHaveLength(1);
    const { code, stdout, stderr } = await runSession(sessions[0], base);
    expect({ code, stderr }, stdout).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('{"name":"Laptop","recoveryCodes":10}');
  });

  test('the API: the sign-in answer offers the passkey, and an unknown one is a wrong password', async ({
    request,
  }) => {
    const options = await request.post('/api/account/passkey/loginoptions', {
      data: {},
      headers: { 'x-forwarded-for': nextTestAddress() },
    });
    expect(options.status()).toBe(200);
    const { challenge, rpId } = await options.json();
    expect(rpId).toBe('localhost');
    const made = await request.post('/api/account/passkey/login', {
      data: {
        response: {
          id: 'bm90LWEtcGFzc2tleQ',
          rawId: 'bm90LWEtcGFzc2tleQ',
          type: 'public-key',
          clientExtensionResults: {},
          response: { clientDataJSON: challenge, authenticatorData: '', signature: '' },
        },
      },
      headers: { 'x-forwarded-for': nextTestAddress(), 'web-language': 'en' },
    });
    expect(await made.json()).toEqual({
      token: null,
      locked: false,
      message: 'The username or password is incorrect.',
    });
  });
});

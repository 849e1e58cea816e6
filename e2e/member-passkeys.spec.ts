import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, memberOfNewInstitution, nextTestAddress } from './helpers';
import { passkeyServer, virtualAuthenticator } from './passkey-server';

/**
 * A Member's passkeys in the member area, in both languages, with Chromium's virtual authenticator
 * (on a server whose SITE_URL has a host name: e2e/passkey-server.ts): the Member adds one on the
 * member page (its first second factor, so the recovery codes show), signs out, signs in with it
 * alone from the member sign-in page, then with the password and it as the second step, and removes
 * it without JavaScript, with the password. Axe on the member page, the sign-in page and the second
 * step's page.
 */
const words = {
  tw: {
    username: '電子郵件地址',
    password: '密碼',
    signIn: '登入',
    area: '會員專區',
    signOut: '登出',
    none: '尚未新增通行金鑰。',
    passkeyName: '通行金鑰名稱（例如所在裝置）',
    add: '新增通行金鑰',
    added: '已新增通行金鑰。',
    codes: '您的備用碼',
    neverUsed: '尚未使用',
    passkey: '使用通行金鑰登入',
    verify: '以通行金鑰驗證',
    needsScript: '新增通行金鑰需要 JavaScript',
    yourPassword: '您的密碼',
    remove: (name: string) => `移除通行金鑰「${name}」`,
    wrongPassword: '密碼錯誤。',
    removed: '已移除通行金鑰。',
  },
  en: {
    username: 'E-mail address',
    password: 'Password',
    signIn: 'Sign in',
    area: 'Member area',
    signOut: 'Sign out',
    none: 'No passkeys yet.',
    passkeyName: 'Passkey name (such as the device it is on)',
    add: 'Add a passkey',
    added: 'The passkey is added.',
    codes: 'Your recovery codes',
    neverUsed: 'Never',
    passkey: 'Sign in with a passkey',
    verify: 'Verify with a passkey',
    needsScript: 'Adding a passkey needs JavaScript',
    yourPassword: 'Your password',
    remove: (name: string) => `Remove the passkey “${name}”`,
    wrongPassword: 'The password is wrong.',
    removed: 'The passkey is removed.',
  },
} as const;

const PASSWORD = 'member passkey password';

/** The member sign-in page once its passkey button has hydrated (it is there only with script). */
async function signInPage(page: Page, language: 'tw' | 'en') {
  await page.goto(`/${language}/member/login`);
  await expect(page.getByRole('button', { name: words[language].passkey })).toBeVisible();
}

test.describe('member passkeys', () => {
  test.describe.configure({ timeout: 180_000 });
  passkeyServer(8, 'member_passkeys');

  for (const language of ['tw', 'en'] as const) {
    const w = words[language];
    test(`${language}: a Member adds a passkey, signs in with it alone and as the second step, and removes it without JavaScript`, async ({
      page,
      request,
      browser,
    }) => {
      const { email } = await memberOfNewInstitution(request, language, 'Passkey', PASSWORD);
      await virtualAuthenticator(page);

      await signInPage(page, language);
      await expectNoAxeViolations(page);
      const main = page.getByRole('main');
      await main.getByLabel(w.username).fill(email);
      await main.getByLabel(w.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: w.signIn, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/member$`));
      await expect(page.getByText(w.none)).toBeVisible();
      await expectNoAxeViolations(page);

      // The name, then the browser's ceremony; the form posts its answer and the page comes back.
      await page.getByLabel(w.passkeyName).fill('Laptop');
      await page.getByRole('button', { name: w.add }).click();
      await expect(page.getByText(w.added)).toBeVisible();
      await expect(page.getByText(w.codes)).toBeVisible();
      const row = page.locator('.member-passkeys tbody tr');
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('rowheader')).toHaveText('Laptop');
      await expect(row.getByRole('cell').nth(1)).toHaveText(w.neverUsed);
      await expectNoAxeViolations(page);

      // Signed out, then in with the passkey alone.
      await page.getByRole('button', { name: w.signOut }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/member/login\\?signedOut=1$`));
      await expect(page.getByRole('button', { name: w.passkey })).toBeVisible();
      await page.getByRole('button', { name: w.passkey }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/member$`));
      await expect(row.getByRole('cell').nth(1)).not.toHaveText(w.neverUsed);

      // The password, then the passkey as its second step.
      await page.getByRole('button', { name: w.signOut }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/member/login\\?signedOut=1$`));
      await main.getByLabel(w.username).fill(email);
      await main.getByLabel(w.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: w.signIn, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/member/login/verify$`));
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: w.verify }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/member$`));

      // Without JavaScript: no add button, and the removal asks for the password.
      const scriptFree = await browser.newContext({
        javaScriptEnabled: false,
        storageState: await page.context().storageState(),
        extraHTTPHeaders: { 'x-forwarded-for': nextTestAddress() },
      });
      const plain = await scriptFree.newPage();
      await plain.goto(`/${language}/member`);
      await expect(plain.getByText(w.needsScript)).toBeVisible();
      await expect(plain.getByRole('button', { name: w.add })).toHaveCount(0);
      const plainRow = plain.locator('.member-passkeys tbody tr');
      await plainRow.getByLabel(w.yourPassword).fill('not the password');
      await plainRow.getByRole('button', { name: w.remove('Laptop') }).click();
      await expect(plain.getByRole('alert')).toContainText(w.wrongPassword);
      await expect(plainRow).toHaveCount(1);
      await plainRow.getByLabel(w.yourPassword).fill(PASSWORD);
      await plainRow.getByRole('button', { name: w.remove('Laptop') }).click();
      await expect(plain.getByText(w.removed)).toBeVisible();
      await expect(plain.getByText(w.none)).toBeVisible();
      await scriptFree.close();
    });
  }
});

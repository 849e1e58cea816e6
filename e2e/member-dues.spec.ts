import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { specSmtpServer } from './smtp';
import { linkIn } from '../test/helpers/smtp';
import { adminHeaders, expectNoAxeViolations, expectToast, nextTestAddress, signInTo } from './helpers';

/**
 * The member area's dues and colleagues without JavaScript, in both languages: staff record an
 * institution's dues, its key contact sees each year paid, due or overdue and prints a paid year's
 * receipt (an unpaid year's is the 404), then invites a colleague, who takes up the mailed link, and
 * removes them again; on the back office's institution form, an Admin sees its accounts and
 * resends and revokes an invitation. Axe on every screen.
 */
const smtp = specSmtpServer();

const words = {
  tw: {
    username: '電子郵件地址',
    password: '密碼',
    signIn: '登入',
    dues: '年費',
    paid: '已繳',
    due: '待繳',
    overdue: '逾期',
    receipt: '2024 年度收據',
    receiptHeading: '會費收據',
    print: '請以瀏覽器的列印功能',
    colleagues: '同仁帳號',
    name: '姓名',
    email: '電子郵件',
    invite: '寄出邀請',
    invited: '邀請信已寄出',
    remove: '移除 ',
    removed: '帳號已移除',
  },
  en: {
    username: 'E-mail address',
    password: 'Password',
    signIn: 'Sign in',
    dues: 'Dues',
    paid: 'Paid',
    due: 'Due',
    overdue: 'Overdue',
    receipt: 'Receipt for 2024',
    receiptHeading: 'Receipt of membership dues',
    print: "use your browser's print command",
    colleagues: 'Colleagues',
    name: 'Name',
    email: 'E-mail address',
    invite: 'Send the invitation',
    invited: 'The invitation is on its way',
    remove: 'Remove ',
    removed: 'The account is removed',
  },
} as const;

/** Takes up the invitation mailed to `email` through the API, with `password`. */
async function takeUp(request: APIRequestContext, email: string, password: string) {
  const mail = await smtp.mailTo(email);
  const token = new URL(linkIn(mail, 'http://127.0.0.1:')).searchParams.get('token');
  const welcome = await request.post('/api/member/welcome', {
    data: { token, password },
    headers: { 'x-forwarded-for': nextTestAddress() },
  });
  expect(welcome.status()).toBe(200);
}

/** Axe on the address a script-free browser shows, opened with script and the same cookies. */
async function axeOn(browser: Browser, from: BrowserContext, url: string) {
  const context = await browser.newContext({ storageState: await from.storageState() });
  const page = await context.newPage();
  await page.goto(url);
  await expectNoAxeViolations(page);
  await context.close();
}

for (const language of ['tw', 'en'] as const) {
  const w = words[language];
  test(`${language}: dues with their state, a printable receipt, a colleague invited and removed, without JavaScript`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const headers = await adminHeaders(request, language);
    const added = await request.post('/api/webmemberdept/add', {
      headers,
      data: { name: `Dues Test ${language} ${Date.now()}`, category: 1 },
    });
    expect(added.status()).toBe(200);
    const institution = (await added.json()) as { id: number; name: string };
    for (const dues of [
      { year: 2024, amount: 12000, dueOn: '2024-03-31', paidOn: '2024-03-02', receiptNo: `R-${language}-2024` },
      { year: 2025, amount: 12000, dueOn: '2025-03-31' },
      { year: 2099, amount: 15000, dueOn: '2099-03-31' },
    ]) {
      const row = await request.post('/api/webmemberdues/add', {
        headers,
        data: { memberId: institution.id, ...dues },
      });
      expect(row.status()).toBe(200);
    }
    const email = `key-${language}-${Date.now()}@example.org`;
    const password = 'member password 1';
    const invited = await request.post('/api/member/invite', {
      headers,
      data: { memberId: institution.id, email, name: 'Chen Mei', keyContact: true },
    });
    expect(invited.status()).toBe(200);
    await takeUp(request, email, password);

    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-forwarded-for': nextTestAddress() },
    });
    const page = await context.newPage();
    await page.goto(`/${language}/member/login`);
    await page.getByRole('main').getByLabel(w.username).fill(email);
    await page.getByRole('main').getByLabel(w.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/member$`));

    // Dues: each year with its state; only the paid year has a receipt.
    await page.getByRole('link', { name: w.dues, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.dues })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /2099/ })).toContainText(w.due);
    await expect(table.getByRole('row', { name: /2025/ })).toContainText(w.overdue);
    await expect(table.getByRole('row', { name: /2024/ })).toContainText(w.paid);
    await expect(table.getByRole('link')).toHaveCount(1);
    await axeOn(browser, context, page.url());
    await table.getByRole('link', { name: w.receipt }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/member/dues/2024$`));
    await expect(page.getByRole('heading', { level: 2, name: w.receiptHeading })).toBeVisible();
    await expect(page.getByText(`R-${language}-2024`)).toBeVisible();
    await expect(page.getByText(institution.name)).toBeVisible();
    await axeOn(browser, context, page.url());
    // On paper: the receipt alone, without the hint and the site's navigation.
    await expect(page.getByText(w.print)).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByText(w.print)).toBeHidden();
    await expect(page.getByText(`R-${language}-2024`)).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    expect((await page.goto(`/${language}/member/dues/2025`))?.status()).toBe(404);
    // A year with no dues at all: the same 404.
    expect((await page.goto(`/${language}/member/dues/1999`))?.status()).toBe(404);

    // Colleagues: invite one, who takes up the link; then remove them.
    await page.goto(`/${language}/member/colleagues`);
    await expect(page.getByRole('heading', { level: 1, name: w.colleagues })).toBeVisible();
    await axeOn(browser, context, page.url());
    const colleague = `colleague-${language}-${Date.now()}@example.org`;
    await page.getByRole('main').getByLabel(w.name, { exact: true }).fill('Lin Wei');
    await page.getByRole('main').getByLabel(w.email, { exact: true }).fill(colleague);
    await page.getByRole('button', { name: w.invite }).click();
    await expect(page.getByRole('status')).toContainText(w.invited);
    await expect(page.getByText(colleague)).toBeVisible();
    await axeOn(browser, context, page.url());
    await takeUp(request, colleague, 'colleague password 1');
    await page.goto(`/${language}/member/colleagues`);
    const row = page.getByRole('row', { name: /Lin Wei/ });
    await expect(row).toContainText(colleague);
    await row.getByRole('button', { name: `${w.remove}Lin Wei` }).click();
    await expect(page.getByRole('status')).toContainText(w.removed);
    await expect(page.getByRole('row', { name: /Lin Wei/ })).toHaveCount(0);
    await axeOn(browser, context, page.url());
    await context.close();
  });
}

const staffWords = {
  tw: {
    heading: '會員帳號',
    never: '尚未登入',
    resend: '重寄給',
    resent: '已重新寄出邀請',
    revoke: '撤銷',
    revoked: '的邀請已撤銷',
    auditLink: '本機構的稽核紀錄',
    institution: '會員機構',
    invited: '邀請會員',
  },
  en: {
    heading: 'Member accounts',
    never: 'Never',
    resend: 'Resend to',
    resent: 'A new invitation is on its way',
    revoke: 'Revoke for',
    revoked: 'no longer works',
    auditLink: 'This institution in the audit log',
    institution: 'Member institution',
    invited: 'Member invited',
  },
} as const;

for (const language of ['tw', 'en'] as const) {
  const w = staffWords[language];
  test(`${language}: 會員帳號 on an institution's form: its accounts, an invitation resent and revoked`, async ({
    page,
    request,
  }) => {
    const headers = await adminHeaders(request, language);
    const added = await request.post('/api/webmemberdept/add', {
      headers,
      data: { name: `Staff Test ${language} ${Date.now()}`, category: 1 },
    });
    const institution = (await added.json()) as { id: number };
    const member = `staff-view-${language}-${Date.now()}@example.org`;
    const pending = `staff-pending-${language}-${Date.now()}@example.org`;
    for (const email of [member, pending]) {
      const invited = await request.post('/api/member/invite', {
        headers,
        data: { memberId: institution.id, email, name: email === member ? 'Chen Mei' : 'Lin Wei' },
      });
      expect(invited.status()).toBe(200);
    }
    await takeUp(request, member, 'member password 1');
    await signInTo(page, `/${language}-admin/webmemberdept/${institution.id}`, language);
    const panel = page.getByRole('region', { name: w.heading });
    await expect(panel.getByRole('row', { name: /Chen Mei/ })).toContainText(w.never);
    await expect(panel.getByRole('row', { name: /Lin Wei/ })).toContainText(pending);
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: `${w.resend} ${pending}` }).click();
    await expectToast(page, w.resent);
    await panel.getByRole('button', { name: new RegExp(`${w.revoke}.*${pending.replace(/[.]/g, '\\.')}`) }).click();
    await expectToast(page, w.revoked);
    await expect(panel.getByRole('row', { name: /Lin Wei/ })).toHaveCount(0);

    // The audit log, filtered to this institution: its invitations and their revocation, nothing of others.
    await panel.getByRole('link', { name: w.auditLink }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}-admin/audit\\?memberId=${institution.id}$`));
    await expect(page.getByLabel(w.institution)).toHaveValue(String(institution.id));
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: w.invited })).toHaveCount(3);
    await expectNoAxeViolations(page);
  });
}

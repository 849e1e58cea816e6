import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, memberOfNewInstitution, nextTestAddress } from './helpers';
import { PNG } from '../test/helpers/uploads';

/**
 * A Member keeps their institution's entry current from 會員專區 without JavaScript: a change to the
 * form's fields (and a new logo) waits for an Admin; the public directory keeps the old values until
 * it is approved; a rejection's comment shows on the member page, whose newsletter form alone offers
 * the bulletins for members only. A signed-in Member's activity sign-up starts filled in. Axe on each
 * screen, in both languages.
 */

const words = {
  tw: {
    username: '電子郵件地址',
    password: '密碼',
    signIn: '登入',
    entry: '本機構資料',
    phone: '電話',
    website: '網站',
    logo: '新標誌',
    send: '送出審核',
    sent: '修改已送出',
    waiting: '等待本會審核',
    rejected: '未獲通過',
    check: '請檢查「網站」',
    newsletter: '以會員信箱訂閱電子報',
    memberBulletins: '會員限定公告',
  },
  en: {
    username: 'E-mail address',
    password: 'Password',
    signIn: 'Sign in',
    entry: "Your institution's entry",
    phone: 'Phone',
    website: 'Website',
    logo: 'New logo',
    send: 'Send for approval',
    sent: 'Your change is sent',
    waiting: "awaiting the association's approval",
    rejected: 'was not approved',
    check: 'Please check “Website”',
    newsletter: 'Subscribe with your member address',
    memberBulletins: 'Bulletins for members only',
  },
} as const;

const PASSWORD = 'member entry password';

/** Signs in at the member area's own form, in a browser without JavaScript. */
async function signedInWithoutScript(browser: Browser, language: 'tw' | 'en', email: string) {
  const w = words[language];
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-forwarded-for': nextTestAddress() },
  });
  const page = await context.newPage();
  await page.goto(`/${language}/member/login`);
  await page.getByRole('main').getByLabel(w.username).fill(email);
  await page.getByRole('main').getByLabel(w.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: w.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${language}/member$`));
  return { context, page };
}

/** Axe on the address a script-free browser shows, in a browser with script and the same cookies. */
async function axeOn(browser: Browser, from: BrowserContext, url: string) {
  const context = await browser.newContext({ storageState: await from.storageState() });
  const page = await context.newPage();
  await page.goto(url);
  await expectNoAxeViolations(page);
  await context.close();
}

const publicEntry = async (request: APIRequestContext, language: 'tw' | 'en', id: number) =>
  (await request.get(`/api/webmemberdept/get/${id}`, { headers: { 'web-language': language } })).json();

for (const language of ['tw', 'en'] as const) {
  const w = words[language];
  test(`${language}: a Member's change waits for approval, then reaches the directory; a rejection shows its comment`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { headers, institution, email } = await memberOfNewInstitution(request, language, 'Entry', PASSWORD);
    const { context, page } = await signedInWithoutScript(browser, language, email);
    const form = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 2, name: w.entry })).toBeVisible();
    await expect(page.getByRole('link', { name: institution.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: w.newsletter })).toBeVisible();
    await expect(page.locator('#newsletter-page-email')).toHaveValue(email);
    // Bulletins for members only: offered by the member area's form alone, not the footer's.
    await expect(page.locator('#newsletter-form').getByRole('checkbox', { name: w.memberBulletins })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: w.memberBulletins })).toHaveCount(1);
    await axeOn(browser, context, page.url());

    // A refusal comes back to the form, naming the field.
    await form.getByLabel(w.website).fill('not an address');
    await page.getByRole('button', { name: w.send }).click();
    await expect(page.getByRole('alert')).toContainText(w.check);
    await expect(form.getByLabel(w.website)).toHaveAttribute('aria-invalid', 'true');
    await axeOn(browser, context, page.url());

    await form.getByLabel(w.website).fill('https://example.org/entry');
    await form.getByLabel(w.phone, { exact: true }).fill('02-2222-0000');
    await form.getByLabel(w.logo).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: w.send }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/member\\?entry=sent$`));
    await expect(page.getByRole('status')).toContainText(w.sent);
    await expect(page.locator('#member-entry-pending')).toContainText(w.waiting);
    await expect(form.getByLabel(w.phone, { exact: true })).toHaveValue('02-2222-0000');
    await axeOn(browser, context, page.url());

    // The directory is unchanged until an Admin approves.
    expect((await publicEntry(request, language, institution.id)).phone).toBe('02-1111-0000');
    const pending = await (await request.post(`/api/webmemberdept/pending/${institution.id}`, { headers })).json();
    expect(pending.diff.map((change: { field: string }) => change.field).sort()).toEqual(['logo', 'phone', 'website']);
    expect((await request.post(`/api/webmemberdept/approve/${institution.id}`, { headers, data: {} })).status()).toBe(
      200,
    );
    const approved = await publicEntry(request, language, institution.id);
    expect(approved).toMatchObject({ phone: '02-2222-0000', website: 'https://example.org/entry' });
    expect(approved.logo).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    await expect(page.locator('#member-entry-pending')).toHaveCount(0);

    // A rejection: the directory keeps the approved phone, and the member page shows the comment.
    await form.getByLabel(w.phone, { exact: true }).fill('02-3333-0000');
    await page.getByRole('button', { name: w.send }).click();
    await expect(page.locator('#member-entry-pending')).toBeVisible();
    const comment = language === 'tw' ? '請提供新電話的證明文件' : 'Please send proof of the new number';
    expect(
      (await request.post(`/api/webmemberdept/reject/${institution.id}`, { headers, data: { comment } })).status(),
    ).toBe(200);
    await page.goto(`/${language}/member`);
    await expect(page.locator('#member-entry-rejected')).toContainText(w.rejected);
    await expect(page.locator('#member-entry-rejected')).toContainText(comment);
    expect((await publicEntry(request, language, institution.id)).phone).toBe('02-2222-0000');
    await axeOn(browser, context, page.url());
    await context.close();
  });

  test(`${language}: a signed-in Member's activity sign-up starts filled in`, async ({ browser, request }) => {
    const { headers, institution, email } = await memberOfNewInstitution(request, language, 'Entry', PASSWORD);
    const type = await request.post('/api/webactivitytype/add', { headers, data: { name: `Type ${Date.now()}` } });
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const activity = await request.post('/api/webactivity/add', {
      headers,
      data: {
        typeId: (await type.json()).id,
        title: language === 'tw' ? '會員預填測試' : 'Member prefill seminar',
        startAt: `${start}T09:30:00`,
        registrationEnabled: true,
        capacity: 20,
        askFields: 'organization*,memberType',
      },
    });
    expect(activity.status()).toBe(200);
    const id = (await activity.json()).id;
    const { context, page } = await signedInWithoutScript(browser, language, email);
    await page.goto(`/${language}/activities/${id}/register`);
    const form = page.getByRole('main');
    await expect(form.locator('#signup-name')).toHaveValue('Lin Wei');
    await expect(form.locator('#signup-email')).toHaveValue(email);
    await expect(form.locator('#signup-organization')).toHaveValue(institution.name);
    await expect(form.locator('#signup-memberType')).toHaveValue('member');
    await axeOn(browser, context, page.url());
    await context.close();
    // A visitor's form starts empty.
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const blank = await visitor.newPage();
    await blank.goto(`/${language}/activities/${id}/register`);
    await expect(blank.locator('#signup-email')).toHaveValue('');
    await visitor.close();
  });
}

import { expect, test } from './fixtures';
import { specSmtpServer } from './smtp';
import { linkIn } from '../test/helpers/smtp';
import {
  expectNoAxeViolations,
  expectToast,
  memberOfNewInstitution,
  nextTestAddress,
  signInWithToken,
} from './helpers';

/**
 * The newsletter without JavaScript, in both languages: the footer's form on a public page, the
 * confirmation mail at a real SMTP listener, the confirm page's button, the manage page (topics,
 * language, unsubscribe), the unsubscribe link's page with one button; axe on each page.
 */
const smtp = specSmtpServer();

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

const words = {
  tw: {
    footer: '電子報',
    email: '電子郵件地址',
    news: '最新消息',
    bulletins: '公告',
    subscribe: '訂閱',
    pending: '請查看您的信箱',
    confirm: '確認訂閱',
    confirmed: '訂閱已確認',
    save: '儲存',
    saved: '已儲存您的選擇',
    unsubscribe: '取消訂閱',
    unsubscribed: '已取消訂閱',
    problem: '請輸入正確的電子郵件地址',
    memberBulletins: '會員限定公告',
  },
  en: {
    footer: 'Newsletter',
    email: 'E-mail address',
    news: 'News',
    bulletins: 'Bulletins',
    subscribe: 'Subscribe',
    pending: 'Check your inbox',
    confirm: 'Confirm my subscription',
    confirmed: 'your subscription is confirmed',
    save: 'Save',
    saved: 'Your choices are saved',
    unsubscribe: 'Unsubscribe',
    unsubscribed: 'You are unsubscribed',
    problem: 'Enter a valid e-mail address',
    memberBulletins: 'Bulletins for members only',
  },
} as const;

type Page = import('@playwright/test').Page;

/** Axe needs script: the script-free runs skip it, the run with script checks every page of the way. */
const checkAxe = async (page: Page, axe: boolean) => {
  if (axe) await expectNoAxeViolations(page);
};

/** Sign-up from the footer, the mailed link, confirmation, the manage page, the unsubscribe link's page. */
async function expectWholeWay(page: Page, language: 'tw' | 'en', axe: boolean) {
  const w = words[language];
  const address = `reader-${language}-${Date.now()}@example.com`;
  await page.goto(`/${language}/contact`);
  const footer = page.getByRole('contentinfo').getByRole('region', { name: w.footer });
  await footer.getByLabel(w.email).fill(address);
  await footer.getByRole('checkbox', { name: w.news }).uncheck();
  await footer.getByRole('button', { name: w.subscribe, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${language}/newsletter\\?pending=1$`));
  await expect(page.getByRole('status')).toContainText(w.pending);
  await checkAxe(page, axe);

  const mail = await smtp.mailTo(address);
  expect(mail.html).toContain(`/${language}/newsletter/confirm?token=`);
  const confirmLink = new URL(linkIn(mail, 'http'));
  await page.goto(`${confirmLink.pathname}${confirmLink.search}`);
  await checkAxe(page, axe);
  await page.getByRole('main').getByRole('button', { name: w.confirm }).click();
  await expect(page.getByRole('status')).toContainText(w.confirmed);

  // Confirmed: on to the manage page (the page every mailing's footer links), its token in the address.
  await expect(page).toHaveURL(new RegExp(`/${language}/newsletter/manage\\?token=[\\w-]+&done=confirmed$`));
  const token = new URL(page.url()).searchParams.get('token')!;
  await checkAxe(page, axe);
  const main = page.getByRole('main');
  await expect(main.getByRole('checkbox', { name: w.news })).not.toBeChecked();
  await expect(main.getByRole('checkbox', { name: w.bulletins })).toBeChecked();
  await main.getByRole('checkbox', { name: w.news }).check();
  await main.getByRole('button', { name: w.save }).click();
  await expect(page.getByRole('status')).toContainText(w.saved);
  await expect(page.getByRole('main').getByRole('checkbox', { name: w.news })).toBeChecked();

  // The unsubscribe link, opened as a person would: one button, nothing changed until it is pressed.
  await page.goto(`/api/newsletter/unsubscribe?token=${token}`);
  await expect(page).toHaveURL(new RegExp(`/${language}/newsletter/unsubscribe\\?token=`));
  await checkAxe(page, axe);
  expect((await (await page.request.get(`/api/newsletter/manage?token=${token}`)).json()).status).toBe('active');
  await page.getByRole('main').getByRole('button', { name: w.unsubscribe }).click();
  await expect(page.getByRole('status')).toContainText(w.unsubscribed);
  expect((await (await page.request.get(`/api/newsletter/manage?token=${token}`)).json()).status).toBe('unsubscribed');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const language of ['tw', 'en'] as const) {
    test(`${language}: subscribe from the footer, confirm, manage and unsubscribe`, async ({ page }) => {
      await expectWholeWay(page, language, false);
    });
  }
});

test('the newsletter pages pass axe (with script, so axe can run)', async ({ page }) => {
  await expectWholeWay(page, 'en', true);
});

for (const language of ['tw', 'en'] as const) {
  const w = words[language];
  test(`${language}: a refused sign-up comes back to the newsletter page with the problem`, async ({ page }) => {
    // The browser's own check passes this address; the server's asks for a dot in the domain.
    await page.goto(`/${language}/newsletter`);
    const form = page.locator('#newsletter-form');
    await form.getByLabel(w.email).fill('someone@localhost');
    await form.getByRole('button', { name: w.subscribe, exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(w.problem);
    await expect(page.locator('#newsletter-form').getByLabel(w.email)).toHaveValue('someone@localhost');
    await expectNoAxeViolations(page);
  });
}

test.describe('a Member already subscribed', () => {
  test.use({ javaScriptEnabled: false });
  for (const language of ['tw', 'en'] as const) {
    test(`${language}: finds the subscription in the member area and adds the bulletins for members only`, async ({
      browser,
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const w = words[language];
      const member = {
        tw: {
          signIn: '登入',
          email: '電子郵件地址',
          password: '密碼',
          heading: '您的電子報訂閱',
          manage: /變更訂閱主題/,
        },
        en: {
          signIn: 'Sign in',
          email: 'E-mail address',
          password: 'Password',
          heading: 'Your newsletter subscription',
          manage: /Change the topics/,
        },
      }[language];
      const { email } = await memberOfNewInstitution(request, language, 'Reader', 'member reader password');
      // Subscribed as a visitor first, to the public topics, and confirmed.
      await request.post('/api/newsletter/subscribe', {
        headers: { 'web-language': language, 'x-forwarded-for': nextTestAddress() },
        data: { email, topics: ['webnews', 'webbulletin'] },
      });
      const confirm = new URL(linkIn(await smtp.mailTo(email), 'http'));
      await request.post('/api/newsletter/confirm', { data: { token: confirm.searchParams.get('token') } });

      await page.goto(`/${language}/member/login`);
      await page.getByRole('main').getByLabel(member.email).fill(email);
      await page.getByRole('main').getByLabel(member.password, { exact: true }).fill('member reader password');
      await page.getByRole('button', { name: member.signIn, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/member$`));
      const section = page.getByRole('region', { name: member.heading });
      await expect(section).toContainText(email);
      await expect(section).toContainText(w.news);
      await expect(page.locator('#newsletter-form')).toHaveCount(0);
      await section.getByRole('link', { name: member.manage }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/newsletter/manage\\?token=[\\w-]+$`));
      const main = page.getByRole('main');
      await main.getByRole('checkbox', { name: w.memberBulletins }).check();
      await main.getByRole('button', { name: w.save }).click();
      await expect(page.getByRole('status')).toContainText(w.saved);
      const token = new URL(page.url()).searchParams.get('token')!;
      const saved = await (await request.get(`/api/newsletter/manage?token=${token}`)).json();
      expect(saved.topics.sort()).toEqual(['memberBulletins', 'webbulletin', 'webnews']);
      await page.goto(`/${language}/member`);
      await expect(page.getByRole('region', { name: member.heading })).toContainText(w.memberBulletins);
      // Axe runs in a browser with script, signed in as the same Member.
      const scripted = await browser.newContext({
        javaScriptEnabled: true,
        storageState: await page.context().storageState(),
      });
      const axePage = await scripted.newPage();
      await axePage.goto(`/${language}/member`);
      await expectNoAxeViolations(axePage);
      await scripted.close();
    });
  }
});

test('the back office writes a mailing: preview, test send, send; the mailing is listed with its counts', async ({
  page,
  request,
}) => {
  // A confirmed English subscriber to receive the mailing.
  const address = `member-${Date.now()}@example.com`;
  await request.post('/api/newsletter/subscribe', {
    headers: { 'web-language': 'en', 'x-forwarded-for': nextTestAddress() },
    data: { email: address, topics: ['webnews'] },
  });
  const confirm = new URL(linkIn(await smtp.mailTo(address), 'http'));
  const confirmed = await request.post('/api/newsletter/confirm', {
    data: { token: confirm.searchParams.get('token') },
  });
  expect(await confirmed.json()).toEqual({ confirmed: true });

  await signInWithToken(page, request);
  await page.goto('/en-admin/newsletter');
  await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeVisible();
  await page.getByLabel('Subject').fill('December news');
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('What the association did this month.');
  const audience = page.getByRole('group', { name: 'For subscribers of' });
  await audience.getByRole('checkbox', { name: 'Bulletins', exact: true }).uncheck();
  await audience.getByRole('checkbox', { name: 'Activities' }).uncheck();
  // Axe checks the screen before the preview: the preview's frame is the mail, which runs no script, not the screen.
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.frameLocator('iframe[title="Preview of the mailing"]');
  await expect(preview.getByText('What the association did this month.')).toBeVisible();

  await page.getByLabel('Test address').fill('editor@example.org');
  await page.getByRole('button', { name: 'Send a test' }).click();
  await expectToast(page, 'Test sent to editor@example.org.');
  expect((await smtp.mailTo('editor@example.org')).subject).toBe('[Test] December news');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Send to subscribers' }).click();
  const mail = await smtp.mailTo(address, 20_000, (m) => m.subject === 'December news');
  const header = (name: string) => mail.parsed.headerLines.find((line) => line.key === name)?.line ?? '';
  expect(header('list-unsubscribe')).toMatch(/\/api\/newsletter\/unsubscribe\?token=[\w-]+>$/);
  expect(header('list-unsubscribe-post')).toMatch(/List-Unsubscribe=One-Click$/);
  expect(mail.text).toContain('/en/newsletter/manage?token=');

  await page.getByRole('button', { name: 'Refresh' }).click();
  const row = page.getByRole('row').filter({ hasText: 'December news' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(5)).toHaveText(/[1-9]/);
});

test('the back office’s subscribers: status filter, search, export, invitations from a spreadsheet, deleting one person’s data', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const active = `active-${stamp}@example.com`;
  const waiting = `waiting-${stamp}@example.com`;
  const invitee = `invitee-${stamp}@example.com`;
  for (const email of [active, waiting]) {
    await request.post('/api/newsletter/subscribe', {
      headers: { 'web-language': 'en', 'x-forwarded-for': nextTestAddress() },
      data: { email, topics: ['webnews'] },
    });
  }
  const confirm = new URL(linkIn(await smtp.mailTo(active), 'http'));
  await request.post('/api/newsletter/confirm', { data: { token: confirm.searchParams.get('token') } });

  await signInWithToken(page, request);
  await page.goto('/en-admin/newsletter');
  const table = page.getByRole('table', { name: /Subscribers/ });
  const rowOf = (email: string) => table.getByRole('row').filter({ hasText: email });
  const search = page.getByRole('search', { name: 'Subscribers' });
  await search.getByLabel('Address contains').fill(`-${stamp}@`);
  await expect(rowOf(active)).toContainText('Subscribed');
  await expect(rowOf(waiting)).toContainText('Waiting for confirmation');
  await search.getByLabel('Status').selectOption('active');
  await expect(rowOf(waiting)).toHaveCount(0);
  await expect(rowOf(active)).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The export is of what the filter shows.
  const download = page.waitForEvent('download');
  await search.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(file, 'utf8');
  expect(csv).toContain(active);
  expect(csv).not.toContain(waiting);

  // Invitations: each address gets the double opt-in mail and waits for its confirmation.
  await search.getByLabel('Status').selectOption('');
  await page.getByLabel('Spreadsheet (CSV or XLSX, column email)').setInputFiles({
    name: 'invite.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email\n${invitee}\n${active}\n`),
  });
  await page.getByRole('button', { name: 'Invite from a spreadsheet' }).click();
  await expectToast(page, '1 invited, 1 left as they were, 0 refused.');
  expect(linkIn(await smtp.mailTo(invitee), 'http')).toContain('/en/newsletter/confirm?token=');
  await expect(rowOf(invitee)).toContainText('Waiting for confirmation');

  // Deleting one person's data, after a question.
  page.once('dialog', (dialog) => void dialog.accept());
  await rowOf(active).getByRole('button', { name: 'Delete data' }).click();
  await expectToast(page, "The subscriber's data is deleted.");
  await expect(rowOf(active)).toHaveCount(0);
  await expect(rowOf(waiting)).toHaveCount(1);
  await expectNoAxeViolations(page);
});

import { expect, test } from './fixtures';
import { specSmtpServer } from './smtp';
import { linkIn } from '../test/helpers/smtp';
import { adminHeaders, nextTestAddress } from './helpers';

/**
 * E-mail through a real SMTP server (the one the worker's test server points SMTP_URL at, e2e/fixtures.ts): a new
 * contact message reaches the addresses of the web settings at once, with its back-office link; the
 * password reset end to end, in both languages: 忘記密碼 / Forgot password on the sign-in page,
 * the e-mail, the link's page, sign-in with the new password; a used link is refused. Also: the forgot call answers
 * alike for known and unknown accounts, and the dashboard says e-mail is on.
 */
const smtp = specSmtpServer();

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

const words = {
  tw: {
    forgot: '忘記密碼？',
    name: '登入名稱或電子郵件',
    send: '寄送重設連結',
    sent: '重設密碼的連結已寄出',
    newPassword: '新密碼',
    again: '再次輸入新密碼',
    set: '設定新密碼',
    done: '密碼已變更',
    used: '已使用過',
    username: '帳號',
    password: '密碼',
    signIn: '登入',
    subject: '重設密碼',
  },
  en: {
    forgot: 'Forgot password?',
    name: 'Sign-in name or e-mail',
    send: 'Send the reset link',
    sent: 'a link to choose a new password has been sent',
    newPassword: 'New password',
    again: 'New password again',
    set: 'Set the new password',
    done: 'Your password has been changed',
    used: 'already used',
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    subject: 'Reset your password',
  },
} as const;

test('a new contact message is mailed at once to the addresses of the web settings', async ({ request }) => {
  const headers = await adminHeaders(request, 'en');
  const saved = await request.post('/api/websetting/webinfo', {
    headers,
    data: { notifyEmails: 'office@example.org, chair@example.org' },
  });
  expect(saved.status()).toBe(200);
  try {
    const xsrf = {
      'x-xsrf-token': 'mail-e2e',
      cookie: 'XSRF-TOKEN=mail-e2e',
      'web-language': 'en',
      'x-forwarded-for': nextTestAddress(),
    };
    const sent = await request.post('/api/webcontact/add', {
      headers: xsrf,
      data: {
        name: 'Mary Chen',
        email: 'mary@example.com',
        subject: 'Joining the association',
        message: 'How do we join?',
      },
    });
    expect(sent.status()).toBe(200);
    const { id } = await sent.json();
    const mail = await smtp.mailTo('office@example.org', 20_000, (m) => m.subject.includes('Joining the association'));
    expect(mail.envelopeTo.sort()).toEqual(['chair@example.org', 'office@example.org']);
    expect(mail.subject).toContain('New contact message: Joining the association');
    expect(mail.text).toContain('How do we join?');
    expect(linkIn(mail, 'http://127.0.0.1:')).toMatch(new RegExp(`/en-admin/webcontact/${id}$`));
  } finally {
    await request.post('/api/websetting/webinfo', { headers, data: { notifyEmails: '' } });
  }
});

for (const language of ['tw', 'en'] as const) {
  test(`a forgotten password is reset through the mailed link (${language})`, async ({ page, request }) => {
    const w = words[language];
    const username = `reset${language}${Date.now()}`;
    const email = `${username}@example.org`;
    const created = await request.post('/api/account/add', {
      headers: await adminHeaders(request),
      data: { username, displayName: `Reset ${language}`, email, role: 0, password: 'old-password-1' },
    });
    expect(created.status()).toBe(200);

    await page.goto(`/${language}-login`);
    await page.getByText(w.forgot).click();
    await page.getByLabel(w.name, { exact: true }).fill(email);
    await page.getByRole('button', { name: w.send }).click();
    await expect(page.locator('.admin-login-sent')).toContainText(w.sent);

    const mail = await smtp.mailTo(email);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.subject).toContain(w.subject);
    const link = linkIn(mail, `http://127.0.0.1:`);
    expect(link).toMatch(new RegExp(`/${language}-reset\\?token=[A-Za-z0-9_-]{43}$`));

    await page.goto(link);
    await page.getByLabel(w.newPassword, { exact: true }).fill('new-password-22');
    await page.getByLabel(w.again, { exact: true }).fill('new-password-22');
    await page.getByRole('button', { name: w.set }).click();
    await expect(page.getByRole('status')).toContainText(w.done);

    // The old password no longer works; the new one signs in.
    const old = await request.post('/api/account/login', {
      data: { username, password: 'old-password-1' },
      headers: { 'x-forwarded-for': nextTestAddress() },
    });
    expect((await old.json()).token).toBeNull();
    await page.goto(`/${language}-login`);
    await page.getByLabel(w.username, { exact: true }).fill(username);
    await page.getByLabel(w.password, { exact: true }).fill('new-password-22');
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}-admin$`));

    // The link works once.
    await page.goto(link);
    await page.getByLabel(w.newPassword, { exact: true }).fill('third-password-3');
    await page.getByLabel(w.again, { exact: true }).fill('third-password-3');
    await page.getByRole('button', { name: w.set }).click();
    await expect(page.locator('#reset-problem')).toContainText(w.used);
  });
}

test('forgotpassword answers alike for known and unknown accounts, without the XSRF pair', async ({ request }) => {
  const answers = [];
  for (const data of [{ username: 'e2e-admin' }, { username: 'no-such-account' }, { email: 'nobody@example.org' }]) {
    const response = await request.post('/api/account/forgotpassword', {
      data,
      headers: { 'x-forwarded-for': nextTestAddress(), 'web-language': 'en' },
    });
    answers.push({ status: response.status(), body: await response.json() });
  }
  expect(answers[0].status).toBe(200);
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);
});

test('a reset with an unknown token is refused with 400 in the request language', async ({ request }) => {
  const response = await request.post('/api/account/resetpassword', {
    data: { token: 'A'.repeat(43), password: 'some-new-password' },
    headers: { 'x-forwarded-for': nextTestAddress(), 'web-language': 'tw' },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).message).toContain('無效');
});

test('the dashboard says e-mail is on', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const status = await request.get('/api/mail/status', { headers });
  expect(await status.json()).toMatchObject({ enabled: true });
  await page.goto('/en-login');
  await page.getByLabel('Username', { exact: true }).fill('e2e-admin');
  await page.getByLabel('Password', { exact: true }).fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('region', { name: 'E-mail' })).toContainText('E-mail is on');
});

import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, expectNoAxeViolations, nextTestAddress } from './helpers';

type Language = 'tw' | 'en';

const words = {
  tw: {
    signIn: '登入',
    username: '帳號',
    password: '密碼',
    dashboard: '儀表板',
    signOut: '登出',
    wrong: '帳號或密碼錯誤',
    locked: '已暫時鎖定',
    lang: 'zh-Hant-TW',
  },
  en: {
    signIn: 'Sign in',
    username: 'Username',
    password: 'Password',
    dashboard: 'Dashboard',
    signOut: 'Sign out',
    wrong: 'Wrong username or password',
    locked: 'is locked',
    lang: 'en',
  },
} as const;

/**
 * Sign-ins are rate-limited per client address (20 in 10 minutes, shared by every spec of a run), so
 * each test signs in from its own address: the server reads it from X-Forwarded-For.
 */
const nextAddress = nextTestAddress;
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextAddress() });
});

/** Signs in through the API (from a fresh address) and returns headers for writes. */
async function adminHeaders(
  request: APIRequestContext,
  language: Language = 'tw',
  credentials: { username: string; password: string } = admin,
) {
  const login = await request.post('/api/account/login', {
    data: credentials,
    headers: { 'x-forwarded-for': nextAddress() },
  });
  const { token } = await login.json();
  if (!token) throw new Error(`sign-in failed: ${login.status()}`);
  const xsrf = 'admin-e2e-xsrf';
  return {
    authorization: `Bearer ${token}`,
    'x-xsrf-token': xsrf,
    cookie: `XSRF-TOKEN=${xsrf}`,
    'web-language': language,
  };
}

async function signIn(page: Page, language: Language, credentials = admin, wanted = `/${language}-admin`) {
  await page.goto(wanted);
  await expect(page).toHaveURL(new RegExp(`/${language}-login`));
  await page.getByLabel(words[language].username).fill(credentials.username);
  await page.getByLabel(words[language].password).fill(credentials.password);
  await page.getByRole('button', { name: words[language].signIn }).click();
}

/** A User (role 0) account made through the API by the Admin. */
async function createUser(request: APIRequestContext, username: string) {
  const headers = await adminHeaders(request);
  const password = 'user-password-1';
  const response = await request.post('/api/account/add', {
    headers,
    data: { username, displayName: `User ${username}`, role: 0, password },
  });
  expect(response.status()).toBe(200);
  return { username, password };
}

/** A success note; the machine may be busy, so it gets longer than the usual five seconds. */
async function expectToast(page: Page, text: string) {
  await expect(page.locator('.admin-toasts-success').getByText(text)).toBeVisible({ timeout: 15_000 });
}

test.describe('back office: routing and sign-in', () => {
  test('the back office sends visitors without a token to sign-in, and the internal tree is not reachable', async ({
    page,
  }) => {
    await page.goto('/tw-admin/webnews?page=2');
    await expect(page).toHaveURL(/\/tw-login\?next=%2Ftw-admin%2Fwebnews%3Fpage%3D2$/);
    await page.goto('/admin/tw/office');
    await expect(page).toHaveURL(/\/tw$/);
    await page.goto('/en-login/extra');
    await expect(page).toHaveURL(/\/en-login$/);
    // A stale token is checked with the server, not trusted.
    await page.evaluate(() => localStorage.setItem('Authorization', 'not-a-token'));
    await page.goto('/en-admin');
    await expect(page).toHaveURL(/\/en-login/);
  });

  for (const language of ['tw', 'en'] as const) {
    test(`signs in and out in ${language}, returning to the wanted page`, async ({ page, request }) => {
      await signIn(page, language, admin, `/${language}-admin/webnews`);
      await expect(page).toHaveURL(new RegExp(`/${language}-admin/webnews$`));
      await expect(page.locator('html')).toHaveAttribute('lang', words[language].lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'tw' ? '最新消息' : 'News');
      const token = await page.evaluate(() => localStorage.getItem('Authorization'));
      expect(token).toBeTruthy();
      await page.getByRole('button', { name: words[language].signOut }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}-login$`));
      expect(await page.evaluate(() => localStorage.getItem('Authorization'))).toBeNull();
      // The server revoked it too.
      const headers = { ...(await adminHeaders(request)), authorization: `Bearer ${token}` };
      const check = await request.post('/api/account/checklogin', { headers });
      expect(await check.json()).toMatchObject({ valid: false });
    });
  }

  test('signing in loads the wanted page afresh, so a sign-out right after it holds', async ({ page }) => {
    await page.goto('/en-login?next=%2Fen-admin%2Fwebnews');
    const loads: string[] = [];
    page.on('load', () => loads.push(new URL(page.url()).pathname));
    await page.getByLabel(words.en.username).fill(admin.username);
    await page.getByLabel(words.en.password).fill(admin.password);
    await page.getByRole('button', { name: words.en.signIn, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('News');
    // One full load: no navigation of the router's is left to overtake the sign-out's.
    await expect.poll(() => loads).toEqual(['/en-admin/webnews']);
    await page.getByRole('button', { name: words.en.signOut }).click();
    await expect(page).toHaveURL(/\/en-login$/);
    await expect(page.getByLabel(words.en.username)).toBeVisible();
  });

  test('after sign-in, a crafted next address never leaves the site', async ({ page, baseURL }) => {
    for (const next of [
      '/en-admin/..//evil.example',
      '/%2e%2e//evil.example',
      '/%5Cevil.example',
      'https:evil.example',
    ]) {
      await page.evaluate(() => localStorage.removeItem('Authorization')).catch(() => undefined);
      await page.goto(`/en-login?next=${encodeURIComponent(next)}`);
      await page.getByLabel(words.en.username).fill(admin.username);
      await page.getByLabel(words.en.password).fill(admin.password);
      await page.getByRole('button', { name: words.en.signIn }).click();
      await expect(page).toHaveURL(/\/en-admin$/);
      expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.en.dashboard);
    }
  });

  test('says so for wrong credentials and for a locked account', async ({ page, request }) => {
    const user = await createUser(request, `locked${Date.now()}`);
    await signIn(page, 'en', { username: user.username, password: 'wrong-password' });
    await expect(page.locator('#login-problem')).toContainText(words.en.wrong);
    for (let i = 0; i < 4; i++) {
      await request.post('/api/account/login', {
        data: { username: user.username, password: 'wrong-password' },
        headers: { 'x-forwarded-for': nextAddress() },
      });
    }
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#login-problem')).toContainText(words.en.locked);
    await expect(page).toHaveURL(/\/en-login/);
    await page.goto('/tw-login');
    await page.getByLabel('帳號').fill(user.username);
    await page.getByLabel('密碼').fill(user.password);
    await page.getByRole('button', { name: '登入' }).click();
    await expect(page.locator('#login-problem')).toContainText(words.tw.locked);
  });

  test('the sign-in page loads no captcha script without a site key, and passes axe', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => scripts.push(r.url()));
    await page.goto('/tw-login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('後台登入');
    expect(scripts.filter((url) => url.includes('recaptcha'))).toEqual([]);
    await expectNoAxeViolations(page);
  });
});

test.describe('back office: roles', () => {
  test('a User sees no accounts or settings (the media library yes), and the server refuses them too', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, `user${Date.now()}`);
    await signIn(page, 'tw', user);
    await expect(page.getByRole('heading', { level: 1, name: '儀表板' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: '後台選單' });
    // Links inside closed groups are hidden, so look at the links themselves.
    await expect(menu.locator('a[href="/tw-admin/webnews"]')).toHaveCount(1);
    await expect(menu.locator('a[href="/tw-admin/webcontact"]')).toHaveCount(1);
    await expect(menu.locator('a[href="/tw-admin/account"]')).toHaveCount(0);
    await expect(menu.locator('a[href="/tw-admin/settings"]')).toHaveCount(0);
    // The system group holds only the media library for a User.
    await expect(menu.locator('a[href="/tw-admin/media"]')).toHaveCount(1);
    await expect(menu.locator('a[href="/tw-admin/audit"]')).toHaveCount(0);
    await page.goto('/tw-admin/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('您的帳號沒有使用此功能的權限。');
    const token = await page.evaluate(() => localStorage.getItem('Authorization'));
    const headers = await adminHeaders(request, 'tw', user);
    expect(headers.authorization).not.toBe(`Bearer ${token}`);
    expect((await request.post('/api/account/getlist', { headers, data: { page: 1, pageSize: 10 } })).status()).toBe(
      403,
    );
    expect((await request.post('/api/websetting/webinfo', { headers, data: { siteName: 'x' } })).status()).toBe(403);
  });

  test('an Admin sees accounts and settings', async ({ page }) => {
    await signIn(page, 'en');
    const menu = page.getByRole('navigation', { name: 'Back-office menu' });
    await menu.getByText('System', { exact: true }).click();
    await menu.getByRole('link', { name: 'Accounts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'e2e-admin' }).first()).toBeVisible();
    await menu.getByRole('link', { name: 'Web settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Web settings' })).toBeVisible();
    await expect(page.getByLabel('Site name')).not.toHaveValue('');
  });
});

test.describe('back office: screens', () => {
  test('the dashboard shows counts, newest messages and counters, accessibly', async ({ page }) => {
    await signIn(page, 'tw');
    await expect(page.getByRole('heading', { level: 1, name: '儀表板' })).toBeVisible();
    const counts = page.getByRole('table');
    await expect(counts.getByRole('row', { name: /最新消息/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '瀏覽人次' })).toBeVisible();
    await expect(page.getByText('網站瀏覽人次', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a list pages, sorts, filters and passes axe', async ({ page }) => {
    await signIn(page, 'en', admin, '/en-admin/webnews');
    const table = page.getByRole('table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expectNoAxeViolations(page);
    // Another page, order or filter is read in the browser: the server never renders the screen again.
    const renders: string[] = [];
    page.on('request', (request) => {
      const headers = request.headers();
      if (headers.rsc && !headers['next-router-prefetch']) renders.push(request.url());
    });
    await page.getByRole('link', { name: /^Sort by Title/ }).click();
    await expect(page).toHaveURL(/sort=title&dir=asc/);
    await expect(page.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');
    await page.goto('/en-admin/webnews?page=999');
    await expect(page).not.toHaveURL(/page=999/);
    // The first cell holds the row's checkbox; the title is in the second.
    const keyword = await table.locator('tbody tr').first().locator('td').nth(1).innerText();
    await page.getByLabel('Keyword').fill(keyword);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(table.locator('tbody tr').first()).toContainText(keyword);
    // With a keyword the best matches come first; after a column sort, a link goes back to that.
    await expect(page.getByText('Sorted by relevance to the keyword')).toBeVisible();
    await page.getByRole('link', { name: /^Sort by Title/ }).click();
    await expect(page).toHaveURL(/sort=title/);
    await page.getByRole('link', { name: 'Sort by relevance to the keyword' }).click();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page).toHaveURL(/q=/);
    await expect(table.locator('tbody tr').first()).toContainText(keyword);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    expect(await pager.getByRole('link', { name: /^Page \d+$/ }).count()).toBeLessThanOrEqual(7);
    await page.getByLabel('Keyword').fill('');
    await page.getByLabel('Items per page').selectOption('10');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).not.toHaveURL(/q=/);
    await expect(page).toHaveURL(/size=10/);
    const firstTitle = await table.locator('tbody tr').first().locator('td').nth(1).innerText();
    await pager.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(table.locator('tbody tr').first().locator('td').nth(1)).not.toHaveText(firstTitle);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(firstTitle);
    expect(renders).toEqual([]);
  });

  test('the supervisors list sets its "last updated" stamp', async ({ page }) => {
    await signIn(page, 'tw', admin, '/tw-admin/websupervisor/supervisors');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('理監事：監事會');
    await page.getByRole('button', { name: '將更新日期設為現在' }).click();
    await expectToast(page, '已更新日期。');
    await expect(page.getByTestId('update-stamp')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  test('reorders rows by position and by drag', async ({ page, request }) => {
    const headers = await adminHeaders(request, 'en');
    const names = ['Reorder A', 'Reorder B', 'Reorder C'].map((n) => `${n} ${Date.now()}`);
    for (const name of names)
      expect((await request.post('/api/weblinktype/add', { headers, data: { name } })).status()).toBe(200);
    await signIn(page, 'en', admin, '/en-admin/weblinktype');
    const rows = page.locator('tbody tr');
    const count = await rows.count();
    // The three new types are last; move the last one to the first place with the keyboard.
    await page.getByLabel(`Move “${names[2]}” to position`).fill('1');
    await page.getByLabel(`Move “${names[2]}” to position`).press('Enter');
    await expectToast(page, 'Order changed.');
    await expect(rows.first()).toContainText(names[2]);
    // Drag the first row onto the last one, both in view: a drag that scrolls starts under the moved pointer.
    await page.setViewportSize({ width: 1280, height: 1400 });
    await rows.first().dragTo(rows.nth(count - 1));
    await expect(rows.nth(count - 1)).toContainText(names[2]);
    const listed = await request.post('/api/weblinktype/getlist', { headers, data: { page: 1, pageSize: 100 } });
    const data = (await listed.json()).data as { name: string }[];
    expect(data.at(-1)?.name).toBe(names[2]);
  });

  test('delete asks first: declined sends nothing, accepted removes the row', async ({ page, request }) => {
    const headers = await adminHeaders(request, 'tw');
    const name = `刪除測試 ${Date.now()}`;
    expect((await request.post('/api/weblinktype/add', { headers, data: { name } })).status()).toBe(200);
    await signIn(page, 'tw', admin, '/tw-admin/weblinktype');
    // Counted once the screen has loaded: its first reads (the list, the menu's count) may go as one batch.
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE' || r.url().includes('/api/batch')) deletes.push(r.url());
    });
    // The spec's question, then the item it is about.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(`確定刪除?\n「${name}」`);
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: `刪除「${name}」` }).click();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    expect(deletes).toEqual([]);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `刪除「${name}」` }).click();
    await expectToast(page, '已刪除。');
    await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
  });

  test('the contact inbox filters by status and records the handling', async ({ page, request }) => {
    const headers = await adminHeaders(request, 'en');
    const subject = `Inbox test ${Date.now()}`;
    const added = await request.post('/api/webcontact/addByAcc', {
      headers,
      data: { name: 'Visitor', email: 'visitor@example.com', subject, message: 'Hello there.' },
    });
    expect(added.status()).toBe(200);
    await signIn(page, 'en', admin, '/en-admin/webcontact');
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'New' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/status=0/);
    await page.getByRole('link', { name: subject }).first().click();
    await expect(page.getByText('Hello there.')).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Closed' });
    await page.getByLabel('Reply note').fill('Answered by phone.');
    await page.getByRole('button', { name: 'Save the handling' }).click();
    await expect(page).toHaveURL(/\/en-admin\/webcontact$/);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Closed' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('link', { name: subject, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add', exact: true })).toHaveCount(0);
    await page.goto('/en-admin/webcontact/new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page does not exist');
  });

  test('the menu works with the keyboard and folds away on a tablet', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await signIn(page, 'tw');
    const nav = page.getByRole('navigation', { name: '後台選單' });
    await expect(nav).toBeHidden();
    const toggle = page.getByRole('button', { name: '開啟選單' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await nav.getByText('關於公會').focus();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: '監事會' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tw-admin\/websupervisor\/supervisors$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('creates, edits and deletes news; the home page shows each change at once', async ({ page }) => {
    const title = `後台新增消息 ${Date.now()}`;
    const edited = `${title}（已修改）`;
    await signIn(page, 'tw', admin, '/tw-admin/webnews/new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新增最新消息');
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: /^標題/ }).fill(title);
    await page.getByRole('button', { name: '儲存', exact: true }).click();
    await expectToast(page, '已儲存。');
    await expect(page).toHaveURL(/\/tw-admin\/webnews$/);
    await page.goto('/tw');
    await expect(page.getByText(title)).toBeVisible();

    await page.goto('/tw-admin/webnews');
    await page.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('編輯最新消息');
    await expect(page.getByRole('link', { name: '在網站上預覽（另開新視窗）' })).toHaveAttribute(
      'href',
      /^\/tw\/news\/\d+$/,
    );
    await expect(page.getByRole('textbox', { name: /^標題/ })).toHaveValue(title);
    await page.getByRole('textbox', { name: /^標題/ }).fill(edited);
    await page.getByRole('button', { name: '儲存', exact: true }).click();
    await expect(page).toHaveURL(/\/tw-admin\/webnews$/);
    await page.goto('/tw');
    await expect(page.getByText(edited)).toBeVisible();

    await page.goto(`/tw-admin/webnews?q=${encodeURIComponent(edited)}`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `刪除「${edited}」` }).click();
    await expectToast(page, '已刪除。');
    await page.goto('/tw');
    await expect(page.getByText(edited)).toHaveCount(0);
  });

  test('adds a row to one section of a per-section resource', async ({ page }) => {
    const name = `Director ${Date.now()}`;
    await signIn(page, 'en', admin, '/en-admin/websupervisor/directors');
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(/\/en-admin\/websupervisor\/directors\/new$/);
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Title/ }).fill('Director');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/en-admin\/websupervisor\/directors$/);
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await page.goto('/en-admin/websupervisor/supervisors');
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  });

  test('warns before leaving a form with unsaved changes', async ({ page }) => {
    await signIn(page, 'en', admin, '/en-admin/webnews/new');
    await page.getByRole('textbox', { name: /^Title/ }).fill('Not saved yet');
    const dashboard = page
      .getByRole('navigation', { name: 'Back-office menu' })
      .getByRole('link', { name: 'Dashboard' });
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('You have unsaved changes. Leave anyway?');
      void dialog.dismiss();
    });
    await dashboard.click();
    await expect(page).toHaveURL(/\/en-admin\/webnews\/new$/);
    await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue('Not saved yet');
    page.once('dialog', (dialog) => void dialog.accept());
    await dashboard.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});

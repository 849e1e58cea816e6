import { expect, test } from './fixtures';
import { adminHeaders, expectNoAxeViolations, expectToast, nextTestAddress, signInTo } from './helpers';

/**
 * What staff do with a list: select rows and act on them together, see and filter each row's
 * publication status, duplicate a row, choose the page size, read who edited last (English dates
 * in the English back office), and link translations from either side.
 */
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

const taipeiWire = (instant: Date) => new Date(instant.getTime() + 8 * 3600_000).toISOString().slice(0, 19);

test('bulk-hide three rows with the keyboard, then show them again', async ({ page, request }) => {
  const headers = await adminHeaders(request, 'tw');
  const stamp = Date.now();
  const titles = [1, 2, 3].map((n) => `批次 ${n} ${stamp}`);
  for (const title of titles)
    expect((await request.post('/api/webnews/add', { headers, data: { title, isVisible: true } })).status()).toBe(200);
  await signInTo(page, `/tw-admin/webnews?q=${stamp}`, 'tw');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.locator('.admin-status')).toHaveText(['上線中', '上線中', '上線中']);
  const bar = page.getByRole('group', { name: '批次操作' });
  await expect(bar.getByRole('button', { name: '隱藏選取' })).toBeDisabled();
  // Select every row on the page from the keyboard.
  await page.getByRole('checkbox', { name: '選取本頁全部資料' }).focus();
  await page.keyboard.press('Space');
  await expect(bar.getByRole('status')).toHaveText('已選取 3 筆');
  await bar.getByRole('button', { name: '隱藏選取' }).click();
  await expectToast(page, '已處理 3 筆。');
  await expect(rows.locator('.admin-status')).toHaveText(['隱藏', '隱藏', '隱藏']);
  await expect(bar.getByRole('status')).toHaveText('已選取 0 筆');
  for (const title of titles) {
    const list = await (
      await request.post('/api/webnews/getlist', {
        data: { keyword: title },
        headers: { 'web-language': 'tw', 'x-xsrf-token': 'e2e-xsrf', cookie: 'XSRF-TOKEN=e2e-xsrf' },
      })
    ).json();
    expect(list.total).toBe(0);
  }
  await page.getByRole('checkbox', { name: `選取「${titles[0]}」` }).check();
  await bar.getByRole('button', { name: '顯示選取' }).click();
  await expectToast(page, '已處理 1 筆。');
  await expect(rows.filter({ hasText: titles[0] }).locator('.admin-status')).toHaveText('上線中');
  await expectNoAxeViolations(page);
});

test('status badges and the status filter; duplicate; page size; English dates and the last editor', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request, 'en');
  const stamp = Date.now();
  const later = new Date(Date.now() + 3 * 24 * 3600_000);
  const scheduled = `Scheduled ${stamp}`;
  expect(
    (
      await request.post('/api/webnews/add', {
        headers,
        data: { title: scheduled, isVisible: true, publishAt: taipeiWire(later) },
      })
    ).status(),
  ).toBe(200);
  expect(
    (await request.post('/api/webnews/add', { headers, data: { title: `Live ${stamp}`, isVisible: true } })).status(),
  ).toBe(200);
  await signInTo(page, `/en-admin/webnews?q=${stamp}`);
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: scheduled }).locator('.admin-status')).toHaveText('Scheduled');
  // English dates, and who saved the row last.
  const day = later.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Taipei',
  });
  await expect(rows.filter({ hasText: scheduled })).toContainText(day.replace(/Sept/, 'Sep'));
  await expect(rows.filter({ hasText: scheduled })).toContainText(
    /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}, e2e-admin/,
  );
  await page.getByLabel('Status').selectOption('scheduled');
  await page.getByLabel('Items per page').selectOption('50');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/publication=scheduled/);
  await expect(page).toHaveURL(/size=50/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(scheduled);
  await expectNoAxeViolations(page);
  // Duplicate: a hidden copy opens in the form.
  await page.getByRole('button', { name: `Duplicate “${scheduled}” as a new hidden item` }).click();
  await expectToast(page, 'Copy added (hidden): edit it, then show it.');
  await expect(page).toHaveURL(/\/en-admin\/webnews\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Title (required)' })).toHaveValue(`Copy of ${scheduled}`);
});

test('linking the translation from the English side links the Chinese row back, and the public switch follows', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const tw = await (
    await request.post('/api/webnews/add', {
      headers: await adminHeaders(request, 'tw'),
      data: { title: `中文對應 ${stamp}`, isVisible: true },
    })
  ).json();
  const en = await (
    await request.post('/api/webnews/add', {
      headers: await adminHeaders(request, 'en'),
      data: { title: `English side ${stamp}`, isVisible: true },
    })
  ).json();
  await signInTo(page, `/en-admin/webnews/${en.id}`);
  await page.getByRole('combobox', { name: 'Chinese version' }).selectOption(String(tw.id));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Saved.');
  await page.goto(`/tw/news/${tw.id}`);
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/news/${en.id}$`));
  await expect(page.locator('h1')).toHaveText(`English side ${stamp}`);
});

test('signing out in another tab: this tab says 請重新登入 and comes back to the same screen after signing in', async ({
  page,
  context,
}) => {
  await signInTo(page, '/tw-admin/webnews', 'tw');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const other = await context.newPage();
  await other.goto('/tw-admin');
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  await other.getByRole('button', { name: '登出' }).click();
  await expect(other).toHaveURL(/\/tw-login/);
  await expect.poll(() => messages).toEqual(['請重新登入']);
  await expect(page).toHaveURL(/\/tw-login/);
  await page.getByLabel('帳號').fill('e2e-admin');
  await page.getByLabel('密碼').fill('e2e-admin-password');
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/tw-admin\/webnews$/);
  await expect(page.locator('tbody tr').first()).toBeVisible();
});

test('save and keep editing: a new row stays open as its edit form', async ({ page }) => {
  const title = `Keep editing ${Date.now()}`;
  await signInTo(page, '/en-admin/webnews/new');
  await page.getByRole('textbox', { name: 'Title (required)' }).fill(title);
  await page.getByRole('button', { name: 'Save and keep editing' }).click();
  await expectToast(page, 'Saved.');
  await expect(page).toHaveURL(/\/en-admin\/webnews\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Title (required)' })).toHaveValue(title);
  await page.getByRole('textbox', { name: 'Title (required)' }).fill(`${title} (2)`);
  await page.getByRole('button', { name: 'Save and keep editing' }).click();
  await expectToast(page, 'Saved.');
  await expect(page).toHaveURL(/\/en-admin\/webnews\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Revisions' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title (required)' })).toHaveValue(`${title} (2)`);
});

import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminHeaders, expectNoAxeViolations, signInWithToken } from './helpers';

/**
 * A team edits safely (docs/back-office-form.md, Edit locks and stale saves): two accounts in two
 * browser contexts open the same row. The second sees who holds it, may open it read-only or take
 * it over; the first form then turns read-only within 5 s and keeps what was typed, and its later
 * save of the old version is refused with the server's message. The list marks locked rows.
 */

type Language = 'tw' | 'en';
type Credentials = { username: string; password: string };

const words = {
  tw: {
    title: '標題',
    held: (name: string) => `${name} 正在編輯（自 `,
    takenOver: (name: string) => `${name} 已於 `,
    readOnly: '唯讀開啟',
    takeOver: '接手編輯',
    mark: (name: string) => `${name} 編輯中`,
    save: '儲存',
    saveAndStay: '儲存並繼續編輯',
    stale: (name: string) => new RegExp(`^此資料已於 \\d{2}:\\d{2} 由 ${name} 更新，請重新載入後再儲存。$`),
  },
  en: {
    title: 'Title',
    held: (name: string) => `${name} is editing this (since `,
    takenOver: (name: string) => `${name} took over editing at `,
    readOnly: 'Open read-only',
    takeOver: 'Take over editing',
    mark: (name: string) => `Being edited by ${name}`,
    save: 'Save',
    saveAndStay: 'Save and keep editing',
    stale: (name: string) =>
      new RegExp(`^${name} updated this item at \\d{2}:\\d{2}\\. Reload it before saving again\\.$`),
  },
};

let made = 0;
/** A User (role 0) with a display name, made through the API by the Admin. */
async function createUser(request: APIRequestContext, displayName: string): Promise<Credentials> {
  const username = `lock${Date.now()}_${++made}`;
  const password = 'user-password-1';
  const response = await request.post('/api/account/add', {
    headers: await adminHeaders(request),
    data: { username, displayName, role: 0, password },
  });
  expect(response.status()).toBe(200);
  return { username, password };
}

async function addNews(request: APIRequestContext, language: Language, title: string): Promise<number> {
  const response = await request.post('/api/webnews/add', {
    headers: await adminHeaders(request, language),
    data: { title },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).id;
}

async function openAs(browser: Browser, request: APIRequestContext, who: Credentials, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithToken(page, request, who);
  await page.goto(path);
  return page;
}

const titleBox = (page: Page, language: Language) =>
  page.getByRole('textbox', { name: new RegExp(`^${words[language].title}`) });

test('a taken-over form turns read-only within 5 s and keeps its values; its stale save is refused', async ({
  browser,
  request,
}) => {
  const language: Language = 'tw';
  const w = words[language];
  const wangName = `王小明${Date.now() % 10000}`;
  const leeName = `李大華${Date.now() % 10000}`;
  const wang = await createUser(request, wangName);
  const lee = await createUser(request, leeName);
  const id = await addNews(request, language, `Lock ${Date.now()}`);
  const formPath = `/${language}-admin/webnews/${id}`;

  // 王小明 opens the form: he holds the lock and types something he has not saved.
  const first = await openAs(browser, request, wang, formPath);
  const firstTitle = titleBox(first, language);
  await expect(firstTitle).toBeEditable();
  await expect(first.getByTestId('edit-lock-banner')).toHaveCount(0);
  await firstTitle.fill('Typed by Wang');

  // 李大華 sees the mark in the list, then the banner on the form, which opens read-only.
  const second = await openAs(browser, request, lee, `/${language}-admin/webnews`);
  await expect(second.locator('.admin-lock', { hasText: w.mark(wangName) })).toBeVisible();
  await expectNoAxeViolations(second);
  await second.goto(formPath);
  const banner = second.getByTestId('edit-lock-banner');
  await expect(banner).toContainText(w.held(wangName));
  const secondTitle = titleBox(second, language);
  await expect(secondTitle).toBeDisabled();
  await expectNoAxeViolations(second);
  await banner.getByRole('button', { name: w.readOnly }).click();
  await expect(banner.getByRole('button', { name: w.readOnly })).toHaveCount(0);
  await expect(secondTitle).toBeDisabled();

  // He takes over: his form is editable, and 王小明's turns read-only within 5 s, his text kept.
  await banner.getByRole('button', { name: w.takeOver }).click();
  await expect(secondTitle).toBeEditable();
  const takenAt = Date.now();
  const firstBanner = first.getByTestId('edit-lock-banner');
  await expect(firstBanner).toContainText(w.takenOver(leeName), { timeout: 5_000 });
  expect(Date.now() - takenAt).toBeLessThanOrEqual(5_500);
  await expect(firstTitle).toBeDisabled();
  await expect(firstTitle).toHaveValue('Typed by Wang');
  await expectNoAxeViolations(first);

  // 李大華 saves. 王小明 takes the row back and saves the version he loaded: refused, nothing written.
  await secondTitle.fill('Saved by Lee');
  const saved = second.waitForResponse((response) => /\/api\/(webnews\/update|batch)/.test(response.url()));
  await second.getByRole('button', { name: w.saveAndStay }).click();
  expect((await saved).status()).toBe(200);
  await firstBanner.getByRole('button', { name: w.takeOver }).click();
  await expect(firstTitle).toBeEditable();
  await expect(firstTitle).toHaveValue('Typed by Wang');
  const alerts: string[] = [];
  first.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await first.getByRole('button', { name: w.save, exact: true }).click();
  await expect(first.getByText(w.stale(leeName))).toBeVisible();
  expect(alerts).toEqual([expect.stringMatching(w.stale(leeName))]);
  await expect(firstTitle).toHaveValue('Typed by Wang');
  const stored = await request.get(`/api/webnews/get/${id}`, { headers: await adminHeaders(request, language) });
  expect((await stored.json()).title).toBe('Saved by Lee');

  // Leaving the page releases the lock (pagehide, keepalive): the row is free again.
  await first.goto(`/${language}-admin`);
  await expect
    .poll(async () => {
      const row = await request.get(`/api/webnews/get/${id}`, { headers: await adminHeaders(request, language) });
      return (await row.json()).lock ?? null;
    })
    .toBeNull();
  await first.context().close();
  await second.context().close();
});

test('English: the banner and the list mark, with axe', async ({ browser, request }) => {
  const language: Language = 'en';
  const w = words[language];
  const holderName = `Holder ${Date.now() % 10000}`;
  const holder = await createUser(request, holderName);
  const other = await createUser(request, `Other ${Date.now() % 10000}`);
  const id = await addNews(request, language, `Lock en ${Date.now()}`);
  const locked = await request.post(`/api/webnews/lock/${id}`, {
    headers: await adminHeaders(request, language, holder),
    data: {},
  });
  expect((await locked.json()).mine).toBe(true);

  const page = await openAs(browser, request, other, `/${language}-admin/webnews`);
  await expect(page.locator('.admin-lock', { hasText: w.mark(holderName) })).toBeVisible();
  await page.goto(`/${language}-admin/webnews/${id}`);
  const banner = page.getByTestId('edit-lock-banner');
  await expect(banner).toContainText(w.held(holderName));
  await expect(banner.getByRole('button', { name: w.readOnly })).toBeVisible();
  await expect(banner.getByRole('button', { name: w.takeOver })).toBeVisible();
  await expect(titleBox(page, language)).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.context().close();
});

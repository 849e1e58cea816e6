import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, adminHeaders, expectNoAxeViolations, nextTestAddress, signInTo, signInWithToken } from './helpers';

/**
 * A team edits safely (docs/back-office-form.md, Edit locks and stale saves): two accounts in two
 * browser contexts open the same row. The second sees who holds it, may open it read-only or take
 * it over; the first form then turns read-only within 5 s and keeps what was typed, and its later
 * save of the old version is refused with the server's message. The list marks locked rows.
 */

// Sign-ins through the form come from an address of their own: the server allows a few per address.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

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

/**
 * Waits until the form has kept `typed` in the browser's storage as unsaved work (lib/admin-form/drafts.ts),
 * which it does shortly after a change.
 */
async function expectDraftKept(page: Page, typed: string) {
  await expect
    .poll(() =>
      page.evaluate(
        (text) =>
          Object.keys(localStorage).some(
            (key) => key.startsWith('gonghui:draft:') && (localStorage.getItem(key) ?? '').includes(text),
          ),
        typed,
      ),
    )
    .toBe(true);
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

  // Leaving the page releases the lock (pagehide, keepalive): the row is free again. 李大華's form
  // goes first: it renews its lock every few seconds and would take the row again once it is free.
  await second.context().close();
  await first.goto(`/${language}-admin`);
  await expect
    .poll(async () => {
      const row = await request.get(`/api/webnews/get/${id}`, { headers: await adminHeaders(request, language) });
      return (await row.json()).lock ?? null;
    })
    .toBeNull();
  await first.context().close();
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

const staleWords = {
  tw: {
    badge: '譯文待更新',
    note: '譯文待更新：',
    filter: '只列出譯文待更新',
    search: '搜尋',
    link: '查看該版本的修改',
  },
  en: {
    badge: 'Translation out of date',
    note: 'Translation out of date:',
    filter: 'Only translations out of date',
    search: 'Search',
    link: 'See what changed there',
  },
};

for (const language of ['tw', 'en'] as const) {
  test(`${language}: a counterpart whose other language changed is marked out of date until it is saved`, async ({
    browser,
    request,
  }) => {
    const w = words[language];
    const s = staleWords[language];
    const other = language === 'tw' ? 'en' : 'tw';
    const stamp = `stale${Date.now()}`;
    const id = await addNews(request, language, `${stamp} ${language}`);
    const source = await request.post('/api/webnews/add', {
      headers: await adminHeaders(request, other),
      data: { title: `${stamp} ${other}`, translationId: id },
    });
    const sourceId = (await source.json()).id;
    const changed = await request.put('/api/webnews/update', {
      headers: await adminHeaders(request, other),
      data: { id: sourceId, title: `${stamp} ${other} changed` },
    });
    expect(changed.status()).toBe(200);

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInWithToken(page, request);
    await page.goto(`/${language}-admin/webnews?q=${stamp}`);
    const row = page.locator('tbody tr', { hasText: `${stamp} ${language}` });
    await expect(row.locator('.admin-stale')).toHaveText(s.badge);
    await page.getByLabel(s.filter).check();
    await page.getByRole('button', { name: s.search, exact: true }).click();
    await expect(page).toHaveURL(/stale=1/);
    await expect(page.locator('tbody tr')).toHaveCount(1);

    await row.getByRole('link').first().click();
    const note = page.getByRole('note').filter({ hasText: s.note });
    await expect(note).toBeVisible();
    await expect(note.getByRole('link', { name: s.link })).toHaveAttribute(
      'href',
      `/${other}-admin/webnews/${sourceId}#revisions-heading`,
    );
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: w.saveAndStay }).click();
    await expect(note).toHaveCount(0);
    await page.goto(`/${language}-admin/webnews?q=${stamp}`);
    await expect(page.locator('tbody tr', { hasText: `${stamp} ${language}` })).toBeVisible();
    await expect(page.locator('.admin-stale')).toHaveCount(0);
    await context.close();
  });
}

const draftWords = {
  tw: {
    restore: /^還原未儲存的內容（\d{2}:\d{2}）$/,
    discard: '捨棄',
    username: '帳號',
    password: '密碼',
    signIn: '登入',
  },
  en: {
    restore: /^Restore unsaved work \(\d{2}:\d{2}\)$/,
    discard: 'Discard',
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
  },
};

test('tw: what was typed in a new form survives leaving it; restored, saved, and then gone', async ({ page }) => {
  const language: Language = 'tw';
  const w = words[language];
  const d = draftWords[language];
  const typed = `草稿 ${Date.now()}`;
  await signInTo(page, `/${language}-admin/webnews/new`, language);
  await titleBox(page, language).fill(typed);
  // Kept shortly after the change; then the page is left without saving.
  await expectDraftKept(page, typed);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`/${language}-admin`);
  await page.goto(`/${language}-admin/webnews/new`);
  const banner = page.getByTestId('draft-banner');
  await expect(banner.getByRole('button', { name: d.restore })).toBeVisible();
  await expect(titleBox(page, language)).toHaveValue('');
  await expectNoAxeViolations(page);
  await banner.getByRole('button', { name: d.restore }).click();
  await expect(titleBox(page, language)).toHaveValue(typed);
  await expect(banner).toHaveCount(0);
  await page.getByRole('button', { name: w.saveAndStay }).click();
  await expect(page).toHaveURL(new RegExp(`/${language}-admin/webnews/\\d+$`));
  await page.goto(`/${language}-admin/webnews/new`);
  await expect(titleBox(page, language)).toBeEditable();
  await expect(page.getByTestId('draft-banner')).toHaveCount(0);

  // Signing out removes the account's unsaved work: the next person at this browser sees none.
  await titleBox(page, language).fill(`${typed} again`);
  await expectDraftKept(page, `${typed} again`);
  await page.getByRole('button', { name: '登出', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${language}-login$`));
  await signInTo(page, `/${language}-admin/webnews/new`, language);
  await expect(titleBox(page, language)).toBeEditable();
  await expect(page.getByTestId('draft-banner')).toHaveCount(0);
});

test('en: a session that ends mid-typing loses nothing: after signing in again the form offers it back', async ({
  page,
  request,
}) => {
  const language: Language = 'en';
  const w = words[language];
  const d = draftWords[language];
  const id = await addNews(request, language, `Draft ${Date.now()}`);
  const formPath = `/${language}-admin/webnews/${id}`;
  await signInTo(page, formPath, language);
  const typed = `Typed before the session ended ${Date.now()}`;
  await titleBox(page, language).fill(typed);
  await expectDraftKept(page, typed);
  // The session ends on the server (signed out elsewhere, say): the next save gets a 401.
  const token = await page.evaluate(() => window.localStorage.getItem('Authorization'));
  const logout = await request.post('/api/account/logout', {
    headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=draft', 'x-xsrf-token': 'draft' },
  });
  expect(logout.status()).toBe(200);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.type());
    void dialog.accept();
  });
  await page.getByRole('button', { name: w.save, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${language}-login`));
  expect(alerts).toContain('alert');
  await page.getByLabel(d.username).fill(admin.username);
  await page.getByLabel(d.password).fill(admin.password);
  await page.getByRole('button', { name: d.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${formPath}$`));
  const banner = page.getByTestId('draft-banner');
  await banner.getByRole('button', { name: d.restore }).click();
  await expect(titleBox(page, language)).toHaveValue(typed);
  await page.getByRole('button', { name: w.save, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${language}-admin/webnews$`));
  const stored = await request.get(`/api/webnews/get/${id}`, { headers: await adminHeaders(request, language) });
  expect((await stored.json()).title).toBe(typed);
});

test('en: a stale save shows both saves side by side; the merged values are saved over the newer version', async ({
  page,
  request,
}) => {
  const language: Language = 'en';
  const w = words[language];
  const id = await addNews(request, language, `Merge ${Date.now()}`);
  await signInTo(page, `/${language}-admin/webnews/${id}`, language);
  await titleBox(page, language).fill('Title typed here');
  // Someone else saves the title and the summary meanwhile.
  const other = await request.put('/api/webnews/update', {
    headers: await adminHeaders(request, language),
    data: { id, title: 'Title saved elsewhere', summary: 'Summary saved elsewhere' },
  });
  expect(other.status()).toBe(200);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: w.save, exact: true }).click();
  const panel = page.getByTestId('conflict-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(panel.locator('tbody tr')).toHaveCount(2);
  // The field typed here keeps the typed value; the one only the other save changed takes its value.
  await expect(panel.getByRole('radio', { name: 'Keep mine for Title' })).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Take theirs for Summary' })).toBeChecked();
  await expect(titleBox(page, language)).toHaveValue('Title typed here');
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: 'Apply and save' }).click();
  await expect(page).toHaveURL(new RegExp(`/${language}-admin/webnews$`));
  const stored = await (
    await request.get(`/api/webnews/get/${id}`, { headers: await adminHeaders(request, language) })
  ).json();
  expect({ title: stored.title, summary: stored.summary }).toEqual({
    title: 'Title typed here',
    summary: 'Summary saved elsewhere',
  });
});

test('en: a delete from the list of a row saved since the list was shown is refused, and the row stays', async ({
  page,
  request,
}) => {
  const language: Language = 'en';
  const stamp = `ListDelete ${Date.now()}`;
  const id = await addNews(request, language, stamp);
  await signInTo(page, `/${language}-admin/webnews?q=${encodeURIComponent(stamp)}`, language);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  const saved = await request.put('/api/webnews/update', {
    headers: await adminHeaders(request, language),
    data: { id, title: `${stamp} saved` },
  });
  expect(saved.status()).toBe(200);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: `Delete “${stamp}”` }).click();
  await expect.poll(() => dialogs.length).toBe(2);
  expect(dialogs[1]).toMatch(/ updated this item at \d{2}:\d{2}\. Reload it before saving again\.$/);
  const stored = await request.get(`/api/webnews/get/${id}`, { headers: await adminHeaders(request, language) });
  expect(stored.status()).toBe(200);
});

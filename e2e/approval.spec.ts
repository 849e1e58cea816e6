import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminHeaders, expectNoAxeViolations, expectToast, signInWithToken } from './helpers';

/**
 * Publishing with approval (docs/back-office.md): with 發布需經核准 on, a User edits a news item and
 * the public page keeps the old text; an Admin approves it on the 待審核 screen and the page shows
 * the new text at once; a rejection's comment reaches the User on the dashboard and the form. In
 * both back offices, with axe on each new screen. The setting is turned off again after the spec,
 * since every spec shares the test server.
 */

type Language = 'tw' | 'en';
type Credentials = { username: string; password: string };

const words = {
  tw: {
    title: '標題',
    saveAndStay: '儲存並繼續編輯',
    submitted: '已送交核准，管理者核准前網站維持原內容。',
    pendingSince: '起待核准',
    review: '待審核',
    open: (title: string) => `審核 ${title}`,
    live: '目前內容',
    proposed: '核准後',
    comment: '說明（退回時必填）',
    approve: '核准並發布',
    reject: '退回',
    approved: '已核准並發布。',
    rejected: '已退回，作者會看到您的說明。',
    mine: '我的送審',
    rejectedState: '已退回',
    rejectedNote: '退回：',
    due: '待檢視',
    reviewed: '已檢視',
    reviewedDone: '已檢視，下次檢視日為',
    lastReviewed: '最後檢視',
  },
  en: {
    title: 'Title',
    saveAndStay: 'Save and keep editing',
    submitted: 'Submitted for approval. The live page stays as it is until an Admin approves.',
    pendingSince: 'Pending approval since',
    review: 'Awaiting approval',
    open: (title: string) => `Review ${title}`,
    live: 'Live now',
    proposed: 'After approval',
    comment: 'Comment (required to reject)',
    approve: 'Approve and publish',
    reject: 'Reject',
    approved: 'Approved and published.',
    rejected: 'Rejected; the author will see your comment.',
    mine: 'My submissions',
    rejectedState: 'Rejected',
    rejectedNote: 'Not approved on',
    due: 'Due for review',
    reviewed: 'Reviewed',
    reviewedDone: 'Reviewed; next review by',
    lastReviewed: 'Last reviewed',
  },
};

async function setApproval(request: APIRequestContext, on: boolean) {
  const saved = await request.post('/api/websetting/webinfo', {
    headers: await adminHeaders(request),
    data: { approvalRequired: on },
  });
  expect(saved.status()).toBe(200);
}

let made = 0;
async function createUser(request: APIRequestContext): Promise<Credentials> {
  const username = `approval${Date.now()}_${++made}`;
  const password = 'user-password-1';
  const response = await request.post('/api/account/add', {
    headers: await adminHeaders(request),
    data: { username, displayName: `Editor ${made}`, role: 0, password },
  });
  expect(response.status()).toBe(200);
  return { username, password };
}

async function openAs(browser: Browser, request: APIRequestContext, path: string, who?: Credentials): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithToken(page, request, who);
  await page.goto(path);
  return page;
}

/** The public news page's text, as a visitor gets it. */
const publicText = async (request: APIRequestContext, language: Language, id: number) => {
  const response = await request.get(`/${language}/news/${id}`);
  expect(response.status()).toBe(200);
  return response.text();
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => setApproval(request, true));
test.afterAll(async ({ request }) => setApproval(request, false));

for (const language of ['tw', 'en'] as const) {
  test(`a User's edit waits for approval, is approved on the Awaiting approval screen, and a rejection reaches its author (${language})`, async ({
    browser,
    request,
  }) => {
    const w = words[language];
    const user = await createUser(request);
    const stamp = Date.now();
    const oldTitle = `Old news ${language} ${stamp}`;
    const newTitle = `New news ${language} ${stamp}`;
    const added = await request.post('/api/webnews/add', {
      headers: await adminHeaders(request, language),
      data: { title: oldTitle, isVisible: true },
    });
    const id = (await added.json()).id as number;
    expect(await publicText(request, language, id)).toContain(oldTitle);

    // The User edits the item: it is submitted, the form says so, the public page is unchanged.
    const editor = await openAs(browser, request, `/${language}-admin/webnews/${id}`, user);
    const title = editor.getByRole('textbox', { name: new RegExp(`^${w.title}`) });
    await expect(title).toHaveValue(oldTitle);
    await title.fill(newTitle);
    await editor.getByRole('button', { name: w.saveAndStay }).click();
    await expectToast(editor, w.submitted);
    await expect(editor.getByRole('heading', { name: new RegExp(w.pendingSince) })).toBeVisible();
    await expect(editor.locator('.admin-pending-diff')).toContainText(newTitle);
    await expectNoAxeViolations(editor);
    const stillOld = await publicText(request, language, id);
    expect(stillOld).toContain(oldTitle);
    expect(stillOld).not.toContain(newTitle);

    // The Admin sees the count in the menu, opens the change and approves it.
    const reviewer = await openAs(browser, request, `/${language}-admin/review`);
    await expect(reviewer.getByRole('heading', { level: 1, name: w.review })).toBeVisible();
    await expect(reviewer.locator('.admin-badge').first()).toHaveText(/^[1-9]\d*$/);
    await reviewer.getByRole('button', { name: w.open(newTitle) }).click();
    const diff = reviewer.locator('.admin-pending-diff');
    await expect(diff.getByRole('columnheader', { name: w.live })).toBeVisible();
    await expect(diff.getByRole('columnheader', { name: w.proposed })).toBeVisible();
    await expect(diff).toContainText(oldTitle);
    await expect(diff).toContainText(newTitle);
    await expectNoAxeViolations(reviewer);
    await reviewer.getByRole('button', { name: w.approve }).click();
    await expectToast(reviewer, w.approved);
    await expect(reviewer.getByRole('button', { name: w.open(newTitle) })).toHaveCount(0);
    expect(await publicText(request, language, id)).toContain(newTitle);

    // A second edit is rejected with a comment: the User reads it on the dashboard and on the form.
    await editor.reload();
    await editor.getByRole('textbox', { name: new RegExp(`^${w.title}`) }).fill(`${newTitle} again`);
    await editor.getByRole('button', { name: w.saveAndStay }).click();
    await expectToast(editor, w.submitted);
    await reviewer.reload();
    await reviewer.getByRole('button', { name: w.open(`${newTitle} again`) }).click();
    await reviewer.getByLabel(w.comment).fill('Please check the date');
    await reviewer.getByRole('button', { name: w.reject }).click();
    await expectToast(reviewer, w.rejected);
    expect(await publicText(request, language, id)).not.toContain(`${newTitle} again`);

    await editor.goto(`/${language}-admin`);
    const mine = editor.getByRole('region', { name: w.mine }).or(editor.locator('section', { hasText: w.mine }));
    const row = mine.locator('tr', { hasText: `${newTitle} again` });
    await expect(row).toContainText(w.rejectedState);
    await expect(row).toContainText('Please check the date');
    await expectNoAxeViolations(editor);
    await editor.goto(`/${language}-admin/webnews/${id}`);
    await expect(editor.getByRole('note')).toContainText(w.rejectedNote);
    await expect(editor.getByRole('note')).toContainText('Please check the date');
  });
}

for (const language of ['tw', 'en'] as const) {
  test(`a row past its review date is on the dashboard until 「已檢視」 moves its date on (${language})`, async ({
    browser,
    request,
  }) => {
    const w = words[language];
    const title = `Due ${language} ${Date.now()}`;
    const added = await request.post('/api/webnews/add', {
      headers: await adminHeaders(request, language),
      data: { title, reviewAt: '2020-01-01' },
    });
    const id = (await added.json()).id as number;
    const page = await openAs(browser, request, `/${language}-admin`);
    const due = page.locator('section', { has: page.getByRole('heading', { name: w.due }) });
    await expect(due.getByRole('link', { name: title })).toBeVisible();
    await expectNoAxeViolations(page);
    await due.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}-admin/webnews/${id}$`));
    const panel = page
      .locator('section', { has: page.getByRole('heading', { name: w.lastReviewed }) })
      .or(page.locator('.admin-review-dates'));
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: w.reviewed, exact: true }).click();
    await expectToast(page, w.reviewedDone);
    await expect(panel).toContainText(`${w.lastReviewed}:`);
    await page.goto(`/${language}-admin`);
    await expect(page.getByRole('heading', { name: w.due })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  });

  test(`the public list of a resource on a review cycle shows its 「最後檢視」, moved on by 「已檢視」 (${language})`, async ({
    page,
    request,
  }) => {
    const w = words[language];
    const headers = await adminHeaders(request, language);
    const cycles = (value: Record<string, number> | null) =>
      request.post('/api/websetting/webinfo', { headers, data: { reviewCycles: value } });
    expect((await cycles({ webnews: 6 })).status()).toBe(200);
    try {
      const added = await request.post('/api/webnews/add', { headers, data: { title: `Reviewed ${Date.now()}` } });
      const id = (await added.json()).id as number;
      // Kept by the server before the review: the review must make that copy stale.
      await page.goto(`/${language}/news`);
      const reviewed = await request.post(`/api/webnews/reviewed/${id}`, { headers });
      expect(reviewed.status()).toBe(200);
      // The wire's instants are in the site's time zone (Taipei), as the page's dates are.
      const today = ((await reviewed.json()).reviewedAt as string).slice(0, 10);
      await page.goto(`/${language}/news`);
      const mark = page.locator('p.meta', { hasText: w.lastReviewed });
      await expect(mark.locator('time')).toHaveAttribute('datetime', today);
      // Without a cycle, the list shows none.
      expect((await cycles(null)).status()).toBe(200);
      await page.goto(`/${language}/news`);
      await expect(mark).toHaveCount(0);
    } finally {
      await cycles(null);
    }
  });
}

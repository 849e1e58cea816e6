import { expect, test } from './fixtures';
import { adminHeaders, expectNoAxeViolations, signInWithToken } from './helpers';

/**
 * The back office's resource form in the browser (issue 5): validation messages in the current
 * language, the rich-text editor inserting an uploaded image and file, attachments, saving, the
 * saved content as the API and the public site show it, and axe on the form screen.
 */

// A real 1×1 PNG and a minimal PDF: the server decides file types from their bytes.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const words = {
  tw: {
    title: '標題',
    content: '內容',
    pinned: '置頂',
    required: '「標題」為必填。',
    save: '儲存',
    insertImage: '插入圖片',
    insertFile: '插入檔案',
    imageFile: '圖片檔案',
    imageAlt: '替代文字',
    file: '檔案',
    insert: '插入',
    attachments: '加入附件（可多選）',
    bold: '粗體',
  },
  en: {
    title: 'Title',
    content: 'Content',
    pinned: 'Pinned',
    required: 'Title is required.',
    save: 'Save',
    insertImage: 'Insert image',
    insertFile: 'Insert file',
    imageFile: 'Image file',
    imageAlt: 'Text alternative',
    file: 'File',
    insert: 'Insert',
    attachments: 'Add attachments (several at once allowed)',
    bold: 'Bold',
  },
} as const;

for (const language of ['tw', 'en'] as const) {
  const w = words[language];

  test(`${language}: a news item with an image and a file in its rich text is saved and published`, async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('dialog', (dialog) => {
      errors.push(`unexpected dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await signInWithToken(page, request);
    await page.goto(`/${language}-admin/webnews/new`);

    const title = page.getByRole('textbox', { name: new RegExp(`^${w.title}`) });
    const editor = page.getByRole('textbox', { name: w.content, exact: true });
    await expect(title).toBeVisible();
    await expect(editor).toBeVisible();
    // The editing area is at least 800 pixels high (docs/back-office-form.md, Rich-text editor).
    expect((await editor.boundingBox())!.height).toBeGreaterThanOrEqual(800);
    await expectNoAxeViolations(page);

    // Saving an empty form: the summary takes focus and names the problem in this language.
    await page.getByRole('button', { name: w.save, exact: true }).click();
    const summary = page.locator('section', { has: page.getByRole('link', { name: w.required }) });
    await expect(summary).toBeFocused();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator(`#${await title.getAttribute('aria-describedby')}`)).toHaveText(w.required);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: w.required }).click();
    await expect(title).toBeFocused();

    const newsTitle = `E2E form ${language} ${Date.now()}`;
    await title.fill(newsTitle);
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('checkbox', { name: w.pinned }).check();

    // Rich text: a bold word typed with the toolbar, then an uploaded image and an uploaded file.
    await editor.click();
    await page.keyboard.type('Intro ');
    const toolbar = page.getByRole('toolbar');
    await toolbar.getByRole('button', { name: w.bold }).click();
    await expect(toolbar.getByRole('button', { name: w.bold })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('bold');

    await toolbar.getByRole('button', { name: w.insertImage }).click();
    const imagePanel = page.getByRole('group', { name: w.insertImage });
    await expect(imagePanel.getByLabel(w.imageFile)).toBeFocused();
    await imagePanel.getByLabel(w.imageFile).setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: png });
    await imagePanel.getByRole('textbox', { name: w.imageAlt }).fill('A small chart');
    await imagePanel.getByRole('button', { name: w.insert, exact: true }).click();
    await expect(editor.locator('img[alt="A small chart"]')).toHaveAttribute(
      'src',
      /^\/uploads\/[0-9a-f-]{36}\/chart\.png$/,
    );

    await toolbar.getByRole('button', { name: w.insertFile }).click();
    const filePanel = page.getByRole('group', { name: w.insertFile });
    await filePanel
      .getByLabel(w.file, { exact: true })
      .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf });
    await filePanel.getByRole('button', { name: w.insert, exact: true }).click();
    await expect(editor.getByRole('link', { name: 'report.pdf' })).toHaveAttribute(
      'href',
      /^\/uploads\/[0-9a-f-]{36}\/report\.pdf$/,
    );

    // An attachment in the news item's own file list: name, type and size are shown.
    await page.getByLabel(w.attachments).setInputFiles({ name: 'annex.pdf', mimeType: 'application/pdf', buffer: pdf });
    const attachment = page.getByRole('row', { name: /annex\.pdf/ });
    await expect(attachment).toContainText('PDF');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}-admin/webnews$`));

    // The API has the content with the image and the file link, and the attachment.
    const headers = await adminHeaders(request, language);
    const list = await (
      await request.post('/api/webnews/getlist', { headers, data: { page: 1, pageSize: 5, keyword: newsTitle } })
    ).json();
    expect(list.data).toHaveLength(1);
    const saved = await (await request.get(`/api/webnews/get/${list.data[0].id}`, { headers })).json();
    expect(saved.content).toMatch(/<img src="\/uploads\/[0-9a-f-]{36}\/chart\.png" alt="A small chart"/);
    expect(saved.content).toMatch(/<a href="\/uploads\/[0-9a-f-]{36}\/report\.pdf">report\.pdf<\/a>/);
    expect(saved.content).toContain('<strong>bold</strong>');
    expect(saved.files).toHaveLength(1);
    expect(saved.isPinned).toBe(true);

    // The public site shows the new item on the home page of its language.
    await page.goto(`/${language}`);
    await expect(page.getByText(newsTitle)).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('tw: a law form lists business lines of the chosen class only; editing loads, keeps and saves a row', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithToken(page, request);
  const headers = await adminHeaders(request, 'tw');
  const rows = async (path: string) =>
    (await (await request.post(`/api/${path}`, { headers, data: { page: 1, pageSize: 9999 } })).json()).data;
  // A class with business lines, and the lines of another class, from the demo content.
  const businesses: { id: number; classId: number; name: string }[] = await rows('webrulebusiness/getlist');
  const classId = businesses[0].classId;
  const own = businesses.filter((b) => b.classId === classId).map((b) => b.name);
  const others = businesses.filter((b) => b.classId !== classId).map((b) => b.name);

  await page.goto('/tw-admin/webrule/new');
  const business = page.getByRole('combobox', { name: '業務別' });
  await expect(business).toBeDisabled();
  await expect(page.getByText('請先選擇「法規類別」。')).toBeVisible();
  await page.getByRole('combobox', { name: /^法規類別/ }).selectOption(String(classId));
  await expect(business).toBeEnabled();
  await expect(business.locator('option')).toHaveText(['請選擇', ...own]);
  expect(others.some((name) => own.includes(name))).toBe(false);

  // Editing a stored news item: its values and rich text load, and the form is not "changed" yet.
  const news = (await rows('webnews/getlist'))[0];
  const stored = await (await request.get(`/api/webnews/get/${news.id}`, { headers })).json();
  await page.goto(`/tw-admin/webnews/${news.id}`);
  const title = page.getByRole('textbox', { name: /^標題/ });
  await expect(title).toHaveValue(stored.title);
  const editor = page.getByRole('textbox', { name: '內容', exact: true });
  await expect(editor).not.toBeEmpty();
  page.once('dialog', (dialog) => {
    errors.push(`asked before leaving an unchanged form: ${dialog.message()}`);
    void dialog.dismiss();
  });

  // The toolbar is one Tab stop; arrow keys move along it.
  const toolbar = page.getByRole('toolbar');
  await toolbar.getByRole('button', { name: '內文' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: '標題 2' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: '重做' })).toBeFocused();
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);

  await title.fill(`${stored.title}（已更新）`);
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page).toHaveURL(/\/tw-admin\/webnews$/);
  const updated = await (await request.get(`/api/webnews/get/${news.id}`, { headers })).json();
  expect(updated.title).toBe(`${stored.title}（已更新）`);
  // Only the title changed: the rich text and attachments went back as they came.
  expect(updated.content).toBe(stored.content);
  expect(updated.files).toEqual(stored.files);
  expect(updated.publishAt).toBe(stored.publishAt);
  expect(errors).toEqual([]);
});

test('tw: a news item names its English counterpart, and the public language switch leads there', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithToken(page, request);
  const headers = await adminHeaders(request, 'tw');
  // A published English news item (what anonymous readers list), and a new Chinese one to link from.
  const anonymous = { 'web-language': 'en', 'x-xsrf-token': 'e2e-xsrf', cookie: 'XSRF-TOKEN=e2e-xsrf' };
  const english = await request.post('/api/webnews/getlist', { headers: anonymous, data: { page: 1, pageSize: 1 } });
  const target: { id: number; title: string } = (await english.json()).data[0];
  expect(target).toBeTruthy();
  const added = await request.post('/api/webnews/add', {
    headers,
    data: { title: `E2E counterpart ${Date.now()}`, isVisible: true },
  });
  expect(added.status()).toBe(200);
  const news: { id: number; translationId: number | null } = await added.json();
  expect(news.translationId).toBeNull();

  await page.goto(`/tw-admin/webnews/${news.id}`);
  const counterpart = page.getByRole('combobox', { name: '對應英文版本' });
  await expect(counterpart).toHaveAccessibleDescription(/英文版本/);
  // The English rows are listed by title (not the Chinese ones), after "none".
  await expect(counterpart.locator(`option[value="${target.id}"]`)).toHaveText(target.title);
  await expect(counterpart.locator('option').first()).toHaveText('（無）');
  await expect(counterpart).toHaveValue('');
  await expectNoAxeViolations(page);
  await counterpart.selectOption(String(target.id));
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page).toHaveURL(/\/tw-admin\/webnews$/);

  const saved = await (await request.get(`/api/webnews/get/${news.id}`, { headers })).json();
  expect(saved.translationId).toBe(target.id);

  // The public page's language switch and its hreflang alternate go to the English counterpart.
  await page.goto(`/tw/news/${news.id}`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    'href',
    new RegExp(`/en/news/${target.id}$`),
  );
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/news/${target.id}$`));

  // Back in the form the link is shown as stored, and "none" clears it (sent as null).
  await page.goto(`/tw-admin/webnews/${news.id}`);
  await expect(counterpart).toHaveValue(String(target.id));
  await counterpart.selectOption('');
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page).toHaveURL(/\/tw-admin\/webnews$/);
  expect((await (await request.get(`/api/webnews/get/${news.id}`, { headers })).json()).translationId).toBeNull();
  await request.delete(`/api/webnews/delete/${news.id}`, { headers });
  expect(errors).toEqual([]);
});

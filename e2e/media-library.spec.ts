import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminHeaders, expectNoAxeViolations, nextTestAddress, signInWithToken } from './helpers';

/**
 * The media library in both languages: an image's text alternative set in the library, the image
 * reused in a news item's image field through the keyboard-operated picker dialog (and shown on the
 * public page with that text alternative), where-used, and an unused upload deleted.
 */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const words = {
  en: {
    title: 'Media library',
    keyword: 'Keyword',
    search: 'Search',
    unused: 'Only unused uploads',
    altNone: 'None yet',
    altTw: 'Text alternative (Chinese)',
    altEn: 'Text alternative (English)',
    altSave: 'Save text alternative',
    altSaved: 'Text alternative saved.',
    pickImage: 'Choose an image from the media library',
    choose: (name: string) => `Choose “${name}”`,
    save: 'Save',
    deleteRow: (name: string) => `Delete “${name}”`,
    deleted: (name: string) => `Deleted “${name}”.`,
  },
  tw: {
    title: '媒體庫',
    keyword: '關鍵字',
    search: '搜尋',
    unused: '只顯示未使用的檔案',
    altNone: '尚未設定',
    altTw: '替代文字（中文）',
    altEn: '替代文字（英文）',
    altSave: '儲存替代文字',
    altSaved: '替代文字已儲存。',
    pickImage: '從媒體庫選擇圖片',
    choose: (name: string) => `選擇「${name}」`,
    save: '儲存',
    deleteRow: (name: string) => `刪除「${name}」`,
    deleted: (name: string) => `已刪除「${name}」。`,
  },
} as const;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

async function upload(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  mimeType: string,
  buffer: Buffer,
): Promise<string> {
  const result = await request.post('/api/upload', { headers, multipart: { file: { name, mimeType, buffer } } });
  expect(result.status()).toBe(200);
  return (await result.json()).id;
}

/** Axe, once the screen has its own document title (a filter's navigation puts it back a moment later). */
async function checkAxe(page: Page, title: RegExp) {
  await expect(page).toHaveTitle(title);
  await expectNoAxeViolations(page);
}

for (const language of ['tw', 'en'] as const) {
  const w = words[language];

  test(`${language}: set an image's text alternative, reuse it in a form with the keyboard, delete an unused upload`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const headers = await adminHeaders(request, language);
    const stamp = Date.now();
    const imageName = `library-${language}-${stamp}.png`;
    const spareName = `spare-${language}-${stamp}.txt`;
    const imageId = await upload(request, headers, imageName, 'image/png', png);
    const spareId = await upload(request, headers, spareName, 'text/plain', Buffer.from('spare notes'));
    const newsTitle = `Media news ${language} ${stamp}`;
    const added = await request.post('/api/webnews/add', {
      headers,
      data: { title: newsTitle, summary: 'Uses a library image' },
    });
    expect(added.status()).toBe(200);
    const newsId = (await added.json()).id as number;

    // The library, filtered to the new image: set its text alternative in both languages.
    await signInWithToken(page, request);
    await page.goto(`/${language}-admin/media`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.title);
    await page.getByLabel(w.keyword).fill(imageName);
    await page.getByRole('button', { name: w.search }).click();
    const row = page.locator(`tr[data-media-id="${imageId}"]`);
    await expect(row).toBeVisible();
    await checkAxe(page, new RegExp(`^${w.title} \\| `));
    await row.getByText(w.altNone).click();
    await row.getByLabel(w.altTw).fill('協會年會合照');
    await row.getByLabel(w.altEn).fill('Annual meeting group photo');
    await row.getByRole('button', { name: w.altSave }).click();
    await expect(row.getByRole('status')).toHaveText(w.altSaved);
    await checkAxe(page, new RegExp(`^${w.title} \\| `));

    // The news form: the image field's picker is a modal dialog worked with the keyboard.
    await page.goto(`/${language}-admin/webnews/${newsId}`);
    const opener = page.getByRole('button', { name: w.pickImage });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: w.pickImage });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(w.keyword)).toBeFocused();
    await page.keyboard.type(imageName);
    await page.keyboard.press('Enter');
    const choose = dialog.getByRole('button', { name: w.choose(imageName) });
    await expect(choose).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^(Choose|選擇)/ })).toHaveCount(1);
    await checkAxe(page, / \| /);
    // Escape closes the dialog and gives the focus back; then it is opened again and used.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel(w.keyword)).toBeFocused();
    await page.keyboard.type(imageName);
    await page.keyboard.press('Enter');
    await expect(choose).toBeVisible();
    await choose.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    // The chosen image shows with its text alternative, editable here too.
    await expect(page.getByLabel(w.altEn)).toHaveValue('Annual meeting group photo');
    await expect(page).toHaveURL(new RegExp(`/${language}-admin/webnews/${newsId}$`));
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}-admin/webnews$`));
    const saved = await (await request.get(`/api/webnews/get/${newsId}`, { headers })).json();
    expect(saved.image).toBe(imageId);

    // The public page uses the upload's text alternative in its language, not the title.
    await page.goto(`/${language}/news/${newsId}`);
    await expect(page.locator(`article img[src^="/uploads/${imageId}/"]`)).toHaveAttribute(
      'alt',
      language === 'en' ? 'Annual meeting group photo' : '協會年會合照',
    );

    // Back in the library the image is used by the news item (no delete); the unused file goes.
    await page.goto(`/${language}-admin/media?keyword=${encodeURIComponent(imageName)}`);
    await expect(row.getByRole('link', { name: new RegExp(newsTitle) })).toBeVisible();
    await expect(row.getByRole('button', { name: w.deleteRow(imageName) })).toHaveCount(0);
    await page.goto(`/${language}-admin/media`);
    await page.getByLabel(w.keyword).fill(spareName);
    await page.getByLabel(w.unused).check();
    await page.getByRole('button', { name: w.search }).click();
    await expect(page).toHaveURL(/unused=1/);
    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByRole('button', { name: w.deleteRow(spareName) }).click();
    await expect(page.locator('.admin-toasts-success').getByText(w.deleted(spareName))).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.locator(`tr[data-media-id="${spareId}"]`)).toHaveCount(0);
    expect((await request.get(`/api/upload/${spareId}`, { headers })).status()).toBe(404);
    expect(errors).toEqual([]);
  });
}

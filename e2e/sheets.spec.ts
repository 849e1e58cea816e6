import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { adminHeaders, expectNoAxeViolations, expectToast, nextTestAddress, signInTo } from './helpers';

/**
 * Spreadsheets and open data in the browser, in both languages: a filtered news list exported to
 * XLSX from the list screen and read back; a members spreadsheet imported from the list screen
 * (a dry run with problems writes nothing, the fixed file is written and shows on the public site);
 * and the open-data page (axe, its CSV's columns).
 */
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

const words = {
  tw: {
    export: '匯出 Excel (XLSX)',
    title: '標題',
    openData: '開放資料',
    news: '最新消息',
    csv: '最新消息（CSV）',
    import: '匯入',
    file: '試算表檔案（CSV 或 XLSX）',
    header: '機構名稱,類別,電話',
    category: '保險業',
    problems: '將新增 1 筆、更新 0 筆，有 2 個問題。',
    clean: '將新增 3 筆、更新 0 筆，有 0 個問題。',
    write: '匯入 3 筆',
    done: '已匯入：新增 3 筆、更新 0 筆。',
  },
  en: {
    export: 'Export Excel (XLSX)',
    title: 'Title',
    openData: 'Open data',
    news: 'News',
    csv: 'News (CSV)',
    import: 'Import',
    file: 'Spreadsheet file (CSV or XLSX)',
    header: 'Name,Category,Phone',
    category: 'Insurers',
    problems: '1 to add, 0 to update, 2 problems.',
    clean: '3 to add, 0 to update, 0 problems.',
    write: 'Import 3 rows',
    done: 'Imported: 3 added, 0 updated.',
  },
} as const;

for (const language of ['tw', 'en'] as const) {
  const w = words[language];

  test(`${language}: export a filtered news list to XLSX from the list screen`, async ({ page, request }) => {
    const headers = await adminHeaders(request, language);
    const stamp = `sheet${Date.now()}`;
    const titles = [`${stamp} one`, `${stamp} two`, `=1+1 ${stamp}`];
    for (const title of titles)
      expect(
        (
          await request.post('/api/webnews/add', { headers, data: { title, publishAt: '2024-03-04T05:06:07' } })
        ).status(),
      ).toBe(200);
    await request.post('/api/webnews/add', { headers, data: { title: `unrelated ${Date.now()}` } });
    await signInTo(page, `/${language}-admin/webnews?q=${stamp}&size=10`, language);
    await expect(page.locator('tbody tr')).toHaveCount(3);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: w.export }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${w.news}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const titleColumn = header.indexOf(w.title) + 1;
    expect(titleColumn).toBeGreaterThan(0);
    const exported = [];
    for (let row = 2; row <= sheet.rowCount; row++) exported.push(sheet.getRow(row).getCell(titleColumn).value);
    expect(exported.sort()).toEqual([...titles].sort());
  });

  test(`${language}: import members from a spreadsheet: problems first, then the fixed file`, async ({
    page,
    request,
  }) => {
    const stamp = `imp${Date.now()}`;
    const names = [`${stamp} A`, `${stamp} B`, `${stamp} C`];
    const file = (lines: string[]) => ({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${[w.header, ...lines].join('\r\n')}\r\n`),
    });
    await signInTo(page, `/${language}-admin/webmemberdept`, language);
    await page.getByRole('link', { name: w.import, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}-admin/webmemberdept/import$`));

    await page
      .getByLabel(w.file)
      .setInputFiles(file([`${names[0]},${w.category},1`, `,${w.category},2`, `${names[2]},??,3`]));
    await expect(page.getByRole('status').filter({ hasText: w.problems })).toBeVisible();
    await expect(page.locator('table').first().locator('tbody tr')).toHaveCount(2);
    await expect(page.getByRole('button', { name: w.write.replace('3', '1') })).toBeDisabled();
    await expectNoAxeViolations(page);
    const headers = await adminHeaders(request, language);
    const listed = async () =>
      (await (await request.post('/api/webmemberdept/getlist', { headers, data: { keyword: stamp } })).json()).data as {
        id: number;
        name: string;
      }[];
    expect(await listed()).toEqual([]);

    await page.getByLabel(w.file).setInputFiles(file(names.map((name, i) => `${name},${w.category},${i}`)));
    await expect(page.getByRole('status').filter({ hasText: w.clean })).toBeVisible();
    await page.getByRole('button', { name: w.write }).click();
    await expectToast(page, w.done);
    await expect(page).toHaveURL(new RegExp(`/${language}-admin/webmemberdept$`));
    const added = await listed();
    expect(added.map((row) => row.name).sort()).toEqual(names);
    for (const row of added) {
      await page.goto(`/${language}/members/${row.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(row.name);
    }
  });

  test(`${language}: the open-data page passes axe and its CSV has the dataset's columns`, async ({
    page,
    request,
  }) => {
    await page.goto(`/${language}`);
    await page.getByRole('contentinfo').getByRole('link', { name: w.openData, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/open-data$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.openData);
    await expectNoAxeViolations(page);
    const news = page.getByRole('region', { name: w.news, exact: true });
    const fields = await news.locator('dd').first().textContent();
    const href = `/${language}/open-data/webnews.csv`;
    await expect(news.getByRole('link', { name: w.csv })).toHaveAttribute('href', href);
    const csv = await request.get(href);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers()['xkey']).toContain('content');
    const text = (await csv.body()).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const header = text.slice(1).split('\r\n')[0].split(',');
    expect(header.join(language === 'tw' ? '、' : ', ')).toBe(fields);
    const json = await (await request.get(`/${language}/open-data/webnews.json`)).json();
    expect(json.fields.map((f: { label: string }) => f.label)).toEqual(header);
  });
}

test('the open-data page works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/tw/open-data');
  await expect(page.getByRole('link', { name: '最新消息（CSV）' })).toBeVisible();
  await context.close();
});

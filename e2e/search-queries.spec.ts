import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, signInTo } from './helpers';
import en from '../messages/en/admin.json';

/**
 * What visitors search for, on the dashboard: views of the search page counted (a page sent from
 * the server's own cache too), the most searched and the zero-result queries of 30 days for
 * Admins, with their export.
 */
test('the dashboard shows Admins the top and the zero-result searches, accessibly, with an export', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const nothing = 'zzyzx quokka';
  // Twice the same search (the second from the stored page), once one that finds nothing. A word no
  // other spec searches for: the worker's server counts every spec's searches.
  for (const path of ['/en/search?q=Pension', '/en/search?q=pension', `/en/search?q=${encodeURIComponent(nothing)}`])
    expect((await page.goto(path))!.status()).toBe(200);
  // Paging and suggestions are not searches.
  await page.goto('/en/search?q=pension&page=2');
  expect((await request.get('/api/search/suggest?q=pens&lang=en')).status()).toBe(200);

  await signInTo(page, '/en-admin');
  const top = page.getByRole('region', { name: en.searchQueries.title });
  const zero = page.getByRole('region', { name: en.searchQueries.zeroTitle });
  // Each server writes its counts every few seconds.
  await expect(async () => {
    await page.reload();
    await expect(top.getByRole('row', { name: /^pension English 2 \d+$/ })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(zero.getByRole('row', { name: `${nothing} English 1` })).toBeVisible();
  await expect(zero.getByRole('row', { name: /^pension / })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await zero.getByRole('button', { name: 'CSV' }).click();
  const file = await (await download).path();
  const text = (await readFile(file!, 'utf8')).replace(/^\uFEFF/, '');
  expect(text.split(/\r?\n/)[0]).toBe('Query,Language,Searches,Results');
  expect(text).toContain(`${nothing},English,1,0`);
  expect(text).not.toContain('pension,');

  expect((await request.post('/api/search/queries', { data: { days: 30 } })).status()).toBeGreaterThanOrEqual(400);
});

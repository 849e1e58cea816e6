import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminHeaders, expectNoAxeViolations, expectToast, nextTestAddress, signInTo } from './helpers';

/**
 * The back office's safety nets in the browser: a row's revisions under its form (difference and
 * restore), the trash reached from the list (restore), and the Admins' audit log with its filters.
 */
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

const signIn = (page: Page, wanted: string) => signInTo(page, wanted);

test('revisions restore an earlier version; a deleted row comes back from the trash; the audit log shows both', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await adminHeaders(request, 'en');
  const stamp = Date.now();
  const first = `Safety first ${stamp}`;
  const second = `Safety second ${stamp}`;
  const added = await request.post('/api/webnews/add', {
    headers,
    data: { title: first, summary: 'The first summary' },
  });
  expect(added.status()).toBe(200);
  const { id } = await added.json();
  expect(
    (
      await request.put('/api/webnews/update', { headers, data: { id, title: second, summary: 'The second summary' } })
    ).status(),
  ).toBe(200);

  // The form lists the revisions; the earlier one shows what would change, then restores it.
  await signIn(page, `/en-admin/webnews/${id}`);
  await expect(page.getByRole('heading', { name: 'Revisions' })).toBeVisible();
  await page.getByRole('button', { name: /^Revision 1:/ }).click();
  const diff = page.getByRole('region', { name: 'Revision 1 compared with now' });
  await expect(diff.getByRole('row', { name: /Title/ })).toContainText(second);
  await expect(diff.getByRole('row', { name: /Title/ })).toContainText(first);
  await expectNoAxeViolations(page);
  await diff.getByRole('button', { name: 'Restore revision 1' }).click();
  await expectToast(page, 'Restored.');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(first);
  await expect(page.getByRole('button', { name: /^Revision 3:/ })).toBeVisible();

  // Deleted from the list, the row is in the trash, and comes back from there.
  await page.goto('/en-admin/webnews');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Delete “${first}”` }).click();
  await expectToast(page, 'Deleted');
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/en-admin\/webnews\/trash$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trash: News');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Restore “${first}”` }).click();
  await expectToast(page, 'Restored.');
  await expect(page.getByRole('button', { name: `Restore “${first}”` })).toHaveCount(0);
  expect((await request.get(`/api/webnews/get/${id}`, { headers })).status()).toBe(200);

  // The audit log, filtered to restores of news, names both.
  await page.goto('/en-admin/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
  await page.getByLabel('Action').selectOption('restore');
  await page.getByLabel('Content').selectOption('webnews');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/action=restore&resource=webnews/);
  await expect(page.getByRole('row').filter({ hasText: `${first} (#1)` })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: `${first} (trash)` })).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('the audit log searches at once, without waiting for the server to render the page again', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request, 'en');
  const title = `Audit search ${Date.now()}`;
  const added = await request.post('/api/webnews/add', { headers, data: { title, summary: 'Deleted and restored' } });
  const { id } = await added.json();
  expect((await request.delete(`/api/webnews/delete/${id}`, { headers })).status()).toBe(200);
  expect((await request.put(`/api/webnews/restore/${id}`, { headers })).status()).toBe(200);

  await signIn(page, '/en-admin/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
  // The server's renders of back-office pages (navigations and the menu's link prefetches) are held
  // until the end: a busy server answers them late, and the search must not wait for one.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/[?&]_rsc=/, async (route) => {
    await released;
    await route.continue();
  });
  try {
    await page.getByLabel('Action').selectOption('restore');
    await page.getByLabel('Content').selectOption('webnews');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/en-admin\/audit\?action=restore&resource=webnews$/);
    await expect(page.getByLabel('Action')).toHaveValue('restore');
    await expect(page.getByLabel('Content')).toHaveValue('webnews');
    // Only the restore: the row's add and delete are filtered out.
    const rows = page.getByRole('row').filter({ hasText: title });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`${title} (trash)`);
    await expect(page.getByRole('button', { name: 'Clear' })).toBeVisible();
    // The form is built again for the new address; the keyboard stays at its search button.
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
    await expectNoAxeViolations(page);

    // Back returns to the whole log, with the fields as its address has them.
    await page.goBack();
    await expect(page).toHaveURL(/\/en-admin\/audit$/);
    await expect(page.getByLabel('Action')).toHaveValue('');
    await expect(page.getByLabel('Content')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);

    // Forward brings the search back; Clear empties it.
    await page.goForward();
    await expect(page.getByLabel('Action')).toHaveValue('restore');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/en-admin\/audit$/);
    await expect(page.getByLabel('Content')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
  } finally {
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

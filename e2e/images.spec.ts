import { request as requests, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { phonePhoto } from '../bench/phone-photo.mjs';
import { adminHeaders, expectNoAxeViolations, expectToast, nextTestAddress, signInWithToken } from './helpers';
import { E2E_PORT } from './worker';

/**
 * A phone's 12-megapixel photo as a news item's cover: the page downloads a copy sized for the
 * screen, in AVIF, within the byte targets (measured from the page's network events); no copy
 * carries the GPS position; the sharing image is a 1200×630 crop; the media library sets the focal
 * point and replaces the file in place (axe on its new controls).
 */

const GPS_POINTER = [0x25, 0x88]; // the GPS directory's tag (0x8825), little-endian

let photo: Buffer;
let imageId: string;
let newsId: number;
let headers: Record<string, string>;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const request = await requests.newContext({
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    extraHTTPHeaders: { 'x-forwarded-for': nextTestAddress() },
  });
  photo = await phonePhoto();
  headers = await adminHeaders(request, 'en');
  const uploaded = await request.post('/api/upload', {
    headers,
    multipart: { file: { name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status()).toBe(200);
  imageId = (await uploaded.json()).id;
  // A visitor never waits for a slow encode: the first request of the largest AVIF answers at once.
  const started = Date.now();
  const first = await request.get(`/uploads/${imageId}/IMG_4032.jpg?w=1920&f=avif&v=1`);
  expect(first.status()).toBe(200);
  expect(Date.now() - started).toBeLessThanOrEqual(1500);
  expect(first.headers()['content-type']).toMatch(/^image\/(avif|webp|jpeg)$/);
  const added = await request.post('/api/webnews/add', {
    headers,
    data: { title: `Annual dinner ${Date.now()}`, summary: 'Photos of the dinner', image: imageId, isVisible: true },
  });
  expect(added.status()).toBe(200);
  newsId = (await added.json()).id;
  // The copies are made in the background; once the last AVIF is there, every page gets its exact copy.
  await expect
    .poll(
      async () => (await request.get(`/uploads/${imageId}/IMG_4032.jpg?w=1920&f=avif&v=1`)).headers()['content-type'],
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe('image/avif');
  await request.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

/** The bytes of this upload that a page load fetched, and their types. */
async function imageBytes(page: Page, path: string) {
  const fetched: { url: string; type: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes(`/uploads/${imageId}/`)) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    fetched.push({ url: response.url(), type: response.headers()['content-type'] ?? '', bytes: body.byteLength });
  });
  await page.goto(path);
  await page.locator(`article img[src*="/uploads/${imageId}/"]`).evaluate((img: HTMLImageElement) => img.decode());
  // Nothing more to fetch: no further copy of the image is asked for after the one shown.
  // eslint-disable-next-line playwright/no-networkidle
  await page.waitForLoadState('networkidle');
  return fetched;
}

for (const screen of [
  { width: 375, height: 812, scale: 2, limit: 150_000 },
  { width: 1280, height: 800, scale: 1, limit: 300_000 },
]) {
  test(`a ${screen.width} px screen at DPR ${screen.scale} downloads one AVIF copy of the cover, at most ${screen.limit / 1000} KB`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.scale,
    });
    const page = await context.newPage();
    const fetched = await imageBytes(page, `/en/news/${newsId}`);
    await context.close();
    expect(fetched).toHaveLength(1);
    expect(fetched[0].type).toBe('image/avif');
    expect(fetched[0].bytes).toBeGreaterThan(0);
    expect(fetched[0].bytes).toBeLessThanOrEqual(screen.limit);
    // The original is 3–6 MB: the copy is a small part of it.
    expect(fetched[0].bytes).toBeLessThan(photo.byteLength / 10);
  });
}

test('no copy carries the GPS position, every one is upright, and the sharing image is a 1200×630 crop under 200 KB', async ({
  page,
  request,
}) => {
  await page.goto(`/en/news/${newsId}`);
  const sources = await page
    .locator(`article picture source, article picture img`)
    .evaluateAll((nodes) => nodes.flatMap((node) => (node.getAttribute('srcset') ?? '').split(', ')));
  const urls = [...new Set(sources.map((entry) => entry.split(' ')[0]).filter(Boolean))];
  expect(urls).toHaveLength(15);
  for (const url of [...urls, `/uploads/${imageId}/IMG_4032.jpg`]) {
    const response = await request.get(url);
    const bytes = await response.body();
    const metadata = await sharp(bytes).metadata();
    expect(metadata.width! < metadata.height!, url).toBe(true);
    expect(metadata.orientation ?? 1).toBe(1);
    expect(metadata.exif?.includes(Buffer.from(GPS_POINTER)) ?? false, url).toBe(false);
  }
  const share = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(share).toContain(`/uploads/${imageId}/`);
  const crop = await request.get(new URL(share!).pathname + new URL(share!).search);
  const bytes = await crop.body();
  expect(bytes.byteLength).toBeLessThan(200_000);
  expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
});

async function openTools(page: Page, request: APIRequestContext, name: string) {
  await signInWithToken(page, request);
  await page.goto(`/en-admin/media?keyword=${encodeURIComponent(name)}`);
  const row = page.locator(`tr[data-media-id="${imageId}"]`);
  await row.getByText('Focal point and file').click();
  return row;
}

test('the media library: focal point by slider, replace the file in place; axe on the new controls', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const row = await openTools(page, request, 'IMG_4032.jpg');
  const tools = row.getByRole('group', { name: 'Focal point and file of “IMG_4032.jpg”' });
  await expect(tools).toBeVisible();
  await expect(tools.getByRole('button', { name: /Set the focal point/ })).toBeVisible();
  await expect(page).toHaveTitle(/^Media library \| /);
  await expectNoAxeViolations(page);

  // The keyboard way: the sliders, then save.
  const top = tools.getByLabel('Focal point from the top (%)');
  await top.focus();
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowUp');
  await expect(top).toHaveValue('80');
  await tools.getByRole('button', { name: 'Save focal point' }).click();
  await expect(tools.getByRole('status')).toHaveText('Focal point saved.');
  const item = await (await request.get(`/api/media/history/${imageId}`, { headers })).json();
  expect(item).toEqual([]);
  await page.goto(`/en/news/${newsId}`);
  expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toContain('.500.800');

  // Replace: a blue picture under the same id and URL; the public page shows it at once.
  const blue = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#1040c0' } })
    .jpeg()
    .toBuffer();
  const again = await openTools(page, request, 'IMG_4032.jpg');
  await again.getByLabel('Replace file').setInputFiles({ name: 'blue.jpg', mimeType: 'image/jpeg', buffer: blue });
  await again.getByRole('button', { name: 'Replace', exact: true }).click();
  await expectToast(page, 'Replaced the file of “IMG_4032.jpg”');
  await expectNoAxeViolations(page);
  await page.goto(`/en/news/${newsId}`);
  const cover = page.locator(`article img[src*="/uploads/${imageId}/IMG_4032.jpg"]`);
  await expect(cover).toHaveAttribute('src', /v=2$/);
  await expect(cover).toHaveAttribute('width', '1600');
  const shown = await request.get((await cover.getAttribute('src'))!);
  const { data } = await sharp(await shown.body())
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(data[2]).toBeGreaterThan(150);
  const history = await (await request.get(`/api/media/history/${imageId}`, { headers })).json();
  expect(history).toEqual([expect.objectContaining({ version: 1, width: 3024, height: 4032 })]);

  // The file the replacement put aside is listed and brought back from the library.
  const tools3 = await openTools(page, request, 'IMG_4032.jpg');
  await expect(tools3.getByRole('heading', { name: 'Earlier files' })).toBeVisible();
  await expectNoAxeViolations(page);
  await tools3.getByRole('button', { name: 'Restore version 1 of “IMG_4032.jpg”' }).click();
  await expectToast(page, 'Restored version 1 of “IMG_4032.jpg”');
  await page.goto(`/en/news/${newsId}`);
  await expect(cover).toHaveAttribute('width', '3024');
  expect(errors).toEqual([]);
});

// Image benchmark: how long the copies of a 12-megapixel phone photo take to make, how soon a
// first request for one is answered, and how many bytes the pages that show such photos download.
//
//   npm run build && node bench/images.mjs
//   DATABASE_URL=postgres://… node bench/images.mjs      (UPLOAD_STORAGE follows: database)
//
// It builds nothing: it starts the server as `npm start` does on a private data folder (BENCH_PORT,
// default 3490), uploads a 4032×3024 JPEG (EXIF orientation 6, GPS tags: bench/phone-photo.mjs),
// times the first request of its 1920-wide AVIF (made in the background: the request gets the best
// copy there is) and the background work until every copy is stored, then makes ten news items with
// such covers and loads the news item and the news list in Chromium at 375 px (DPR 2) and 1280 px
// (DPR 1), adding up the bytes of every response (from the page's network events; decompressed).
// Prints a Markdown table (also written to bench-data/images.md) and stops the server it started,
// by PID. BENCH_LIGHTHOUSE=1 then runs bench/lighthouse.mjs (mobile) on those two pages.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { benchEnv, benchToken, root, waitUp } from './bench-server.mjs';
import { phonePhoto } from './phone-photo.mjs';

const port = Number(process.env.BENCH_PORT) || 3490;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-bench-images-'));
const env = { ...benchEnv(port, 'bench-data/images'), DATA_DIR: dataDir };
const xsrf = { cookie: 'XSRF-TOKEN=i', 'x-xsrf-token': 'i' };
const WIDTHS = [320, 640, 960, 1280, 1920];
const FORMATS = ['jpeg', 'webp', 'avif'];

const server = spawn('sh', [path.join(root, 'scripts/start.sh'), '-p', String(port)], {
  cwd: root,
  env,
  stdio: 'ignore',
});
const stop = () =>
  new Promise((resolve) =>
    server.exitCode === null ? (server.once('exit', resolve), server.kill('SIGTERM')) : resolve(),
  );

async function upload(token, bytes, name) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), name);
  const response = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: { ...xsrf, authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return response.json();
}

async function addNews(token, title, image) {
  const response = await fetch(`${base}/api/webnews/add`, {
    method: 'POST',
    headers: { ...xsrf, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'web-language': 'en' },
    body: JSON.stringify({ title, summary: `${title}: photos of the evening`, image, isVisible: true }),
  });
  if (!response.ok) throw new Error(`add: ${response.status} ${await response.text()}`);
  return (await response.json()).id;
}

/** Waits until every width × format copy of the upload answers in its own format; the time taken. */
async function allCopies(upload, started) {
  for (;;) {
    const types = await Promise.all(
      WIDTHS.flatMap((w) =>
        FORMATS.map(async (f) => (await fetch(`${base}${upload.url}?w=${w}&f=${f}&v=1`)).headers.get('content-type')),
      ),
    );
    if (types.every((type, i) => type === `image/${FORMATS[i % FORMATS.length]}`)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function pageBytes(browser, url, screen) {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: 800 },
    deviceScaleFactor: screen.scale,
  });
  const page = await context.newPage();
  const sizes = { images: 0, count: 0, total: 0 };
  page.on('response', async (response) => {
    const bytes = (await response.body().catch(() => Buffer.alloc(0))).byteLength;
    sizes.total += bytes;
    if (response.url().includes('/uploads/')) {
      sizes.images += bytes;
      sizes.count++;
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Scroll to the end, so lazy images below the fold load too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await context.close();
  return sizes;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`;

try {
  await waitUp(base, 120);
  const token = await benchToken(base, env);
  const photo = await phonePhoto();
  const lines = [];
  const started = Date.now();
  const first = await upload(token, photo, 'IMG_0001.jpg');
  const uploadMs = Date.now() - started;
  const requestStarted = Date.now();
  const firstCopy = await fetch(`${base}${first.url}?w=1920&f=avif&v=1`);
  const firstBytes = (await firstCopy.arrayBuffer()).byteLength;
  const firstMs = Date.now() - requestStarted;
  const allMs = await allCopies(first, started);
  lines.push(
    `| original | ${kb(photo.byteLength)}, 4032×3024 (shown 3024×4032) |`,
    `| upload (checked, stored) | ${uploadMs} ms |`,
    `| first request of the 1920-wide AVIF, right after | ${firstMs} ms (${firstCopy.headers.get('content-type')}, ${kb(firstBytes)}) |`,
    `| every copy made (15 + the sharing crop), from the upload | ${(allMs / 1000).toFixed(1)} s |`,
  );
  for (const w of WIDTHS)
    lines.push(
      `| ${w} wide | ${(
        await Promise.all(
          FORMATS.map(
            async (f) =>
              `${f} ${kb((await (await fetch(`${base}${first.url}?w=${w}&f=${f}&v=1`)).arrayBuffer()).byteLength)}`,
          ),
        )
      ).join(', ')} |`,
    );
  const share = await (await fetch(`${base}${first.url}?crop=share&v=1.500.500`)).arrayBuffer();
  lines.push(`| sharing crop 1200×630 (JPEG) | ${kb(share.byteLength)} |`);

  const newsId = await addNews(token, 'Annual dinner 1', first.id);
  for (let i = 2; i <= 10; i++) {
    const other = await upload(token, await phonePhoto(i), `IMG_000${i}.jpg`);
    await addNews(token, `Annual dinner ${i}`, other.id);
  }
  // Every cover's copies made, as a site has them a minute after its uploads.
  const covers = (
    await (
      await fetch(`${base}/api/webnews/getlist`, {
        method: 'POST',
        headers: { ...xsrf, 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ page: 1, pageSize: 10 }),
      })
    ).json()
  ).data;
  for (const row of covers)
    if (row.image)
      await allCopies({ url: (await (await fetch(`${base}/api/upload/${row.image}`)).json()).url }, Date.now());

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const pages = [];
  for (const [name, url] of [
    ['news item', `${base}/en/news/${newsId}`],
    ['news list (10 covers)', `${base}/en/news`],
  ])
    for (const screen of [
      { width: 375, scale: 2 },
      { width: 1280, scale: 1 },
    ]) {
      const sizes = await pageBytes(browser, url, screen);
      pages.push(
        `| ${name} | ${screen.width} px, DPR ${screen.scale} | ${sizes.count} | ${kb(sizes.images)} | ${kb(sizes.total)} |`,
      );
    }
  await browser.close();
  const table = [
    `Load average before: ${os.loadavg()[0].toFixed(1)}; ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}.`,
    '',
    '| what | figure |',
    '|---|---|',
    ...lines,
    '',
    '| page | screen | images fetched | image bytes | all bytes |',
    '|---|---|---:|---:|---:|',
    ...pages,
  ].join('\n');
  console.log(table);
  if (process.env.BENCH_LIGHTHOUSE === '1') {
    // Lighthouse (mobile) on the same two pages, while their covers are these photos.
    const { status } = spawnSync(process.execPath, [path.join(root, 'bench/lighthouse.mjs')], {
      cwd: root,
      env: { ...process.env, LIGHTHOUSE_BASE: base, LIGHTHOUSE_PAGES: `/en/news/${newsId},/en/news` },
      stdio: 'inherit',
    });
    if (status) process.exitCode = status;
  }
  fs.mkdirSync(path.join(root, 'bench-data'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench-data/images.md'), `${table}\n`);
} finally {
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Public images carry their own pixel size (lib/public/attachments.ts), so pages reserve their space. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bannerPng, logoPng } from '../../lib/demo/assets';
import sharp from 'sharp';
import { imageUrl, publicImage, shareImageUrl } from '../../lib/public/attachments';
import { responsiveImages } from '../../lib/public/rich-text';
import { storeUpload } from '../../lib/uploads';
import { folderStorage, setUploadStorage } from '../../lib/uploads/storage';
import { withDatabase } from '../helpers/database';

withDatabase();

beforeAll(() => {
  setUploadStorage(folderStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-images-'))));
});

async function stored(bytes: Uint8Array, name: string): Promise<string> {
  const result = await storeUpload(bytes, name, null);
  if (!result.ok) throw new Error(`not stored: ${result.reason}`);
  return result.upload.id;
}

// An upload's text alternatives per language (none set here): cover images use them before the title.
const noAlt = { alt: { tw: '', en: '' } };

test('an uploaded image gives its URL with its own width, height and text alternatives', async () => {
  const banner = await stored(bannerPng(1, 640, 360), 'banner.png');
  const logo = await stored(logoPng(2, 240), 'logo.png');
  expect(await publicImage(banner)).toMatchObject({
    url: `/uploads/${banner}/banner.png`,
    width: 640,
    height: 360,
    ...noAlt,
  });
  expect(await publicImage(logo)).toMatchObject({ width: 240, height: 240 });
  // The URL a lookup gave stands for the upload: pages that resolved the URL first still get the size.
  expect(await publicImage(`/uploads/${banner}/banner.png`)).toMatchObject({
    url: `/uploads/${banner}/banner.png`,
    width: 640,
    height: 360,
    ...noAlt,
  });
});

test('an uploaded image offers AVIF, WebP and JPEG copies at its widths, its focal point and its sharing crop', async () => {
  const photo = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();
  const id = await stored(photo, 'photo.jpg');
  const image = await publicImage(id);
  const url = `/uploads/${id}/photo.jpg`;
  expect(image?.sources?.map((source) => source.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
  expect(image?.sources?.[0].candidates).toEqual(
    [320, 640, 960, 1280, 1500].map((width) => ({ url: `${url}?w=${width}&f=avif&v=1`, width })),
  );
  expect(image?.position).toBe('50% 50%');
  expect(image?.share).toBe(`${url}?crop=share&v=1.500.500`);
  expect(await shareImageUrl(id)).toBe(image?.share);
  expect(await imageUrl(id)).toBe(`${url}?w=1280&f=jpeg&v=1`);
  // A PNG (a logo, a chart) stays lossless: lossless WebP and PNG, no AVIF.
  const logo = await stored(logoPng(3, 240), 'logo.png');
  expect((await publicImage(logo))?.sources?.map((source) => source.type)).toEqual(['image/webp', 'image/png']);
});

test('rich text: an uploaded image becomes a <picture> with sized sources; other images stay', async () => {
  const photo = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();
  const id = await stored(photo, 'inline.jpg');
  const url = `/uploads/${id}/inline.jpg`;
  const html = `<p>Before</p><p><img src="${url}" alt="A &amp; B"></p><p><img src="https://example.org/x.png" alt="x"></p>`;
  const shown = await responsiveImages(html, publicImage, '100vw');
  expect(shown).toContain('<p>Before</p><p><picture><source type="image/avif" srcset="');
  expect(shown).toContain(`${url}?w=320&amp;f=webp&amp;v=1 320w, ${url}?w=640&amp;f=webp&amp;v=1 640w`);
  expect(shown).toContain(
    `<img src="${url}?w=1000&amp;f=jpeg&amp;v=1" srcset="${url}?w=320&amp;f=jpeg&amp;v=1 320w, ${url}?w=640&amp;f=jpeg&amp;v=1 640w, ${url}?w=960&amp;f=jpeg&amp;v=1 960w, ${url}?w=1000&amp;f=jpeg&amp;v=1 1000w" sizes="100vw" alt="A &amp; B" width="1000" height="500" loading="lazy" decoding="async"></picture></p>`,
  );
  expect(shown).toContain('<img src="https://example.org/x.png" alt="x">');
  expect(await responsiveImages('<p>none</p>', publicImage, '100vw')).toBe('<p>none</p>');
});

test('outside URLs and files that are not images have no size; unknown values give nothing', async () => {
  const pdf = await stored(new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), 'a.pdf');
  expect(await publicImage('https://example.org/a.png')).toEqual({ url: 'https://example.org/a.png' });
  expect(await publicImage(pdf)).toEqual({ url: `/uploads/${pdf}/a.pdf`, ...noAlt });
  expect(await publicImage('javascript:alert(1)')).toBeNull();
  expect(await publicImage(42)).toBeNull();
});

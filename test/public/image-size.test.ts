/** Public images carry their own pixel size (lib/public/attachments.ts), so pages reserve their space. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bannerPng, logoPng } from '../../lib/demo/assets';
import { publicImage } from '../../lib/public/attachments';
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
  expect(await publicImage(banner)).toEqual({
    url: `/uploads/${banner}/banner.png`,
    width: 640,
    height: 360,
    ...noAlt,
  });
  expect(await publicImage(logo)).toMatchObject({ width: 240, height: 240 });
  // The URL a lookup gave stands for the upload: pages that resolved the URL first still get the size.
  expect(await publicImage(`/uploads/${banner}/banner.png`)).toEqual({
    url: `/uploads/${banner}/banner.png`,
    width: 640,
    height: 360,
    ...noAlt,
  });
});

test('outside URLs and files that are not images have no size; unknown values give nothing', async () => {
  const pdf = await stored(new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), 'a.pdf');
  expect(await publicImage('https://example.org/a.png')).toEqual({ url: 'https://example.org/a.png' });
  expect(await publicImage(pdf)).toEqual({ url: `/uploads/${pdf}/a.pdf`, ...noAlt });
  expect(await publicImage('javascript:alert(1)')).toBeNull();
  expect(await publicImage(42)).toBeNull();
});

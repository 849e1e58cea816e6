/** The media library's image calls: focal point, replace in place, earlier files, the original for staff. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { withUploadFolder } from './helpers/uploads';
import { resetConfig } from '../lib/config';
import { runHousekeeping } from '../lib/content/jobs/housekeeping';
import { publicImage } from '../lib/public/attachments';
import { findUpload, storeUpload, variantSource } from '../lib/uploads';
import { uploadAnswer } from '../lib/uploads/answer';
import { shareVariant, storedVariantKeys, variantsIdle } from '../lib/uploads/variants';

withDatabase();
const held = withUploadFolder();

let token: string;
beforeAll(async () => {
  token = (await signedIn(0)).token;
});
afterEach(() => {
  delete process.env.CACHE_PURGE_URLS;
  delete process.env.TRASH_DAYS;
  resetConfig();
});

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 3/1' } })
    .toBuffer();

async function stored(bytes: Uint8Array, name = 'photo.jpg'): Promise<string> {
  const result = await storeUpload(bytes, name, null);
  if (!result.ok) throw new Error(result.reason);
  await variantsIdle();
  return result.upload.id;
}

/** A local listener standing for Varnish: the xkeys of the purges it receives. */
async function purgeListener() {
  const keys: string[] = [];
  const server = http.createServer((request, response) => {
    keys.push(String(request.headers.xkey ?? ''));
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.CACHE_PURGE_URLS = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  resetConfig();
  return { keys, close: () => new Promise((resolve) => server.close(resolve)) };
}

const update = (id: string, body: unknown, language: 'tw' | 'en' = 'en') =>
  call('PUT', `media/update/${id}`, body, { token, language });

function replace(id: string, bytes: Uint8Array, name = 'new.jpg', language: 'tw' | 'en' = 'en') {
  const data = new FormData();
  data.append('file', new Blob([bytes as BlobPart]), name);
  return call('PUT', `media/replace/${id}`, undefined, { token, raw: data, language });
}

describe('focal point', () => {
  test('0–1 on both axes is stored, moves the crop and the cover position, and purges the pages', async () => {
    const id = await stored(await picture(1600, 1200, '#468'));
    const before = variantSource((await findUpload(id))!);
    expect((await storedVariantKeys(id)).has(shareVariant(before).key)).toBe(true);
    const tier = await purgeListener();
    try {
      const result = await update(id, { focalX: 0.25, focalY: 0.8 });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ focalX: 0.25, focalY: 0.8, width: 1600, height: 1200, version: 1 });
      expect(tier.keys.join(' ').split(' ')).toEqual(expect.arrayContaining(['uploads']));
    } finally {
      await tier.close();
    }
    const image = await publicImage(id);
    expect(image?.position).toBe('25% 80%');
    expect(image?.share).toContain('v=1.250.800');
    const after = variantSource((await findUpload(id))!);
    await variantsIdle();
    // The crop of the old point is gone; the new one is served.
    const keys = await storedVariantKeys(id);
    expect(keys.has(shareVariant(before).key)).toBe(false);
    const share = await uploadAnswer(id, new URLSearchParams({ crop: 'share', v: '1.250.800' }));
    expect(share.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await share.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(200_000);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect((await storedVariantKeys(id)).has(shareVariant(after).key)).toBe(true);
  });

  test('outside 0–1, not a number, or one axis alone is a 400 in the request language', async () => {
    const id = await stored(await picture(400, 300, '#468'));
    for (const body of [
      { focalX: 1.5, focalY: 0.5 },
      { focalX: -0.1, focalY: 0.5 },
      { focalX: '0.5', focalY: 0.5 },
    ]) {
      const result = await update(id, body);
      expect(result.status).toBe(400);
      expect(result.body.message).toContain('from 0 to 1');
    }
    const alone = await update(id, { focalX: 0.5 }, 'tw');
    expect(alone.status).toBe(400);
    expect(alone.body.message).toContain('focalY');
  });

  test('neither text nor focal point is a 400, not a 500', async () => {
    const id = await stored(await picture(400, 300, '#468'));
    const en = await update(id, {});
    expect(en.status).toBe(400);
    expect(en.body.message).toContain('altTw');
    expect((await update(id, {}, 'tw')).body.message).toContain('請至少提供');
    expect((await update(id, { altTw: '會員大會' })).status).toBe(200);
  });
});

describe('replace in place', () => {
  test('the same id and URL show the new picture, the old one goes to the history and comes back', async () => {
    const id = await stored(await picture(1000, 800, '#ff0000'));
    const oldUrl = (await publicImage(id))?.sources?.[1].candidates[0].url;
    const tier = await purgeListener();
    let result;
    try {
      result = await replace(id, await picture(900, 1200, '#0000ff'));
      expect(tier.keys.join(' ').split(' ')).toEqual(expect.arrayContaining(['uploads', 'content']));
    } finally {
      await tier.close();
    }
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id,
      name: 'photo.jpg',
      url: `/uploads/${id}/photo.jpg`,
      version: 2,
      width: 900,
    });
    // The page's addresses name the new version: browsers that kept the old copy for a year fetch the new one.
    const image = await publicImage(id);
    expect(image).toMatchObject({ url: `/uploads/${id}/photo.jpg`, width: 900, height: 1200 });
    const newUrl = image?.sources?.[1].candidates[0].url;
    expect(newUrl).not.toBe(oldUrl);
    const served = await uploadAnswer(id, new URL(`http://x${newUrl}`).searchParams);
    const { data } = await sharp(Buffer.from(await served.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0] < 60, data[2] > 200]).toEqual([true, true]);
    // The old link without a size is revalidated, and shows the new picture.
    await variantsIdle();
    const bare = await uploadAnswer(id);
    expect(bare.headers.get('cache-control')).toContain('max-age=0');
    expect((await sharp(Buffer.from(await bare.arrayBuffer())).metadata()).width).toBe(900);
    expect([...(await storedVariantKeys(id))].every((key) => key.startsWith('v2-'))).toBe(true);

    const history = await call('GET', `media/history/${id}`, undefined, { token });
    expect(history.status).toBe(200);
    expect(history.body).toEqual([
      expect.objectContaining({ version: 1, width: 1000, height: 800, type: 'image/jpeg' }),
    ]);
    const restored = await call('PUT', `media/restore/${id}/1`, undefined, { token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: 3, width: 1000, height: 800 });
    const after = await call('GET', `media/history/${id}`, undefined, { token });
    expect(after.body.map((entry: { version: number }) => entry.version)).toEqual([2]);
  });

  test('an image is replaced only by a picture that can be shown; refusals store nothing', async () => {
    const id = await stored(await picture(400, 300, '#468'));
    const pdf = await replace(id, new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), 'a.pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toContain('only be replaced by another image');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]);
    const tw = await replace(id, heic, 'a.heic', 'tw');
    expect(tw.status).toBe(400);
    expect(tw.body.message).toContain('JPEG');
    expect((await findUpload(id))?.version).toBe(1);
    expect((await call('GET', `media/history/${id}`, undefined, { token })).body).toEqual([]);
    expect((await replace('00000000-0000-4000-8000-000000000000', await picture(10, 10, '#000'))).status).toBe(404);
    expect((await call('PUT', `media/replace/${id}`, undefined, { token: null })).status).toBe(401);
  });

  test('replaced files leave the history after TRASH_DAYS', async () => {
    const id = await stored(await picture(400, 300, '#468'));
    expect((await replace(id, await picture(300, 300, '#123'))).status).toBe(200);
    expect(await held.storage.get(`${id}.v1-original`)).not.toBeNull();
    // Kept 0 days: gone at the next housekeeping, while the upload itself (uploaded today) stays.
    process.env.TRASH_DAYS = '0';
    resetConfig();
    await runHousekeeping(new Date(Date.now() + 60_000));
    expect(await findUpload(id)).toBeDefined();
    expect((await call('GET', `media/history/${id}`, undefined, { token })).body).toEqual([]);
    expect(await held.storage.get(`${id}.v1-original`)).toBeNull();
  });
});

test('staff download the original with its metadata; visitors never get it', async () => {
  const bytes = await picture(400, 300, '#468');
  const id = await stored(bytes);
  const original = await call('GET', `media/original/${id}`, undefined, { token });
  expect(original.status).toBe(200);
  expect(original.headers.get('content-disposition')).toContain('attachment');
  expect((await call('GET', `media/original/${id}`, undefined, { token: null })).status).toBe(401);
  const visitor = await uploadAnswer(id);
  expect(Buffer.from(await visitor.arrayBuffer()).equals(bytes)).toBe(false);
});

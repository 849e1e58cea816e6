import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { withUploadFolder } from './helpers/uploads';
import { waitFor } from './helpers/wait-for';
import { getDb } from '../lib/db';
import { uploads, uploadVariants } from '../lib/db/schema';
import { findUpload, makeMissingVariants, moveUploads, storeUpload, variantSource } from '../lib/uploads';
import {
  cropOffset,
  exifCopyright,
  inspectImage,
  isLosslessWebp,
  MAX_IMAGE_PIXELS,
  renderVariant,
} from '../lib/uploads/images';
import { uploadAnswer as serveUpload } from '../lib/uploads/answer';
import { databaseStorage, setUploadStorage } from '../lib/uploads/storage';
import { openPostgres } from '../lib/db/client';
import {
  chooseVariant,
  makeVariant,
  makeVariantClaimed,
  standInFor,
  storedVariantKeys,
  variantPlan,
  variantsIdle,
  variantWidths,
  widthVariant,
} from '../lib/uploads/variants';

const database = withDatabase();
const held = withUploadFolder();

let token: string;
beforeAll(async () => {
  token = (await signedIn(0)).token;
});

/**
 * A landscape photo as a phone stores it: the pixels lie on their side (EXIF orientation 6 turns them
 * a quarter clockwise), red along the stored left edge (the top once upright), with GPS tags and a
 * copyright.
 */
async function phonePhoto(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .composite([
      {
        input: { create: { width: Math.round(width / 8), height, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Copyright: '(c) Taipei Guild' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The tag numbers of an EXIF block's first directory (sharp's "Exif\0\0" + TIFF). */
function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

const GPS_POINTER = 0x8825;

describe('sizes', () => {
  test('the widths pages ask for, never wider than the original, the original width the largest below 1920', () => {
    expect(variantWidths(4032)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(300)).toEqual([300]);
  });

  test('the plan makes the quick formats first and AVIF last', () => {
    const source = {
      id: 'x',
      type: 'image/jpeg',
      version: 1,
      width: 700,
      height: 500,
      alpha: false,
      lossless: false,
      focalX: null,
      focalY: null,
    };
    expect(variantPlan(source).map((each) => each.key)).toEqual([
      'v1-w320.jpg',
      'v1-w640.jpg',
      'v1-w700.jpg',
      'v1-w320.webp',
      'v1-w640.webp',
      'v1-w700.webp',
      'v1-c1200x630-500-500.jpg',
      'v1-w320.avif',
      'v1-w640.avif',
      'v1-w700.avif',
    ]);
    expect(variantPlan({ ...source, alpha: true })[0].key).toBe('v1-w320.png');
    expect(variantPlan({ ...source, type: 'image/png' }).map((each) => each.key)).toEqual([
      'v1-w320.png',
      'v1-w640.png',
      'v1-w700.png',
      'v1-w320-lossless.webp',
      'v1-w640-lossless.webp',
      'v1-w700-lossless.webp',
      'v1-c1200x630-500-500.jpg',
    ]);
    expect(variantPlan({ ...source, type: 'image/webp', lossless: true })).toEqual(
      variantPlan({ ...source, type: 'image/png' }),
    );
    expect(variantPlan({ ...source, type: 'image/webp' })).toEqual(variantPlan(source));
    expect(variantPlan({ ...source, type: 'application/pdf' })).toEqual([]);
  });
});

describe('metadata', () => {
  test('a copy of a phone photo is upright, has no GPS, keeps the copyright and carries an sRGB profile', async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(ifd0Tags(before.exif!)).toContain(GPS_POINTER);
    for (const format of ['jpeg', 'webp', 'avif', 'png'] as const) {
      const copy = await renderVariant(photo, { kind: 'width', width: 600 }, format);
      const after = await sharp(copy.bytes).metadata();
      expect([after.width, after.height]).toEqual([600, 800]);
      expect(after.orientation ?? 1).toBe(1);
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      if (format !== 'png') {
        expect(ifd0Tags(after.exif!)).not.toContain(GPS_POINTER);
        expect(exifCopyright(after.exif)).toBe('(c) Taipei Guild');
      }
      expect(after.icc).toBeDefined();
      // Upright: the red edge stored on the left is now along the top.
      const { data } = await sharp(copy.bytes)
        .extract({ left: 300, top: 10, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(200);
      expect(data[2]).toBeLessThan(80);
    }
  });
});

describe('focal crop', () => {
  test('the offset centres the focal point as far as the picture allows', () => {
    expect(cropOffset(2000, 1200, 0.5)).toBe(400);
    expect(cropOffset(2000, 1200, 0)).toBe(0);
    expect(cropOffset(2000, 1200, 1)).toBe(800);
    expect(cropOffset(2000, 1200, 0.9)).toBe(800);
  });

  test('a 1200×630 crop of a tall picture keeps the focal point in view', async () => {
    // Upright 1200×1600 with red at the top eighth: a focal point there keeps the red; one at the bottom loses it.
    const photo = await phonePhoto();
    const red = async (focalY: number) => {
      const crop = await renderVariant(photo, { kind: 'crop', width: 1200, height: 630, focalX: 0.5, focalY }, 'jpeg');
      expect([crop.width, crop.height]).toEqual([1200, 630]);
      const { data } = await sharp(crop.bytes)
        .extract({ left: 600, top: 5, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data[0] > 200 && data[2] < 80;
    };
    expect(await red(0.05)).toBe(true);
    expect(await red(0.9)).toBe(false);
  });
});

describe('refusals', () => {
  const upload = (bytes: Uint8Array, name: string, language: 'tw' | 'en') => {
    const data = new FormData();
    data.append('file', new Blob([bytes as BlobPart]), name);
    return call('POST', 'upload', undefined, { token, raw: data, language });
  };
  const rowCount = async () => (await (await getDb()).select().from(uploads)).length;

  test('more than 50 megapixels is refused before anything is stored, in the request language', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(8000 * 7000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(await inspectImage(bomb)).toEqual({ ok: false, reason: 'pixels' });
    const before = await rowCount();
    const en = await upload(bomb, 'huge.png', 'en');
    expect(en.status).toBe(400);
    expect(en.body.message).toContain('50 megapixels');
    const tw = await upload(bomb, 'huge.png', 'tw');
    expect(tw.status).toBe(400);
    expect(tw.body.message).toContain('50 百萬像素');
    expect(await rowCount()).toBe(before);
  });

  test('a picture the library cannot decode is refused', async () => {
    const photo = await phonePhoto(400, 300);
    const broken = Buffer.concat([photo.subarray(0, 600), Buffer.alloc(2000, 0x55)]);
    const result = await upload(broken, 'broken.jpg', 'en');
    expect(result.status).toBe(400);
    expect(result.body.message).toContain('cannot be read');
    expect((await upload(broken, 'broken.jpg', 'tw')).body.message).toContain('無法讀取');
  });

  test('HEIC is refused with how to export it as JPEG', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]);
    const en = await upload(heic, 'IMG_0001.HEIC', 'en');
    expect(en.status).toBe(400);
    expect(en.body.message).toContain('Export the photo as JPEG');
    expect((await upload(heic, 'IMG_0001.HEIC', 'tw')).body.message).toContain('匯出為 JPEG');
  });
});

describe('variants', () => {
  async function stored(bytes: Buffer, name = 'photo.jpg') {
    const result = await storeUpload(bytes, name, null);
    if (!result.ok) throw new Error(result.reason);
    return result.upload.id;
  }

  test('an upload records its upright size and its variants are made in the background, once', async () => {
    const id = await stored(await phonePhoto());
    const row = (await findUpload(id))!;
    expect([row.width, row.height, row.alpha]).toEqual([1200, 1600, false]);
    await variantsIdle();
    const keys = await storedVariantKeys(id);
    expect([...keys].sort()).toEqual(
      variantPlan(variantSource(row))
        .map((each) => each.key)
        .sort(),
    );
    const jpeg = await held.storage.get(`${id}.v1-w640.jpg`);
    expect((await sharp(jpeg!).metadata()).width).toBe(640);
  });

  test('concurrent requests for a missing variant make it once', async () => {
    const id = await stored(await phonePhoto(800, 600));
    await variantsIdle();
    const source = variantSource((await findUpload(id))!);
    const db = await getDb();
    await db.delete(uploadVariants).where(eq(uploadVariants.uploadId, id));
    const wanted = widthVariant(source, 320, 'webp');
    let puts = 0;
    const storage = held.storage;
    setUploadStorage({
      ...storage,
      put: (key, bytes) => (key.endsWith(wanted.key) && puts++, storage.put(key, bytes)),
    });
    try {
      const [, , chosen] = await Promise.all([
        makeVariant(source, wanted),
        makeVariant(source, wanted),
        chooseVariant(source, 320, 'webp'),
      ]);
      expect(chosen).toEqual({ key: wanted.key, format: 'webp', exact: true });
      // The background queue the request started skips what is stored.
      await variantsIdle();
      expect(puts).toBe(1);
    } finally {
      setUploadStorage(storage);
    }
  });

  const url = process.env.DATABASE_URL;
  if (url)
    test('two servers on one PostgreSQL asked for the same copy at once: one makes it, the other leaves it or waits for it', async () => {
      const id = await stored(await phonePhoto(800, 600));
      await variantsIdle();
      const source = variantSource((await findUpload(id))!);
      const db = await getDb();
      const wanted = widthVariant(source, 640, 'webp');
      const storage = held.storage;
      let puts = 0;
      // Storing the copy takes a while, so the other server asks while the first holds the claim.
      setUploadStorage({
        ...storage,
        put: async (key, bytes) => {
          if (key.endsWith(wanted.key)) {
            puts++;
            await new Promise((resume) => setTimeout(resume, 300));
          }
          return storage.put(key, bytes);
        },
      });
      // Two app servers: each its own pool on the same schema, neither sharing the other's in-process once.
      const servers = await Promise.all(
        [1, 2].map(() => openPostgres(url, { searchPath: database.connection().schema })),
      );
      try {
        await db.delete(uploadVariants).where(eq(uploadVariants.uploadId, id));
        const [first, second] = await Promise.all(
          servers.map((server) => makeVariantClaimed(server, source, wanted, { wait: false })),
        );
        expect([first, second].sort()).toEqual([false, true]);
        expect(puts).toBe(1);
        expect(await storedVariantKeys(id)).toContain(wanted.key);

        // A request that must send the copy waits for the server making it, and makes none itself.
        await db.delete(uploadVariants).where(eq(uploadVariants.uploadId, id));
        puts = 0;
        const making = makeVariantClaimed(servers[0], source, wanted, { wait: false });
        await waitFor(() => puts === 1, { what: 'the first server to hold the claim' });
        const waited = await makeVariantClaimed(servers[1], source, wanted, { wait: true });
        expect(waited).toBe(false);
        expect(await making).toBe(true);
        expect(puts).toBe(1);
        expect(await storedVariantKeys(id)).toContain(wanted.key);
      } finally {
        setUploadStorage(storage);
        await Promise.all(servers.map((server) => server.close()));
      }
    });

  test('an AVIF not made yet is stood in for by an existing copy, never the original, and revalidated', async () => {
    const id = await stored(await phonePhoto(800, 600));
    await variantsIdle();
    const source = variantSource((await findUpload(id))!);
    const db = await getDb();
    await db.delete(uploadVariants).where(eq(uploadVariants.uploadId, id));
    await makeVariant(source, widthVariant(source, 320, 'webp'));
    const started = Date.now();
    const response = await serveUpload(id, new URLSearchParams({ w: '320', f: 'avif', v: '1' }));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(response.headers.get('content-type')).toMatch(/^image\/(webp|avif)$/);
    if (response.headers.get('content-type') === 'image/webp')
      expect(response.headers.get('cache-control')).toContain('max-age=0');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(320);
    await variantsIdle();
    const exact = await serveUpload(id, new URLSearchParams({ w: '320', f: 'avif', v: '1' }));
    expect(exact.headers.get('content-type')).toBe('image/avif');
    expect(exact.headers.get('cache-control')).toContain('immutable');
    const etag = exact.headers.get('etag');
    expect((await serveUpload(id, new URLSearchParams({ w: '320', f: 'avif', v: '1' }), etag)).status).toBe(304);
  });

  test('a copy not made yet is stood in for by the closest stored one, in a format the browser reads', async () => {
    const id = await stored(await phonePhoto(1600, 1200));
    await variantsIdle();
    const source = variantSource((await findUpload(id))!);
    const db = await getDb();
    await db.delete(uploadVariants).where(eq(uploadVariants.uploadId, id));
    await makeVariant(source, widthVariant(source, 640, 'jpeg'));
    await makeVariant(source, widthVariant(source, 960, 'avif'));
    expect(await chooseVariant(source, 640, 'avif')).toEqual({ key: 'v1-w640.jpg', format: 'jpeg', exact: false });
    await variantsIdle();
    // The same width first, then the narrowest wider copy, then the widest narrower one; a JPEG
    // request never gets an AVIF or a WebP, a WebP request never an AVIF.
    // Upright, the picture is 1200 wide: its widths are 320, 640, 960 and 1200.
    const have = new Set(['v1-w640.jpg', 'v1-w960.avif', 'v1-w1200.webp']);
    const pick = (width: number, format: 'avif' | 'webp' | 'jpeg') => standInFor(source, have, width, format)?.key;
    expect(pick(640, 'avif')).toBe('v1-w640.jpg');
    expect(pick(320, 'avif')).toBe('v1-w640.jpg');
    expect(pick(960, 'avif')).toBe('v1-w960.avif');
    expect(pick(960, 'webp')).toBe('v1-w1200.webp');
    expect(pick(320, 'webp')).toBe('v1-w640.jpg');
    expect(pick(1200, 'jpeg')).toBe('v1-w640.jpg');
    expect(standInFor(source, new Set(['v1-w960.avif']), 960, 'jpeg')).toBeUndefined();
  });

  test('the old URL without a size gives a stripped copy no wider than 1920', async () => {
    const id = await stored(await phonePhoto(2600, 2000));
    // Right after the upload: the closest copy made so far; once they are made, the 1920-wide one.
    for (const wait of [false, true]) {
      if (wait) await variantsIdle();
      const response = await serveUpload(id);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      if (wait) expect(metadata.width).toBe(1920);
      else expect(metadata.width).toBeLessThanOrEqual(1920);
      expect(ifd0Tags(metadata.exif!)).not.toContain(GPS_POINTER);
    }
  });

  test('a WebP is lossless when its picture is VP8L, with or without an extended header, and lossy when VP8', async () => {
    const picture = sharp({ create: { width: 40, height: 30, channels: 4, background: '#33669980' } });
    expect(isLosslessWebp(await picture.clone().webp({ lossless: true }).toBuffer())).toBe(true);
    expect(isLosslessWebp(await picture.clone().webp({ quality: 70 }).toBuffer())).toBe(false);
    const opaque = picture.clone().removeAlpha();
    expect(isLosslessWebp(await opaque.clone().webp({ lossless: true }).toBuffer())).toBe(true);
    expect(isLosslessWebp(await opaque.clone().webp({ quality: 70 }).toBuffer())).toBe(false);
    const withProfile = await opaque.clone().withIccProfile('srgb').webp({ lossless: true }).toBuffer();
    expect(String.fromCharCode(...withProfile.subarray(12, 16))).toBe('VP8X');
    expect(isLosslessWebp(withProfile)).toBe(true);
    expect(isLosslessWebp(await opaque.clone().png().toBuffer())).toBe(false);
  });

  test.each([
    ['PNG', 'chart.png', 'png'],
    ['lossless WebP', 'chart.webp', 'webp'],
  ] as const)(
    'an opaque %s (a chart, a screenshot) stays lossless: PNG at its own URL, lossless WebP, no AVIF',
    async (_, name, format) => {
      // One-pixel lines and a dither: what a lossy encoder blurs.
      const [width, height] = [300, 200];
      const pixels = Buffer.alloc(width * height * 3, 255);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++)
          if (x % 10 === 0 || y % 10 === 0 || (x + y) % 3 === 0)
            pixels.fill((x * 7 + y * 13) % 200, (y * width + x) * 3, (y * width + x + 1) * 3);
      const drawn = sharp(pixels, { raw: { width, height, channels: 3 } });
      const chart = await (format === 'png' ? drawn.png() : drawn.webp({ lossless: true })).toBuffer();
      const id = await stored(chart, name);
      expect((await findUpload(id))?.type).toBe(`image/${format}`);
      await variantsIdle();
      const keys = [...(await storedVariantKeys(id))];
      expect(keys.filter((key) => key.endsWith('.jpg') || key.endsWith('.avif'))).toEqual(['v1-c1200x630-500-500.jpg']);
      const own = await serveUpload(id);
      expect(own.headers.get('content-type')).toBe('image/png');
      const webp = await serveUpload(id, new URLSearchParams({ w: String(width), f: 'webp', v: '1' }));
      expect(webp.headers.get('content-type')).toBe('image/webp');
      for (const response of [own, webp]) {
        const served = sharp(Buffer.from(await response.arrayBuffer()));
        expect((await served.metadata()).format).toBe(response === own ? 'png' : 'webp');
        expect((await served.removeAlpha().raw().toBuffer()).equals(pixels)).toBe(true);
      }
    },
  );

  test('an animated GIF stays animated at its own URL and has still copies for thumbnails', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 60, height: 40, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    const id = await stored(gif, 'blink.gif');
    expect((await findUpload(id))?.width).toBe(60);
    const animation = await serveUpload(id);
    expect(animation.headers.get('content-type')).toBe('image/gif');
    expect((await sharp(Buffer.from(await animation.arrayBuffer())).metadata()).pages).toBe(2);
    await variantsIdle();
    const still = await serveUpload(id, new URLSearchParams({ w: '60', f: 'webp', v: '1' }));
    expect(still.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await still.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height, metadata.pages ?? 1]).toEqual([60, 40, 1]);
  });

  test('variants are kept in the database storage too', async () => {
    setUploadStorage(databaseStorage());
    try {
      const id = await stored(await phonePhoto(700, 500));
      await variantsIdle();
      const response = await serveUpload(id, new URLSearchParams({ w: '320', f: 'webp', v: '1' }));
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(320);
      expect((await storedVariantKeys(id)).size).toBe(variantPlan(variantSource((await findUpload(id))!)).length);
    } finally {
      setUploadStorage(held.storage);
    }
  });
});

describe('existing uploads', () => {
  test('npm run uploads:variants records the size of older images and makes their copies once', async () => {
    const db = await getDb();
    const id = randomUUID();
    // As the demo content's seed or an older version stored it: bytes and a record without a size.
    await held.storage.put(id, await phonePhoto(900, 600));
    await db.insert(uploads).values({ id, name: 'older.jpg', type: 'image/jpeg', size: 1 });
    const heard: string[] = [];
    const first = await makeMissingVariants((done) =>
      heard.push(`${done.index}/${done.total} ${done.name} ${done.made}`),
    );
    expect(first.failed).toBe(0);
    const row = (await findUpload(id))!;
    expect([row.width, row.height]).toEqual([600, 900]);
    const plan = variantPlan(variantSource(row));
    expect([...(await storedVariantKeys(id))].sort()).toEqual(plan.map((each) => each.key).sort());
    expect(heard.some((line) => line.endsWith(`older.jpg ${plan.length}`))).toBe(true);
    const again = await makeMissingVariants();
    expect(again).toEqual({ images: first.images, made: 0, failed: 0 });
  });

  test('moving the uploads between storages moves their copies too', async () => {
    const id = (await storeUpload(await phonePhoto(500, 400), 'moved.jpg', null)) as {
      ok: true;
      upload: { id: string };
    };
    await variantsIdle();
    const keys = [...(await storedVariantKeys(id.upload.id))];
    await moveUploads(held.storage, databaseStorage());
    setUploadStorage(databaseStorage());
    try {
      for (const key of keys) expect(await databaseStorage().get(`${id.upload.id}.${key}`)).not.toBeNull();
      expect(await held.storage.get(`${id.upload.id}.${keys[0]}`)).toBeNull();
      await moveUploads(databaseStorage(), held.storage);
    } finally {
      setUploadStorage(held.storage);
    }
  });
});

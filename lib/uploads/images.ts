import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * What the image library (sharp, over libvips) does with uploaded pictures: check that one can be
 * shown, and derive the sized copies that visitors receive. Every derived copy is turned upright (the
 * EXIF orientation applied), converted to sRGB with that profile attached, and carries no other
 * metadata than the copyright: a phone's photo names where it was taken.
 */

/** Larger pictures are refused at upload: a small file can decode to gigabytes (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png' | 'gif';

export interface ImageFacts {
  /** As shown, the orientation applied. */
  width: number;
  height: number;
  hasAlpha: boolean;
  /** More than one frame (an animated GIF or WebP): the original keeps the animation. */
  animated: boolean;
  /** Every pixel as drawn (PNG, GIF, a lossless WebP): its copies stay lossless. */
  lossless: boolean;
}

const fourcc = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/**
 * Whether a WebP file's picture is lossless (VP8L) rather than lossy (VP8), from its RIFF chunks; an
 * extended file (VP8X) names the picture's chunk after its own, its alpha, colour profile or metadata.
 */
export function isLosslessWebp(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 20 || fourcc(bytes, 0) !== 'RIFF' || fourcc(bytes, 8) !== 'WEBP') return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 12; at + 8 <= bytes.byteLength;) {
    const chunk = fourcc(bytes, at);
    if (chunk === 'VP8L') return true;
    if (chunk === 'VP8 ' || chunk === 'ANMF') return false;
    const size = view.getUint32(at + 4, true);
    at += 8 + size + (size % 2);
  }
  return false;
}

export type Inspection = { ok: true; facts: ImageFacts } | { ok: false; reason: 'pixels' | 'decode' };

const decodeOptions = { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS } as const;

/**
 * Whether these bytes are a picture the library can show within the pixel limit, and its facts. The
 * header alone gives the size; the smallest copy is then made, so a file that cannot be decoded is
 * refused before anything is stored.
 */
export async function inspectImage(bytes: Uint8Array): Promise<Inspection> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'decode' };
  }
  const { width, height } = metadata;
  if (!width || !height) return { ok: false, reason: 'decode' };
  const pages = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? height;
  if (width * frameHeight > MAX_IMAGE_PIXELS || width * height > MAX_IMAGE_PIXELS * 4)
    return { ok: false, reason: 'pixels' };
  try {
    await sharp(bytes, decodeOptions).resize({ width: 64 }).raw().toBuffer();
  } catch {
    return { ok: false, reason: 'decode' };
  }
  const turned = (metadata.orientation ?? 1) >= 5;
  return {
    ok: true,
    facts: {
      width: turned ? frameHeight : width,
      height: turned ? width : frameHeight,
      hasAlpha: metadata.hasAlpha,
      animated: pages > 1,
      lossless:
        metadata.format === 'png' || metadata.format === 'gif' || (metadata.format === 'webp' && isLosslessWebp(bytes)),
    },
  };
}

/** A derived copy: at a width (the height follows), or a fixed-size crop around a focal point. */
export type VariantShape =
  | { kind: 'width'; width: number }
  | { kind: 'crop'; width: number; height: number; focalX: number; focalY: number }
  /** The whole animation, re-encoded without its metadata. */
  | { kind: 'animation' };

const encoders = {
  // Effort 2: a 1920-wide AVIF in about 2 s on a small server, where the default takes tens of seconds.
  avif: (image: Sharp) => image.avif({ quality: 55, effort: 2 }),
  webp: (image: Sharp, lossless: boolean) =>
    image.webp(lossless ? { lossless: true, effort: 4 } : { quality: 75, effort: 4 }),
  jpeg: (image: Sharp) => image.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
  // Never a palette: that would be lossy for more than 256 colours.
  png: (image: Sharp) => image.png({ compressionLevel: 9, adaptiveFiltering: true, palette: false }),
  gif: (image: Sharp) => image.gif(),
} satisfies Record<VariantFormat, (image: Sharp, lossless: boolean) => Sharp>;

/** Where a crop of `target` from a picture of `source` starts on one axis, the focal point as central as it can be. */
export function cropOffset(scaled: number, target: number, focal: number): number {
  return Math.max(0, Math.min(scaled - target, Math.round(focal * scaled - target / 2)));
}

interface RenderedVariant {
  bytes: Buffer;
  width: number;
  height: number;
  format: VariantFormat;
}

/** Makes one derived copy of the original's bytes; `lossless`: a WebP copy of a PNG or GIF keeps every pixel. */
export async function renderVariant(
  original: Uint8Array,
  shape: VariantShape,
  format: VariantFormat,
  lossless = false,
): Promise<RenderedVariant> {
  const animated = shape.kind === 'animation';
  const source = sharp(original, { ...decodeOptions, animated }).autoOrient();
  const copyright = exifCopyright((await source.metadata()).exif);
  let image = source;
  if (shape.kind === 'width') {
    image = image.resize({ width: shape.width, withoutEnlargement: true });
  } else if (shape.kind === 'crop') {
    const { width, height } = await orientedSize(original);
    const scale = Math.max(shape.width / width, shape.height / height);
    const scaledWidth = Math.max(shape.width, Math.round(width * scale));
    const scaledHeight = Math.max(shape.height, Math.round(height * scale));
    image = image.resize(scaledWidth, scaledHeight, { fit: 'fill' }).extract({
      left: cropOffset(scaledWidth, shape.width, shape.focalX),
      top: cropOffset(scaledHeight, shape.height, shape.focalY),
      width: shape.width,
      height: shape.height,
    });
  }
  // A JPEG has no transparency: flatten onto white rather than black.
  if (format === 'jpeg') image = image.flatten({ background: '#ffffff' });
  image = encoders[format](image.withIccProfile('srgb'), lossless);
  if (copyright) image = image.withExif({ IFD0: { Copyright: copyright } });
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height, format };
}

async function orientedSize(original: Uint8Array): Promise<{ width: number; height: number }> {
  const metadata = await sharp(original, decodeOptions).metadata();
  const width = metadata.width ?? 1;
  const height = metadata.pageHeight ?? metadata.height ?? 1;
  return (metadata.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * The Copyright tag (0x8298) of IFD0 in an EXIF block as sharp gives it ("Exif\0\0" and a TIFF
 * structure), or ''. The one tag copied to the derived copies.
 */
export function exifCopyright(exif: Buffer | undefined): string {
  if (!exif) return '';
  const start = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
  const tiff = exif.subarray(start);
  if (tiff.length < 8) return '';
  const little = tiff.toString('latin1', 0, 2) === 'II';
  if (!little && tiff.toString('latin1', 0, 2) !== 'MM') return '';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  try {
    const ifd = u32(4);
    const entries = u16(ifd);
    for (let i = 0; i < entries; i++) {
      const entry = ifd + 2 + i * 12;
      if (u16(entry) !== 0x8298 || u16(entry + 2) !== 2) continue;
      const length = u32(entry + 4);
      const at = length <= 4 ? entry + 8 : u32(entry + 8);
      if (at + length > tiff.length) return '';
      return tiff
        .toString('utf8', at, at + length)
        .replace(/\0+$/, '')
        .split('\0')[0]
        .trim()
        .slice(0, 200);
    }
  } catch {
    return '';
  }
  return '';
}

import { cachedRead } from '../cache/public-reads';
import { uploadIdPattern } from '../content/model/validation';
import { findUpload, findUploads, imageSource, uploadUrl } from '../uploads';
import {
  mimeOf,
  pictureFormats,
  resizable,
  shareUrl,
  variantUrl,
  variantWidths,
  type VariantSource,
} from '../uploads/variants';
import { type WireLanguage, htmlLang } from '../i18n/languages';

/** What a public page needs to show or link an uploaded file. */
interface PublicFile extends Pick<VariantSource, 'width' | 'height' | 'focalX' | 'focalY'> {
  id: string;
  version: number;
  alpha: boolean;
  lossless: boolean;
  name: string;
  /** The MIME type decided at upload. */
  type: string;
  size: number;
  url: string;
  /** An image's text alternative in each language, set in the media library; '' when not set. */
  altTw: string;
  altEn: string;
}

/** The upload ids in a stored `files` value (a JSON array) or `image` value (one id); anything else is none. */
export function uploadIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list.filter((id): id is string => typeof id === 'string' && uploadIdPattern.test(id));
}

/**
 * The files behind upload ids, in the order given; ids with no stored file are left out. Cached
 * like every public read: the bytes under an id never change, and a rename invalidates 'uploads'.
 */
export async function publicFiles(value: unknown): Promise<PublicFile[]> {
  const ids = uploadIds(value);
  if (ids.length === 0) return [];
  const found = await cachedRead('uploads', JSON.stringify({ files: ids }), () => findUploads(ids));
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, url: uploadUrl(row.id, row.name) }] : [];
  });
}

/**
 * The URL of an image value for what takes one picture (JSON-LD, a video's poster): an upload's
 * copy at most 1280 wide in JPEG or PNG, or an outside URL kept as it is.
 */
export async function imageUrl(value: unknown): Promise<string | null> {
  const image = await publicImage(value);
  if (!image) return null;
  const fallback = image.sources?.at(-1);
  return fallback
    ? (fallback.candidates.findLast((each) => each.width <= 1280) ?? fallback.candidates[0]).url
    : image.url;
}

/** The sharing image (`og:image`) of an image value: an upload's 1200×630 crop around its focal point. */
export async function shareImageUrl(value: unknown): Promise<string | null> {
  const image = await publicImage(value);
  return image ? (image.share ?? image.url) : null;
}

interface ImageSource {
  type: string;
  candidates: { url: string; width: number }[];
}

export interface PublicImage {
  url: string;
  /** An upload's own text alternative per language ('' when not set); none for outside URLs. */
  alt?: { tw: string; en: string };
  /** The stored image's own size in pixels (upright); unknown for outside URLs and unreadable files. */
  width?: number;
  height?: number;
  /**
   * An upload's sized copies: AVIF, WebP, then JPEG or PNG (the last for browsers that take neither),
   * each at every width it has (lib/uploads/variants.ts).
   */
  sources?: ImageSource[];
  /** The focal point as a CSS position, for pictures cropped to a fixed ratio by `object-fit: cover`. */
  position?: string;
  /** The 1200×630 crop around the focal point. */
  share?: string;
}

const percent = (value: number | null) => `${Math.round((value ?? 0.5) * 1000) / 10}%`;

/**
 * An image value's URL and, for an upload, its pixel size and its sized copies, so pages can give
 * every picture its width and height (nothing moves while images load) and let the browser fetch
 * the copy its screen needs. Cached like the other upload reads; a replacement or a focal point
 * invalidates 'uploads'.
 */
export async function publicImage(value: unknown): Promise<PublicImage | null> {
  if (typeof value !== 'string' || value === '') return null;
  // An upload's own URL (as an earlier lookup gave it) stands for its id.
  const id = uploadIdPattern.test(value) ? value : ownUpload.exec(value)?.[1];
  if (!id || !uploadIdPattern.test(id)) return /^(https?:\/\/|\/)/.test(value) ? { url: value } : null;
  const [file] = await publicFiles(id);
  if (!file) return null;
  const alt = { tw: file.altTw, en: file.altEn };
  if (!file.type.startsWith('image/')) return { url: file.url, alt };
  if (!resizable(file.type)) return { url: file.url, alt };
  const source = file.width
    ? file
    : await cachedRead('uploads', JSON.stringify({ imageSource: file.id }), () => recordedSource(file.id));
  if (!source?.width || !source.height) return { url: file.url, alt };
  const widths = variantWidths(source.width);
  const sources = pictureFormats({ ...source, type: file.type }).map((format) => ({
    type: mimeOf(format),
    candidates: widths.map((width) => ({ url: variantUrl(file.url, source.version, width, format), width })),
  }));
  return {
    url: file.url,
    alt,
    width: source.width,
    height: source.height,
    sources,
    position: `${percent(source.focalX)} ${percent(source.focalY)}`,
    share: shareUrl(file.url, source),
  };
}

const ownUpload = /^\/uploads\/([^/]+)\/[^/?]+(?:\?.*)?$/;

/** An upload recorded before sizes were: its size is read from its bytes once (lib/uploads imageSource). */
async function recordedSource(id: string): Promise<VariantSource | null> {
  const row = await findUpload(id);
  return row ? imageSource(row) : null;
}

const officeKinds: [RegExp, string][] = [
  [/wordprocessingml/, 'DOCX'],
  [/spreadsheetml/, 'XLSX'],
  [/presentationml/, 'PPTX'],
  [/msword/, 'DOC'],
  [/ms-excel/, 'XLS'],
  [/ms-powerpoint/, 'PPT'],
  [/opendocument\.text/, 'ODT'],
  [/opendocument\.spreadsheet/, 'ODS'],
  [/opendocument\.presentation/, 'ODP'],
];

/** A short kind for people: the file name's extension (PDF, DOCX…), else one from the MIME type. */
export function fileKind(file: Pick<PublicFile, 'name' | 'type'>): string {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(file.name)?.[1];
  if (extension) return extension.toUpperCase();
  const office = officeKinds.find(([pattern]) => pattern.test(file.type));
  if (office) return office[1];
  const subtype = file.type.split('/')[1] ?? file.type;
  return subtype.split(/[.+;-]/)[0].toUpperCase();
}

/** A size such as "512 bytes", "3.4 kB" or "1.2 MB", in the language's words and digits. */
export function humanSize(bytes: number, language: WireLanguage): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(htmlLang[language], {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}

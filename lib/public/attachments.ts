import { imageSize } from 'image-size';
import { cachedRead } from '../cache/public-reads';
import { uploadIdPattern } from '../content/model/validation';
import { findUploads, uploadUrl } from '../uploads';
import { uploadStorage } from '../uploads/storage';

/** What a public page needs to show or link an uploaded file. */
export interface PublicFile {
  id: string;
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

/** The served URL of an image value: an upload id (looked up), or a URL kept as it is. */
export async function imageUrl(value: unknown): Promise<string | null> {
  return (await publicImage(value))?.url ?? null;
}

export interface PublicImage {
  url: string;
  /** An upload's own text alternative per language ('' when not set); none for outside URLs. */
  alt?: { tw: string; en: string };
  /** The stored image's own size in pixels; unknown for outside URLs and unreadable files. */
  width?: number;
  height?: number;
}

/**
 * An image value's URL and, for an upload, its pixel size read from the stored bytes, so pages can
 * give every <img> its width and height and nothing moves while images load. Cached like the other
 * upload reads: the bytes under an id never change.
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
  const size = await cachedRead('uploads', JSON.stringify({ imageSize: file.id }), () => storedImageSize(file.id));
  return { url: file.url, alt, ...size };
}

const ownUpload = /^\/uploads\/([^/]+)\/[^/]+$/;

async function storedImageSize(id: string): Promise<{ width?: number; height?: number }> {
  const bytes = await uploadStorage().get(id);
  if (!bytes) return {};
  try {
    const { width, height, orientation } = imageSize(bytes);
    // EXIF orientations 5–8 turn the picture a quarter: the browser shows it with the sides swapped.
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return {};
  }
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

/** A size such as "512 bytes", "3.4 kB" or "1.2 MB", in the locale's words and digits. */
export function humanSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}

import { inArray } from 'drizzle-orm';
import { cachedRead } from '../cache/public-reads';
import { getDb } from '../db';
import { uploads } from '../db/schema';
import { uploadIdPattern } from '../content/validation';
import { uploadUrl } from '../uploads';

/** What a public page needs to show or link an uploaded file. */
export interface PublicFile {
  id: string;
  name: string;
  /** The MIME type decided at upload. */
  type: string;
  size: number;
  url: string;
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
  const found = await cachedRead('uploads', JSON.stringify({ files: ids }), async () => {
    const db = await getDb();
    return db.select({ id: uploads.id, name: uploads.name, type: uploads.type, size: uploads.size }).from(uploads).where(inArray(uploads.id, ids));
  });
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, size: Number(row.size), url: uploadUrl(row.id, row.name) }] : [];
  });
}

/** The served URL of an image value: an upload id (looked up), or a URL kept as it is. */
export async function imageUrl(value: unknown): Promise<string | null> {
  if (typeof value !== 'string' || value === '') return null;
  if (!uploadIdPattern.test(value)) return /^(https?:\/\/|\/)/.test(value) ? value : null;
  const [file] = await publicFiles(value);
  return file?.url ?? null;
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

/**
 * Decides what an uploaded file really is from its bytes. The client's file name and Content-Type
 * are never trusted for the decision: the name is consulted only where the bytes cannot tell
 * (legacy Office files share one container format; plain text has no signature), and even then
 * the bytes must fit. Anything not on the allow list — SVG, HTML, executables, unknown binaries —
 * is refused, because files we store may later be served back from our own origin.
 */

interface SniffedType {
  mime: string;
  extension: string;
  isImage: boolean;
}

type Kind =
  | 'jpg'
  | 'png'
  | 'gif'
  | 'webp'
  | 'avif'
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'zip'
  | 'doc'
  | 'xls'
  | 'ppt'
  | 'mp4'
  | 'csv'
  | 'txt';

const TYPES: Record<Kind, { mime: string; isImage: boolean }> = {
  jpg: { mime: 'image/jpeg', isImage: true },
  png: { mime: 'image/png', isImage: true },
  gif: { mime: 'image/gif', isImage: true },
  webp: { mime: 'image/webp', isImage: true },
  avif: { mime: 'image/avif', isImage: true },
  pdf: { mime: 'application/pdf', isImage: false },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', isImage: false },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', isImage: false },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', isImage: false },
  odt: { mime: 'application/vnd.oasis.opendocument.text', isImage: false },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', isImage: false },
  odp: { mime: 'application/vnd.oasis.opendocument.presentation', isImage: false },
  zip: { mime: 'application/zip', isImage: false },
  doc: { mime: 'application/msword', isImage: false },
  xls: { mime: 'application/vnd.ms-excel', isImage: false },
  ppt: { mime: 'application/vnd.ms-powerpoint', isImage: false },
  mp4: { mime: 'video/mp4', isImage: false },
  csv: { mime: 'text/csv', isImage: false },
  txt: { mime: 'text/plain', isImage: false },
};

/** A fresh object each call, so a caller mutating the result cannot change later answers. */
function result(kind: Kind): SniffedType {
  return { mime: TYPES[kind].mime, extension: kind, isImage: TYPES[kind].isImage };
}

// ---------------------------------------------------------------------------------------------
// Byte helpers

type Pattern = string | number[];

/** Patterns are written as ASCII strings or byte lists; both become Uint8Array once, at load. */
function toBytes(pattern: Pattern): Uint8Array {
  return typeof pattern === 'string' ? Uint8Array.from(pattern, (c) => c.charCodeAt(0)) : Uint8Array.from(pattern);
}

function matchesAt(bytes: Uint8Array, offset: number, pattern: Uint8Array): boolean {
  if (offset < 0 || offset + pattern.length > bytes.length) return false;
  for (let i = 0; i < pattern.length; i++) if (bytes[offset + i] !== pattern[i]) return false;
  return true;
}

function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  for (let i = Math.max(0, from); i + pattern.length <= bytes.length; i++) {
    if (matchesAt(bytes, i, pattern)) return i;
  }
  return -1;
}

function u16(bytes: Uint8Array, offset: number): number {
  return bytes[offset] | (bytes[offset + 1] << 8);
}

function u32(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16) | (bytes[offset + 3] << 24)) >>> 0;
}

function u32BE(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]) >>> 0;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** Lower-case extension of the last path segment, without the dot ('' when there is none). */
function extensionOf(fileName: string): string {
  const base = fileName.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Fixed signatures

interface Signature {
  kind: Kind | null; // null: a known dangerous format, refused outright
  parts: Array<[offset: number, pattern: Uint8Array]>;
}

function sig(kind: Kind | null, ...parts: Array<[number, Pattern]>): Signature {
  return { kind, parts: parts.map(([offset, pattern]) => [offset, toBytes(pattern)]) };
}

/**
 * Checked first, in order. Executables are listed so that no later rule (e.g. the text fallback)
 * could ever accept them, whatever they are named. A text file that happens to begin with "MZ"
 * is refused too; that is the safe side to err on.
 */
const SIGNATURES: Signature[] = [
  sig(null, [0, 'MZ']), // Windows PE / DOS executable
  sig(null, [0, [0x7f, 0x45, 0x4c, 0x46]]), // ELF
  sig('jpg', [0, [0xff, 0xd8, 0xff]]),
  sig('png', [0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]),
  sig('gif', [0, 'GIF87a']),
  sig('gif', [0, 'GIF89a']),
  sig('webp', [0, 'RIFF'], [8, 'WEBP']), // RIFF container; bytes 4..7 are the chunk size
  sig('pdf', [0, '%PDF-']),
];

const ZIP_LOCAL = toBytes('PK\x03\x04');
const ZIP_CENTRAL = toBytes('PK\x01\x02');
const ZIP_END = toBytes('PK\x05\x06');
const OLE2 = toBytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const FTYP = toBytes('ftyp');

// ---------------------------------------------------------------------------------------------
// ZIP-based formats (OOXML, OpenDocument, plain zip)

interface ZipEntry {
  name: string;
  method: number; // 0 = stored, 8 = deflate
  compressedSize: number;
  localHeaderOffset: number;
}

const nameDecoder = new TextDecoder('utf-8');

/** Entries from the central directory: the archive's own index, and the authoritative one. */
function centralDirectoryEntries(bytes: Uint8Array): ZipEntry[] {
  // The end record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= lowest; i--) {
    if (matchesAt(bytes, i, ZIP_END)) {
      end = i;
      break;
    }
  }
  if (end < 0) return [];

  const entries: ZipEntry[] = [];
  let p = u32(bytes, end + 16); // offset of the central directory (0xFFFFFFFF for zip64: no match below)
  while (p + 46 <= end && matchesAt(bytes, p, ZIP_CENTRAL)) {
    const nameLength = u16(bytes, p + 28);
    const next = p + 46 + nameLength + u16(bytes, p + 30) + u16(bytes, p + 32);
    if (next > end) break;
    entries.push({
      name: nameDecoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)),
      method: u16(bytes, p + 10),
      compressedSize: u32(bytes, p + 20),
      localHeaderOffset: u32(bytes, p + 42),
    });
    p = next;
  }
  return entries;
}

/** Fallback for truncated archives or ones without a usable central directory: walk local headers. */
function localHeaderEntries(bytes: Uint8Array): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p + 30 <= bytes.length && matchesAt(bytes, p, ZIP_LOCAL)) {
    const nameLength = u16(bytes, p + 26);
    const dataStart = p + 30 + nameLength + u16(bytes, p + 28);
    if (dataStart > bytes.length) break;
    const entry: ZipEntry = {
      name: nameDecoder.decode(bytes.subarray(p + 30, p + 30 + nameLength)),
      method: u16(bytes, p + 8),
      compressedSize: u32(bytes, p + 18),
      localHeaderOffset: p,
    };
    entries.push(entry);
    // With a trailing data descriptor (flag bit 3) the size here may be 0, so when the next
    // header is not where the size says, search forward for it.
    const guess = dataStart + entry.compressedSize;
    p = matchesAt(bytes, guess, ZIP_LOCAL) ? guess : indexOfBytes(bytes, ZIP_LOCAL, dataStart);
    if (p < 0) break;
  }
  return entries;
}

/** The content of a stored (uncompressed) entry, or null when it cannot be read directly. */
function storedContent(bytes: Uint8Array, entry: ZipEntry, maxLength: number): Uint8Array | null {
  const p = entry.localHeaderOffset;
  if (entry.method !== 0 || entry.compressedSize === 0 || entry.compressedSize > maxLength) return null;
  if (!matchesAt(bytes, p, ZIP_LOCAL) || p + 30 > bytes.length) return null;
  const start = p + 30 + u16(bytes, p + 26) + u16(bytes, p + 28);
  const end = start + entry.compressedSize;
  return end <= bytes.length ? bytes.subarray(start, end) : null;
}

// Maps, not object literals, for lookups keyed by untrusted strings ("constructor", "__proto__").
const OPENDOCUMENT = new Map<string, Kind>([
  ['application/vnd.oasis.opendocument.text', 'odt'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'ods'],
  ['application/vnd.oasis.opendocument.presentation', 'odp'],
]);

/** OOXML keeps each application's parts under its own top-level folder. */
const OOXML_FOLDERS: Array<[prefix: string, kind: Kind]> = [
  ['word/', 'docx'],
  ['xl/', 'xlsx'],
  ['ppt/', 'pptx'],
];

function zipKind(bytes: Uint8Array): Kind {
  const central = centralDirectoryEntries(bytes);
  const entries = central.length > 0 ? central : localHeaderEntries(bytes);

  // OpenDocument: a stored `mimetype` entry names the document type (the OpenDocument format puts it first).
  const mimetype = entries.find((e) => e.name === 'mimetype');
  if (mimetype) {
    const content = storedContent(bytes, mimetype, 200);
    const kind = content && OPENDOCUMENT.get(ascii(content, 0, content.length));
    if (kind) return kind;
  }

  for (const [prefix, kind] of OOXML_FOLDERS) {
    if (entries.some((e) => e.name.toLowerCase().startsWith(prefix))) return kind;
  }
  return 'zip';
}

// ---------------------------------------------------------------------------------------------
// Legacy Office (OLE2 compound file)

/**
 * Word, Excel and PowerPoint 97-2003 all use the same OLE2 container, as do .msi installers and
 * other things we do not want. Telling them apart means reading the container's directory, so
 * instead we accept the container only under one of the three Office extensions.
 */
const OLE2_EXTENSIONS = new Map<string, Kind>([
  ['doc', 'doc'],
  ['xls', 'xls'],
  ['ppt', 'ppt'],
]);

// ---------------------------------------------------------------------------------------------
// MP4 (ISO base media file format)

/**
 * Major brands of the MP4 family. QuickTime ('qt  ') and HEIF images (heic, heix, mif1, msf1, avif)
 * use the same box structure but are not MP4 video, so they are not listed. XAVC is Sony's camera
 * MP4 brand.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  'F4V ',
  'f4v ',
  'XAVC',
]);

/** The major and compatible brands of an ISO-BMFF file's 'ftyp' box (empty when there is none). */
function heifBrands(bytes: Uint8Array): Set<string> {
  if (!matchesAt(bytes, 4, FTYP) || bytes.length < 16) return new Set();
  const end = Math.min(bytes.length, u32BE(bytes, 0));
  const brands = new Set([ascii(bytes, 8, 12)]);
  for (let at = 16; at + 4 <= end; at += 4) brands.add(ascii(bytes, at, at + 4));
  return brands;
}

const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs'];

/** An HEIC photo (an iPhone's): refused with a word on exporting it as JPEG, since browsers cannot show it. */
export function isHeic(bytes: Uint8Array): boolean {
  const brands = heifBrands(bytes);
  return !brands.has('avif') && HEIC_BRANDS.some((brand) => brands.has(brand));
}

function isMp4(bytes: Uint8Array): boolean {
  // The file starts with an 'ftyp' box: 4-byte size, 'ftyp', 4-byte major brand, ...
  if (!matchesAt(bytes, 4, FTYP) || bytes.length < 12 || u32BE(bytes, 0) < 12) return false;
  return MP4_BRANDS.has(ascii(bytes, 8, 12));
}

// ---------------------------------------------------------------------------------------------
// Plain text (CSV, TXT)

const UTF8_BOM = toBytes([0xef, 0xbb, 0xbf]);
const TEXT_EXTENSIONS = new Map<string, Kind>([
  ['csv', 'csv'],
  ['txt', 'txt'],
]);

/** Tab, LF, FF and CR are the only control characters real text files carry. */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/**
 * Text means: no NUL and no other C0 control bytes. Bytes >= 0x80 are allowed without decoding,
 * since CSV exported by Excel in Taiwan is often Big5 rather than UTF-8.
 */
function isPlainText(bytes: Uint8Array, start: number): boolean {
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x20 && !ALLOWED_CONTROLS.has(b)) return false;
  }
  return true;
}

/** Case-insensitive search for an ASCII needle, done on bytes so it works whatever the encoding. */
function containsAsciiIgnoreCase(bytes: Uint8Array, needle: string): boolean {
  const lower = needle.toLowerCase();
  outer: for (let i = 0; i + lower.length <= bytes.length; i++) {
    for (let j = 0; j < lower.length; j++) {
      let b = bytes[i + j];
      if (b >= 0x41 && b <= 0x5a) b += 0x20; // ASCII upper → lower
      if (b !== lower.charCodeAt(j)) continue outer;
    }
    return true;
  }
  return false;
}

const MARKUP_TAGS = ['<html', '<!doctype', '<script', '<svg', '<?xml', '<body', '<iframe'];
const ALWAYS_REFUSED_TAGS = ['<script', '<svg'];

/**
 * A browser that ignores our Content-Type could render markup as a page, so text that looks like
 * HTML/SVG/XML is refused. A leading '<' alone is not enough (a CSV cell may read "<10"); it must
 * also contain a telltale tag. Script and SVG tags are refused wherever they appear.
 */
function looksLikeMarkup(bytes: Uint8Array, start: number): boolean {
  let i = start;
  while (i < bytes.length && (bytes[i] === 0x20 || ALLOWED_CONTROLS.has(bytes[i]))) i++;
  if (bytes[i] === 0x3c && MARKUP_TAGS.some((tag) => containsAsciiIgnoreCase(bytes, tag))) return true;
  return ALWAYS_REFUSED_TAGS.some((tag) => containsAsciiIgnoreCase(bytes, tag));
}

function textKind(bytes: Uint8Array, fileName: string): Kind | null {
  const kind = TEXT_EXTENSIONS.get(extensionOf(fileName));
  if (!kind) return null; // other text (.js, .html, .svg, no extension...) is not accepted
  const start = matchesAt(bytes, 0, UTF8_BOM) ? UTF8_BOM.length : 0;
  if (start >= bytes.length) return null; // nothing but a BOM
  if (!isPlainText(bytes, start) || looksLikeMarkup(bytes, start)) return null;
  return kind;
}

// ---------------------------------------------------------------------------------------------

/** Returns the detected type, or null when the file is not one of the allowed kinds. */
export function sniffFileType(bytes: Uint8Array, fileName: string): SniffedType | null {
  if (bytes.length === 0) return null;

  const signature = SIGNATURES.find((s) => s.parts.every(([offset, pattern]) => matchesAt(bytes, offset, pattern)));
  if (signature) return signature.kind ? result(signature.kind) : null;

  if (matchesAt(bytes, 0, ZIP_LOCAL)) return result(zipKind(bytes));
  if (matchesAt(bytes, 0, ZIP_END)) return result('zip'); // an empty archive is only the end record

  if (matchesAt(bytes, 0, OLE2)) {
    const kind = OLE2_EXTENSIONS.get(extensionOf(fileName));
    return kind ? result(kind) : null;
  }

  if (matchesAt(bytes, 4, FTYP))
    return isMp4(bytes) ? result('mp4') : heifBrands(bytes).has('avif') ? result('avif') : null;

  const text = textKind(bytes, fileName);
  return text ? result(text) : null;
}

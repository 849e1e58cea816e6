import { deflateRawSync } from 'node:zlib';
import { sniffFileType } from '../lib/uploads/sniff';

// ---------------------------------------------------------------------------------------------
// Fixture helpers

const enc = new TextEncoder();

function bytes(...parts: Array<string | number[] | Uint8Array>): Uint8Array {
  const chunks = parts.map((p) =>
    typeof p === 'string' ? Uint8Array.from(p, (c) => c.charCodeAt(0)) : Uint8Array.from(p),
  );
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

const zeros = (n: number) => new Array<number>(n).fill(0);

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of data) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

interface ZipInput {
  name: string;
  content: string | Uint8Array;
  deflate?: boolean;
}

/** A real, minimal zip: local headers + data, central directory, end record. */
function makeZip(entries: ZipInput[], { centralDirectory = true } = {}): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = enc.encode(entry.name);
    const raw = typeof entry.content === 'string' ? enc.encode(entry.content) : entry.content;
    const method = entry.deflate ? 8 : 0;
    const data = entry.deflate ? new Uint8Array(deflateRawSync(raw)) : raw;
    const crc = crc32(raw);
    const common = [
      ...le16(20),
      ...le16(0x0800),
      ...le16(method),
      ...le16(0),
      ...le16(0x21),
      ...le32(crc),
      ...le32(data.length),
      ...le32(raw.length),
      ...le16(name.length),
      ...le16(0),
    ];
    const local = bytes('PK\x03\x04', common, name, data);
    centrals.push(bytes('PK\x01\x02', le16(20), common, le16(0), le16(0), le16(0), le32(0), le32(offset), name));
    locals.push(local);
    offset += local.length;
  }
  if (!centralDirectory) return bytes(...locals);
  const cd = bytes(...centrals);
  const end = bytes(
    'PK\x05\x06',
    le16(0),
    le16(0),
    le16(entries.length),
    le16(entries.length),
    le32(cd.length),
    le32(offset),
    le16(0),
  );
  return bytes(...locals, cd, end);
}

const CONTENT_TYPES = { name: '[Content_Types].xml', content: '<?xml version="1.0"?><Types/>' };
const RELS = { name: '_rels/.rels', content: '<?xml version="1.0"?><Relationships/>' };

function odf(mimetype: string): Uint8Array {
  return makeZip([
    { name: 'mimetype', content: mimetype },
    { name: 'META-INF/manifest.xml', content: '<?xml version="1.0"?><manifest/>', deflate: true },
    { name: 'content.xml', content: '<?xml version="1.0"?><office:document-content/>', deflate: true },
  ]);
}

const OLE2_HEADER = bytes(
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  zeros(16),
  [0x3e, 0x00, 0x03, 0x00, 0xfe, 0xff],
  zeros(482),
);

function ftyp(brand: string, compatible: string[] = []): Uint8Array {
  const size = 16 + compatible.length * 4;
  return bytes([0, 0, 0, size], 'ftyp', brand, [0, 0, 0, 0], compatible.join(''), [0, 0, 0, 8], 'free');
}

const PNG = bytes(
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0, 0, 0, 13],
  'IHDR',
  [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0],
);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const GIF87 = bytes('GIF87a', [1, 0, 1, 0, 0x80, 0, 0]);
const GIF89 = bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0]);
const WEBP = bytes(
  'RIFF',
  le32(26),
  'WEBPVP8L',
  le32(13),
  [0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0],
);
const PDF = bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
const EXE = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff], zeros(46), le32(0x80), zeros(64), 'PE\0\0');
const ELF = bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], zeros(8), [2, 0, 0x3e, 0]);

/** "姓名,電話\n王小明,0912345678\n" encoded in Big5 (checked with iconv). */
const BIG5_CSV = bytes(
  [0xa9, 0x6d, 0xa6, 0x57, 0x2c, 0xb9, 0x71, 0xb8, 0xdc, 0x0a, 0xa4, 0xfd, 0xa4, 0x70, 0xa9, 0xfa],
  ',0912345678\n',
);

function pseudoRandom(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

// Expected results

const t = (mime: string, extension: string, isImage = false) => ({ mime, extension, isImage });
const DOCX = t('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
const XLSX = t('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx');
const PPTX = t('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx');
const ZIP = t('application/zip', 'zip');
const CSV = t('text/csv', 'csv');
const TXT = t('text/plain', 'txt');

// ---------------------------------------------------------------------------------------------

describe('sniffFileType: images', () => {
  test.each([
    ['PNG', PNG, 'a.png', t('image/png', 'png', true)],
    ['JPEG', JPEG, 'a.jpg', t('image/jpeg', 'jpg', true)],
    ['GIF87a', GIF87, 'a.gif', t('image/gif', 'gif', true)],
    ['GIF89a', GIF89, 'a.gif', t('image/gif', 'gif', true)],
    ['WebP', WEBP, 'a.webp', t('image/webp', 'webp', true)],
    ['PNG whose name says pdf', PNG, 'report.pdf', t('image/png', 'png', true)],
    ['JPEG without any extension', JPEG, 'photo', t('image/jpeg', 'jpg', true)],
  ])('%s', (_label, data, name, expected) => {
    expect(sniffFileType(data, name)).toEqual(expected);
  });

  test('RIFF that is not WebP (WAV) is refused', () => {
    expect(sniffFileType(bytes('RIFF', le32(36), 'WAVEfmt ', zeros(24)), 'a.webp')).toBeNull();
  });
});

describe('sniffFileType: PDF', () => {
  test('PDF', () => {
    expect(sniffFileType(PDF, 'doc.pdf')).toEqual(t('application/pdf', 'pdf'));
  });
  test('PDF named .txt is still a PDF', () => {
    expect(sniffFileType(PDF, 'doc.txt')).toEqual(t('application/pdf', 'pdf'));
  });
});

describe('sniffFileType: zip-based', () => {
  test.each([
    [
      'plain zip',
      makeZip([
        { name: 'a.txt', content: 'hello' },
        { name: 'dir/b.bin', content: 'x'.repeat(100), deflate: true },
      ]),
      'a.zip',
      ZIP,
    ],
    ['empty archive (end record only)', bytes('PK\x05\x06', zeros(18)), 'empty.zip', ZIP],
    ['docx', makeZip([CONTENT_TYPES, RELS, { name: 'word/document.xml', content: '<w:document/>' }]), 'a.docx', DOCX],
    [
      'docx with deflated entries',
      makeZip(
        [CONTENT_TYPES, RELS, { name: 'word/document.xml', content: '<w:document/>'.repeat(20), deflate: true }].map(
          (e) => ({ ...e, deflate: true }),
        ),
      ),
      'a.docx',
      DOCX,
    ],
    [
      'docx without central directory (truncated)',
      makeZip([CONTENT_TYPES, { name: 'word/document.xml', content: '<w:document/>' }], { centralDirectory: false }),
      'a.docx',
      DOCX,
    ],
    [
      'docx named .zip',
      makeZip([CONTENT_TYPES, { name: 'word/document.xml', content: '<w:document/>' }]),
      'a.zip',
      DOCX,
    ],
    [
      'xlsx',
      makeZip([
        CONTENT_TYPES,
        RELS,
        { name: 'xl/workbook.xml', content: '<workbook/>' },
        { name: 'xl/worksheets/sheet1.xml', content: '<worksheet/>' },
      ]),
      'a.xlsx',
      XLSX,
    ],
    [
      'pptx',
      makeZip([CONTENT_TYPES, RELS, { name: 'ppt/presentation.xml', content: '<p:presentation/>' }]),
      'a.pptx',
      PPTX,
    ],
    [
      'odt',
      odf('application/vnd.oasis.opendocument.text'),
      'a.odt',
      t('application/vnd.oasis.opendocument.text', 'odt'),
    ],
    [
      'ods',
      odf('application/vnd.oasis.opendocument.spreadsheet'),
      'a.ods',
      t('application/vnd.oasis.opendocument.spreadsheet', 'ods'),
    ],
    [
      'odp',
      odf('application/vnd.oasis.opendocument.presentation'),
      'a.odp',
      t('application/vnd.oasis.opendocument.presentation', 'odp'),
    ],
    ['epub (other mimetype) is a plain zip', odf('application/epub+zip'), 'a.epub', ZIP],
    ['mimetype entry named "constructor" is a plain zip', odf('constructor'), 'a.odt', ZIP],
  ])('%s', (_label, data, name, expected) => {
    expect(sniffFileType(data, name)).toEqual(expected);
  });
});

describe('sniffFileType: legacy Office (OLE2)', () => {
  test.each([
    ['a.doc', t('application/msword', 'doc')],
    ['a.xls', t('application/vnd.ms-excel', 'xls')],
    ['a.ppt', t('application/vnd.ms-powerpoint', 'ppt')],
    ['C:\\fakepath\\REPORT.DOC', t('application/msword', 'doc')],
    ['setup.msi', null],
    ['noextension', null],
    ['a.constructor', null],
  ])('OLE2 named %s', (name, expected) => {
    expect(sniffFileType(OLE2_HEADER, name)).toEqual(expected);
  });
});

describe('sniffFileType: MP4', () => {
  test.each([
    ['isom', ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']), t('video/mp4', 'mp4')],
    ['mp42', ftyp('mp42', ['isom', 'mp42']), t('video/mp4', 'mp4')],
    ['M4V ', ftyp('M4V ', ['M4V ', 'M4A ', 'mp42', 'isom']), t('video/mp4', 'mp4')],
    ['QuickTime qt', ftyp('qt  ', ['qt  ']), null],
    ['HEIC', ftyp('heic', ['mif1', 'heic']), null],
    ['HEIF mif1', ftyp('mif1', ['mif1', 'heic']), null],
  ])('ftyp major brand %s', (_label, data, expected) => {
    expect(sniffFileType(data, 'video.mp4')).toEqual(expected);
  });
});

describe('sniffFileType: plain text', () => {
  test.each([
    ['UTF-8 CSV', enc.encode('姓名,電話\n王小明,0912345678\n'), 'list.csv', CSV],
    [
      'UTF-8 CSV with BOM and CRLF',
      bytes([0xef, 0xbb, 0xbf], enc.encode('姓名,電話\r\n王小明,0912345678\r\n')),
      'list.csv',
      CSV,
    ],
    ['Big5 CSV', BIG5_CSV, 'list.csv', CSV],
    ['upper-case .CSV', enc.encode('a,b\n1,2\n'), 'LIST.CSV', CSV],
    ['CSV whose first cell starts with "<"', enc.encode('<10 years,count\n<20 years,3\n'), 'ages.csv', CSV],
    ['UTF-8 TXT with tab and form feed', enc.encode('第一頁\tpage 1\f第二頁\n'), 'notes.txt', TXT],
    ['Big5 TXT', BIG5_CSV, 'notes.txt', TXT],
    ['text that mentions <html> in the middle', enc.encode('Wrap it in <html> tags.\n'), 'notes.txt', TXT],
  ])('%s', (_label, data, name, expected) => {
    expect(sniffFileType(data, name)).toEqual(expected);
  });
});

describe('sniffFileType: refused', () => {
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>';
  const HTML = '<!DOCTYPE html>\n<html><body><p>hi</p></body></html>\n';

  test.each([
    ['exe renamed .pdf', EXE, 'invoice.pdf'],
    ['exe renamed .png', EXE, 'photo.png'],
    ['exe renamed .txt', EXE, 'readme.txt'],
    ['ELF', ELF, 'program.txt'],
    ['SVG named .png', enc.encode(SVG), 'image.png'],
    ['SVG named .txt', enc.encode(SVG), 'image.txt'],
    ['SVG with XML prolog named .txt', enc.encode(`<?xml version="1.0"?>\n${SVG}`), 'image.txt'],
    ['SVG after BOM and whitespace named .csv', bytes([0xef, 0xbb, 0xbf], enc.encode(`\n  ${SVG}`)), 'image.csv'],
    ['HTML named .txt', enc.encode(HTML), 'page.txt'],
    ['HTML named .csv', enc.encode(HTML), 'page.csv'],
    ['upper-case HTML with leading spaces named .txt', enc.encode('   <HTML><BODY>x</BODY></HTML>'), 'page.txt'],
    ['iframe named .txt', enc.encode('<iframe src="https://example.com"></iframe>'), 'x.txt'],
    ['CSV with <script> in a cell', enc.encode('name,note\nbob,<ScRiPt>alert(1)</script>\n'), 'list.csv'],
    ['text mentioning <svg> anywhere', enc.encode('hello\n<svg/onload=alert(1)>\n'), 'x.txt'],
    ['text with NUL bytes', enc.encode('hello\0world\n'), 'x.txt'],
    ['text with other control bytes', enc.encode('hello\x01world\n'), 'x.txt'],
    ['UTF-16 text (NUL bytes)', bytes([0xff, 0xfe], 'h\0i\0\n\0'), 'x.txt'],
    ['random bytes', pseudoRandom(256, 42), 'data.txt'],
    ['random bytes named .zip', pseudoRandom(256, 7), 'data.zip'],
    ['empty file', new Uint8Array(0), 'empty.txt'],
    ['BOM only', bytes([0xef, 0xbb, 0xbf]), 'empty.txt'],
    ['text named .js', enc.encode('console.log("hi");\n'), 'app.js'],
    ['text named .html', enc.encode('hello\n'), 'page.html'],
    ['text without extension', enc.encode('hello\n'), 'README'],
    ['text named "x.constructor"', enc.encode('hello\n'), 'x.constructor'],
  ])('%s', (_label, data, name) => {
    expect(sniffFileType(data, name)).toBeNull();
  });
});

test('each call returns a fresh object', () => {
  const a = sniffFileType(PNG, 'a.png');
  a!.mime = 'text/html';
  expect(sniffFileType(PNG, 'a.png')).toEqual(t('image/png', 'png', true));
});

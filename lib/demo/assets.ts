import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { insertUploadRows, type UploadRow, type Writer } from '../content/storage/seed-writes';
import { sniffFileType } from '../uploads/sniff';
import { uploadStorage } from '../uploads/storage';

/**
 * The demo's images and attachments, made in code so a fresh machine needs no sample files:
 * PNG pictures drawn from a few shapes, one-page PDFs and CSV tables. Everything is deterministic
 * (the same seed number gives the same picture).
 */

type Rgb = readonly [number, number, number];

/** A colour from hue (0–360), saturation and lightness (0–1). */
function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))));
  return [f(0), f(8), f(4)];
}

/** A small deterministic random source (mulberry32), so pictures are the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  /** Paints pixels xs..xe-1 of row y, blending with `alpha` (the inner loop of every shape). */
  private span(y: number, xs: number, xe: number, color: Rgb, alpha: number) {
    const p = this.pixels;
    const [r, g, b] = color;
    const end = (y * this.width + xe) * 3;
    for (let i = (y * this.width + xs) * 3; i < end; i += 3) {
      if (alpha >= 1) {
        p[i] = r;
        p[i + 1] = g;
        p[i + 2] = b;
      } else {
        p[i] += (r - p[i]) * alpha;
        p[i + 1] += (g - p[i + 1]) * alpha;
        p[i + 2] += (b - p[i + 2]) * alpha;
      }
    }
  }

  /** Left-to-right gradient: every row is the same, which also keeps the PNG small. */
  gradient(from: Rgb, to: Rgb): this {
    const row = new Uint8Array(this.width * 3);
    for (let x = 0; x < this.width; x++) {
      const t = x / Math.max(1, this.width - 1);
      for (let c = 0; c < 3; c++) row[x * 3 + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
    for (let y = 0; y < this.height; y++) this.pixels.set(row, y * this.width * 3);
    return this;
  }

  rect(x0: number, y0: number, w: number, h: number, color: Rgb, alpha = 1): this {
    const xs = Math.max(0, Math.round(x0));
    const xe = Math.min(this.width, Math.round(x0 + w));
    const ys = Math.max(0, Math.round(y0));
    const ye = Math.min(this.height, Math.round(y0 + h));
    for (let y = ys; y < ye; y++) this.span(y, xs, xe, color, alpha);
    return this;
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, alpha = 1): this {
    const ys = Math.max(0, Math.floor(cy - ry));
    const ye = Math.min(this.height - 1, Math.ceil(cy + ry));
    for (let y = ys; y <= ye; y++) {
      const dy = (y + 0.5 - cy) / ry;
      if (dy * dy > 1) continue;
      const half = rx * Math.sqrt(1 - dy * dy);
      this.span(y, Math.max(0, Math.round(cx - half)), Math.min(this.width, Math.round(cx + half)), color, alpha);
    }
    return this;
  }

  circle(cx: number, cy: number, r: number, color: Rgb, alpha = 1): this {
    return this.ellipse(cx, cy, r, r, color, alpha);
  }

  png(): Uint8Array {
    return encodePng(this.width, this.height, this.pixels);
  }
}

const crcTable = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An 8-bit RGB PNG: signature, IHDR, one IDAT (rows with filter byte 0), IEND. */
function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    // A middling level: the pictures are simple, and seeding should stay quick.
    chunk('IDAT', deflateSync(raw, { level: 4 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const WHITE: Rgb = [255, 255, 255];
/** The association's colours: trust blue and a warm accent; pictures vary the hue around them. */
const BRAND_HUE = 212;

/** A banner: a gradient with soft circles and a light band, in a hue picked by `seed`. */
export function bannerPng(seed: number, width = 640, height = 360): Uint8Array {
  const next = random(seed);
  const hue = (BRAND_HUE + ((seed * 47) % 160) - 40 + 360) % 360;
  const canvas = new Canvas(width, height).gradient(hsl(hue, 0.55, 0.32), hsl((hue + 35) % 360, 0.6, 0.55));
  for (let i = 0; i < 4; i++) {
    const r = height * (0.12 + next() * 0.3);
    canvas.circle(next() * width, next() * height, r, WHITE, 0.08 + next() * 0.1);
  }
  canvas.rect(0, height * 0.72, width, height * 0.06, WHITE, 0.25);
  canvas.rect(width * 0.06, height * 0.2, width * 0.12, height * 0.035, hsl(38, 0.9, 0.6));
  return canvas.png();
}

/** A member's or the association's logo: a ring and a diamond-ish mark on white. */
export function logoPng(seed: number, size = 240): Uint8Array {
  const hue = (BRAND_HUE + seed * 67) % 360;
  const color = hsl(hue, 0.6, 0.42);
  const c = size / 2;
  const canvas = new Canvas(size, size).rect(0, 0, size, size, WHITE);
  canvas.circle(c, c, size * 0.42, color).circle(c, c, size * 0.34, WHITE);
  for (let i = 0; i < 4; i++)
    canvas.ellipse(c, c, size * (0.24 - i * 0.05), size * (0.08 + i * 0.04), hsl((hue + 30) % 360, 0.65, 0.5), 0.6);
  canvas.circle(c, c, size * 0.07, color);
  return canvas.png();
}

/** A placeholder portrait: a silhouette on a pale background. */
export function portraitPng(seed: number, width = 240, height = 300): Uint8Array {
  const hue = (seed * 53) % 360;
  const canvas = new Canvas(width, height).gradient(hsl(hue, 0.35, 0.9), hsl((hue + 20) % 360, 0.35, 0.82));
  const figure = hsl(hue, 0.18, 0.45 + (seed % 3) * 0.05);
  canvas.ellipse(width / 2, height * 1.02, width * 0.46, height * 0.36, figure);
  canvas.circle(width / 2, height * 0.4, width * 0.2, figure);
  return canvas.png();
}

// ---------------------------------------------------------------------------------------------
// PDF

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
const ucs2Hex = (text: string) =>
  `<${[...text].map((ch) => (ch.codePointAt(0)! > 0xffff ? 0x3000 : ch.codePointAt(0)!).toString(16).padStart(4, '0')).join('')}>`;

/** Splits text into lines of at most `width` units (CJK characters count 2, others 1). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const word of text.match(/[\u2e80-\uffff]|[^\s\u2e80-\uffff]+\s*|\s+/g) ?? []) {
    const units = /[\u2e80-\uffff]/.test(word) ? 2 : word.length;
    if (used + units > width && line.trim()) {
      lines.push(line.trimEnd());
      line = '';
      used = 0;
    }
    line += word;
    used += units;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/**
 * A one-page A4 PDF with a title and paragraphs. Chinese lines use the standard Traditional Chinese
 * font (MSung-Light, Adobe-CNS1) that PDF readers supply themselves, so nothing is embedded.
 */
export function pdfDocument(title: string, paragraphs: string[], footer: string): Uint8Array {
  const ops: string[] = ['BT', '56 780 Td'];
  const line = (text: string, size: number, leading: number) => {
    ops.push(
      isAscii(text) ? `/F1 ${size} Tf ${pdfString(text)} Tj` : `/F2 ${size} Tf ${ucs2Hex(text)} Tj`,
      `0 -${leading} Td`,
    );
  };
  for (const part of wrap(title, 56)) line(part, 18, 26);
  ops.push('0 -10 Td');
  for (const paragraph of paragraphs) {
    for (const part of wrap(paragraph, 80)) line(part, 11, 17);
    ops.push('0 -8 Td');
  }
  ops.push(
    'ET',
    'BT',
    '56 48 Td',
    isAscii(footer) ? `/F1 9 Tf ${pdfString(footer)} Tj` : `/F2 9 Tf ${ucs2Hex(footer)} Tj`,
    'ET',
  );
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 8 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /MSung-Light /Encoding /UniCNS-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /MSung-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (CNS1) /Supplement 4 >> /FontDescriptor 7 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /MSung-Light /Flags 6 /FontBBox [-160 -249 1015 888] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  // Everything above is ASCII, so string offsets are byte offsets.
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A CSV table in UTF-8 with a byte-order mark, as Excel in Taiwan expects. */
export function csvDocument(rows: (string | number)[][]): Uint8Array {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from(`\ufeff${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`, 'utf8');
}

// ---------------------------------------------------------------------------------------------
// Storing

/**
 * Collects the demo's files: `add` returns an id at once; `save` writes the bytes to upload storage
 * and records every file in the uploads table in one insert.
 *
 * It does what lib/uploads storeUpload does (the bytes must sniff as an allowed type; the id is a
 * UUID) but writes through the seeding transaction: storeUpload opens its own connection through
 * getDb(), which at start-up waits for the start-up task that is running the seed. Should the
 * transaction fail, files written to a folder stay behind unreferenced, which is harmless.
 */
export function demoUploads() {
  const rows: UploadRow[] = [];
  const files = new Map<string, Uint8Array>();
  return {
    add(bytes: Uint8Array, name: string): string {
      const sniffed = sniffFileType(bytes, name);
      if (!sniffed) throw new Error(`Demo file ${name} is not an allowed upload type`);
      const id = randomUUID();
      files.set(id, bytes);
      rows.push({ id, name, type: sniffed.mime, size: bytes.byteLength });
      return id;
    },
    async save(db: Writer): Promise<number> {
      for (const [id, bytes] of files) await uploadStorage().put(id, bytes, db);
      if (rows.length) await insertUploadRows(db, rows);
      return rows.length;
    },
  };
}

export type DemoUploads = ReturnType<typeof demoUploads>;

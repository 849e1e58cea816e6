import { findUpload, imageSource } from '.';
import { uploadIdPattern } from './id';
import type { VariantFormat } from './images';
import { uploadStorage } from './storage';
import {
  chooseVariant,
  fallbackFormat,
  makeVariant,
  mimeOf,
  resizable,
  shareVariant,
  storageKey,
  variant,
  variantWidths,
  type ChosenVariant,
  type VariantSource,
} from './variants';

/** `filename*` per RFC 6266, so Chinese names survive, with an ASCII fallback. */
export function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const attachmentDisposition = (name: string) => disposition('attachment', name);

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

const YEAR = 'public, max-age=31536000, immutable';

/**
 * The answer to `GET /uploads/{id}/{name}` (lib/uploads/serve.ts adds the upload's own policy): a
 * file with the type decided at upload. Images display inline;
 * everything else downloads, so a browser never renders an uploaded document as a page. An image is
 * never sent as stored (its metadata may say where it was taken): `?w=` (a width) and `&f=` (avif,
 * webp, jpeg, png) ask for a sized copy, `?crop=share` for the sharing image, and no size for a copy
 * no wider than 1920 (old links and rich text written before copies existed). `v=` is the upload's
 * version: a copy asked for with the current one is kept for a year; the rest are revalidated, so a
 * replaced file shows at once.
 */
export async function uploadAnswer(
  id: string,
  query = new URLSearchParams(),
  ifNoneMatch?: string | null,
): Promise<Response> {
  if (!uploadIdPattern.test(id)) return notFound();
  const row = await findUpload(id);
  if (!row) return notFound();
  const source = resizable(row.type) ? await imageSource(row) : null;
  if (!source?.width) {
    // Piece by piece: a 20 MB file is never held whole to serve it.
    const body = await uploadStorage().stream(id);
    if (!body) return notFound();
    return new Response(body, {
      headers: {
        'content-type': row.type.startsWith('text/') ? `${row.type}; charset=utf-8` : row.type,
        'content-length': String(row.size),
        'content-disposition': disposition(row.type.startsWith('image/') ? 'inline' : 'attachment', row.name),
        'x-content-type-options': 'nosniff',
        // The bytes under an id change only by a replacement, which only images have.
        'cache-control': YEAR,
      },
    });
  }
  const chosen = await chooseServed(source, query);
  const current = query.get('v') === String(source.version);
  const etag = `"${source.id}.${chosen.key}"`;
  const headers = {
    'content-type': mimeOf(chosen.format),
    'content-disposition': disposition('inline', renamed(row.name, chosen.format)),
    'x-content-type-options': 'nosniff',
    'cache-control': chosen.exact && current ? YEAR : 'public, max-age=0, must-revalidate',
    etag,
    vary: 'Accept',
  };
  if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) return new Response(null, { status: 304, headers });
  const bytes = await uploadStorage().get(storageKey(source.id, chosen.key));
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), { headers: { ...headers, 'content-length': String(bytes.byteLength) } });
}

const FORMATS = new Set<VariantFormat>(['avif', 'webp', 'jpeg', 'png']);

async function chooseServed(source: VariantSource, query: URLSearchParams): Promise<ChosenVariant> {
  if (query.get('crop') === 'share') {
    const share = shareVariant(source);
    await makeVariant(source, share);
    return { key: share.key, format: share.format, exact: true };
  }
  const widths = variantWidths(source.width ?? 1);
  const top = widths[widths.length - 1];
  const asked = Number(query.get('w'));
  const format = query.get('f') as VariantFormat;
  if (!Number.isInteger(asked) || asked <= 0 || !FORMATS.has(format)) {
    // No size: the old URL. An animation stays one (without its metadata); a still, the largest copy.
    if (source.type === 'image/gif') {
      const animation = variant(source, { kind: 'animation' }, 'gif');
      await makeVariant(source, animation);
      return { key: animation.key, format: 'gif', exact: false };
    }
    const chosen = await chooseVariant(source, top, fallbackFormat(source));
    return { ...chosen, exact: false };
  }
  // The smallest copy at least as wide as asked: a width no page asks for makes no new file.
  const width = widths.find((each) => each >= asked) ?? top;
  return chooseVariant(source, width, format);
}

function renamed(name: string, format: VariantFormat): string {
  const extension = format === 'jpeg' ? 'jpg' : format;
  return /\.[A-Za-z0-9]{1,5}$/.test(name)
    ? name.replace(/\.[A-Za-z0-9]{1,5}$/, `.${extension}`)
    : `${name}.${extension}`;
}

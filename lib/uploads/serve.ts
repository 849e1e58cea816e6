import { UPLOAD_CSP } from '../security/headers.mjs';
import { findUpload } from '.';
import { uploadIdPattern } from './id';
import { uploadStorage } from './storage';

/** `filename*` per RFC 6266, so Chinese names survive, with an ASCII fallback. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `GET /uploads/{id}/{name}`: the stored bytes with the type decided at upload. Images display
 * inline; everything else downloads, so a browser never renders an uploaded document as a page.
 */
export async function serveUpload(id: string): Promise<Response> {
  const notFound = () =>
    new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  if (!uploadIdPattern.test(id)) return notFound();
  const row = await findUpload(id);
  // Piece by piece: a 20 MB file is never held whole to serve it.
  const body = row ? await uploadStorage().stream(id) : null;
  if (!row || !body) return notFound();
  const isImage = row.type.startsWith('image/');
  return new Response(body, {
    headers: {
      'content-type': row.type.startsWith('text/') ? `${row.type}; charset=utf-8` : row.type,
      'content-length': String(row.size),
      'content-disposition': disposition(isImage ? 'inline' : 'attachment', row.name),
      'x-content-type-options': 'nosniff',
      // The bytes under an id never change (a rename changes only the name).
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': UPLOAD_CSP,
    },
  });
}

import { sheetStream, SHEET_FORMATS } from '../../sheets/write';
import type { SheetFile } from '../../content/operations/export';
import { wireInstant } from '../../content/model/wire';

/**
 * The answer of `POST /api/{resource}/export` and `audit/export` (docs/api.md, Export): the file
 * itself, streamed as it is written. The operation has checked access and the request before the
 * first byte, so a refusal is the API's usual JSON error.
 */
export function sheetAnswer(fileName: string, sheet: SheetFile): Response {
  const { type, extension } = SHEET_FORMATS[sheet.format];
  const date = wireInstant(new Date()).slice(0, 10);
  return new Response(sheetStream(sheet, sheet.format), {
    headers: {
      'content-type': type,
      'content-disposition': contentDisposition(
        `${fileName}-${date}.${extension}`,
        `${sheet.title}-${date}.${extension}`,
      ),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/**
 * An attachment's name: a plain ASCII `filename` for old clients, and the label in the request's
 * language (Chinese included) as RFC 5987's `filename*`.
 */
function contentDisposition(asciiName: string, name: string): string {
  const plain = asciiName.replace(/[^\w.-]/g, '_');
  const encoded = encodeURIComponent(name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${plain}"; filename*=UTF-8''${encoded}`;
}

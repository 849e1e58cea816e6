import { sheetStream, isSheetFormat, SHEET_FORMATS } from '../../sheets/write';
import type { Sheet } from '../../sheets/cells';
import { wireInstant } from '../../content/model/wire';
import type { RequestContext } from '../context';
import { badRequest } from '../errors';
import { readJsonObject } from '../http';

/**
 * `POST /api/{resource}/export` and `audit/export`: `{format, ...the getlist body}` answered with
 * the file itself, streamed as it is written (docs/api.md, Export). `load` checks access and the
 * request before the first byte, so a refusal is the API's usual JSON error.
 */
export async function exportSheet(
  context: RequestContext,
  fileName: string,
  load: (request: Record<string, unknown>) => Promise<Sheet>,
): Promise<Response> {
  const { format, ...request } = await readJsonObject(context.request);
  if (!isSheetFormat(format)) throw badRequest('exportFormat');
  const sheet = await load(request);
  const { type, extension } = SHEET_FORMATS[format];
  const date = wireInstant(new Date()).slice(0, 10);
  return new Response(sheetStream(sheet, format), {
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
export function contentDisposition(asciiName: string, name: string): string {
  const plain = asciiName.replace(/[^\w.-]/g, '_');
  const encoded = encodeURIComponent(name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${plain}"; filename*=UTF-8''${encoded}`;
}

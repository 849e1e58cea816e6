import { type ResourceDefinition } from '../content/model/define';
import { allResources, findResource } from '../content/model/registry';
import { openDataInfo, openDataSheet } from '../content/operations/export';
import type { WireLanguage } from '../i18n/languages';
import { isSheetDate, type Cell } from '../sheets/cells';
import { csvStream } from '../sheets/write';

/**
 * The open-data page (`/{lang}/open-data`) and its downloads (`/{lang}/open-data/{dataset}.csv|.json`):
 * every resource whose definition says `openData`, read as visitors read the public pages (shown
 * rows inside their publication window, public fields, the page's language). Their cache headers
 * and surrogate keys come from the site map like any public page's (lib/public/cache-headers.ts).
 */

/** Taiwan's Open Government Data License, version 1.0. */
export const OPEN_DATA_LICENCE_URL = 'https://data.gov.tw/license';

const openDataResources = (): ResourceDefinition[] =>
  allResources().filter((definition) => definition.openData === true);

/** What the page lists of each dataset: its name (the file name), label, columns and last change. */
export async function openDataIndex(language: WireLanguage) {
  return Promise.all(
    openDataResources().map(async (definition) => ({
      name: definition.name,
      label: definition.label[language],
      ...(await openDataInfo(definition, language)),
    })),
  );
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

const jsonValue = (cell: Cell) => (isSheetDate(cell) ? cell.wall : cell);

/** A dataset as JSON, streamed: `{dataset, title, licence, fields: [{key, label}], rows: [{key: value}]}`. */
function jsonStream(sheet: ReturnType<typeof openDataSheet>, name: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = sheet.rows[Symbol.asyncIterator]();
  const fields = sheet.keys.map((key, i) => ({ key, label: sheet.columns[i] }));
  const head = JSON.stringify({ dataset: name, title: sheet.title, licence: OPEN_DATA_LICENCE_URL, fields });
  let first = true;
  let opened = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = opened ? '' : `${head.slice(0, -1)},"rows":[`;
      opened = true;
      while (chunk.length < 64 * 1024) {
        const next = await rows.next();
        if (next.done) {
          controller.enqueue(encoder.encode(`${chunk}]}`));
          controller.close();
          return;
        }
        const row = Object.fromEntries(sheet.keys.map((key, i) => [key, jsonValue(next.value[i])]));
        chunk += (first ? '' : ',') + JSON.stringify(row);
        first = false;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await rows.return?.();
    },
  });
}

/** `/{lang}/open-data/{dataset}.csv|.json`, or a 404 for a name that is not an open dataset. */
export function openDataFile(language: WireLanguage, file: string): Response {
  const match = /^([a-z0-9]+)\.(csv|json)$/.exec(file);
  const definition = match ? findResource(match[1]) : undefined;
  if (!match || !definition?.openData) return notFound();
  const sheet = openDataSheet(definition, language);
  const [, name, format] = match;
  const body = format === 'csv' ? csvStream(sheet) : jsonStream(sheet, name);
  return new Response(body, {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${name}-${language}.${format}"`,
      // The cache tier's own headers replace this for visitors (lib/server/cache-headers.ts).
      'cache-control': 'no-cache',
    },
  });
}

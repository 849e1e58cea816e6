import { importRows } from '../../content/operations/import';
import { requireAccess } from '../../content/model/actor';
import { traits, type ResourceDefinition } from '../../content/model/define';
import { MAX_IMPORT_ROWS, readSheet } from '../../sheets/read';
import type { RequestContext } from '../context';
import { ApiError, badRequest, formatBytes } from '../errors';
import { json, readFormData } from '../http';

/** The largest spreadsheet an import reads: tens of thousands of rows of a directory. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** A form field that must be a JSON object when present. */
function mappingOf(value: FormDataEntryValue | null): Record<string, unknown> | undefined {
  if (value === null || value === '') return undefined;
  if (typeof value !== 'string') throw badRequest('importMappingInvalid');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw badRequest('importMappingInvalid');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('importMappingInvalid');
  return parsed as Record<string, unknown>;
}

/** `dryRun` is `true` unless the request says `false`: nothing is written by accident. */
function dryRunOf(value: FormDataEntryValue | null): boolean {
  if (value === null || value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest('importDryRunInvalid');
}

/**
 * `POST /api/{resource}/import` (multipart: `file`, `mapping`, `dryRun`) → `{added, updated,
 * errors, …}` (docs/api.md, Import). The file is read by its bytes (CSV or XLSX), never by its name.
 */
export async function importSheet(context: RequestContext, definition: ResourceDefinition): Promise<Response> {
  // Checked before the file is read: a visitor's upload is refused without buffering it.
  requireAccess(context.actor, traits(definition).write);
  const tooLarge = () => new ApiError(413, 'importTooLarge', { limit: formatBytes(MAX_IMPORT_BYTES) });
  const form = await readFormData(context.request, MAX_IMPORT_BYTES, tooLarge);
  const file = form?.get('file');
  if (!form || !file || typeof file === 'string') throw badRequest('importFileMissing');
  if (file.size > MAX_IMPORT_BYTES) throw tooLarge();
  const mapping = mappingOf(form.get('mapping'));
  const dryRun = dryRunOf(form.get('dryRun'));
  const table = await readSheet(new Uint8Array(await file.arrayBuffer()));
  if (typeof table === 'string') throw badRequest(table, { max: MAX_IMPORT_ROWS });
  const result = await importRows(context.actor, definition, table, {
    mapping,
    dryRun,
    fileName: file.name.normalize('NFC').slice(0, 100),
  });
  return json(result);
}

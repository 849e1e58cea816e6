import { uploadIdPattern } from '../../content/model/validation';
import {
  findUpload,
  MAX_UPLOAD_BYTES,
  renameUpload,
  storeUpload,
  toInfo,
  validFileName,
  type RefusalReason,
} from '../../uploads';
import { MAX_IMAGE_PIXELS } from '../../uploads/images';
import { requireAccess } from '../../content/model/actor';
import { recordAudit } from '../../content/storage/audit';
import type { RequestContext } from '../context';
import { ApiError, badRequest, formatBytes, notFound } from '../errors';
import { json, readBody, readJsonObject } from '../http';

/** Room for the multipart envelope around a file at the size limit. */
const ENVELOPE_BYTES = 64 * 1024;

const refusalMessages = {
  type: 'uploadType',
  empty: 'uploadEmpty',
  heic: 'uploadHeic',
  pixels: 'uploadPixels',
  decode: 'uploadUndecodable',
} as const satisfies Record<RefusalReason, string>;

/** The 400 of a refused file, in the request's language. */
export const refusal = (reason: RefusalReason) =>
  badRequest(refusalMessages[reason], reason === 'pixels' ? { limit: MAX_IMAGE_PIXELS / 1_000_000 } : undefined);

/** `POST /api/upload`, multipart field `file` → `{id, url, name, size, type}`. */
export async function upload(context: RequestContext) {
  requireAccess(context.actor, 'user');
  const contentType = context.request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw badRequest('uploadMissing');
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBody(context.request, MAX_UPLOAD_BYTES + ENVELOPE_BYTES);
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) {
      throw new ApiError(413, 'uploadTooLarge', { limit: formatBytes(MAX_UPLOAD_BYTES) });
    }
    throw error;
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await new Response(bytes, { headers: { 'content-type': contentType } }).formData()).get('file');
  } catch {
    throw badRequest('uploadMissing');
  }
  if (!file || typeof file === 'string') throw badRequest('uploadMissing');
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, 'uploadTooLarge', { limit: formatBytes(MAX_UPLOAD_BYTES) });
  const name = file.name.normalize('NFC').trim() || 'file';
  if (!validFileName(name)) throw badRequest('uploadName');
  const result = await storeUpload(new Uint8Array(await file.arrayBuffer()), name, context.actor.account?.id ?? null);
  if (!result.ok) throw refusal(result.reason);
  await recordAudit(context.actor, {
    action: 'upload',
    resource: 'upload',
    summary: `${result.upload.name} (${result.upload.id}, ${result.upload.size} B)`,
  });
  return json(result.upload);
}

function uploadId(value: string | undefined): string {
  if (!value || !uploadIdPattern.test(value)) throw notFound();
  return value;
}

/** `GET /api/upload/{id}` → the file's details with its alternative text, for forms that show the file. */
export async function uploadDetails(context: RequestContext, id: string) {
  const row = await findUpload(uploadId(id));
  if (!row) throw notFound();
  return json({ ...toInfo(row), altTw: row.altTw, altEn: row.altEn });
}

/** `PUT /api/upload/{id}` with `{"fileName": "…"}` renames the file's display name. */
export async function renameFile(context: RequestContext, id: string) {
  requireAccess(context.actor, 'user');
  const body = await readJsonObject(context.request);
  const name = typeof body.fileName === 'string' ? body.fileName.normalize('NFC').trim() : '';
  if (!validFileName(name)) throw badRequest('uploadName');
  const renamed = await renameUpload(uploadId(id), name);
  if (!renamed) throw notFound();
  await recordAudit(context.actor, {
    action: 'upload',
    resource: 'upload',
    summary: `rename ${renamed.id} → ${renamed.name}`,
  });
  return json(renamed);
}

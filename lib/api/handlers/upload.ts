import { uploadIdPattern } from '../../content/model/validation';
import {
  findUpload,
  MAX_UPLOAD_BYTES,
  renameUpload,
  storeUpload,
  toInfo,
  validFileName,
  refusalMessage,
  type RefusalReason,
} from '../../uploads';
import { requireAccess } from '../../content/model/actor';
import { mediaReplace } from '../../content/operations/media';
import { attachmentDisposition } from '../../uploads/answer';
import { uploadStorage } from '../../uploads/storage';
import { recordAudit } from '../../content/storage/audit';
import type { RequestContext } from '../context';
import { ApiError, badRequest, formatBytes, notFound } from '../errors';
import { json, readFormData, readJsonObject } from '../http';

/** The 400 of a refused file, in the request's language. */
export const refusal = (reason: RefusalReason) => {
  const message = refusalMessage(reason);
  return badRequest(message.key, message.values);
};

/** The file of a multipart request's field `file`, within the size limit, with its cleaned name. */
export async function uploadedFile(context: RequestContext): Promise<{ bytes: Uint8Array; name: string }> {
  const tooLarge = () => new ApiError(413, 'uploadTooLarge', { limit: formatBytes(MAX_UPLOAD_BYTES) });
  const file = (await readFormData(context.request, MAX_UPLOAD_BYTES, tooLarge))?.get('file');
  if (!file || typeof file === 'string') throw badRequest('uploadMissing');
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  const name = file.name.normalize('NFC').trim() || 'file';
  if (!validFileName(name)) throw badRequest('uploadName');
  return { bytes: new Uint8Array(await file.arrayBuffer()), name };
}

/** `POST /api/upload`, multipart field `file` → `{id, url, name, size, type}`. */
export async function upload(context: RequestContext) {
  requireAccess(context.actor, 'user');
  const { bytes, name } = await uploadedFile(context);
  const result = await storeUpload(bytes, name, context.actor.account?.id ?? null);
  if (!result.ok) throw refusal(result.reason);
  await recordAudit(context.actor, {
    action: 'upload',
    resource: 'upload',
    summary: `${result.upload.name} (${result.upload.id}, ${result.upload.size} B)`,
  });
  return json(result.upload);
}

/**
 * `PUT /api/media/replace/{id}`, multipart field `file`: a new file under the same id and URL (the
 * media library's 取代檔案 / Replace file) → the media library's item.
 */
export async function replaceFile(context: RequestContext, id: string) {
  requireAccess(context.actor, 'user');
  const { bytes } = await uploadedFile(context);
  return json(await mediaReplace(context.actor, id, bytes));
}

function uploadId(value: string | undefined): string {
  if (!value || !uploadIdPattern.test(value)) throw notFound();
  return value;
}

/** `GET /api/upload/{id}` → the file's details with its alternative text, for forms that show the file. */
export async function uploadDetails(context: RequestContext, id: string) {
  // A public read, but an expired session is told so before anything about the id.
  requireAccess(context.actor, 'public');
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

/**
 * `GET /api/media/original/{id}`: the file as it was uploaded, metadata and all, for staff to
 * download; visitors only ever receive the stripped copies of an image (lib/uploads/answer.ts).
 */
export async function originalFile(context: RequestContext, id: string) {
  requireAccess(context.actor, 'user');
  const row = await findUpload(uploadId(id));
  const body = row ? await uploadStorage().stream(row.id) : null;
  if (!row || !body) throw notFound();
  return new Response(body, {
    headers: {
      'content-type': row.type,
      'content-length': String(row.size),
      'content-disposition': attachmentDisposition(row.name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}

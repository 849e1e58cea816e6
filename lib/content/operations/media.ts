import 'server-only';
import { config } from '../../config';
import { checkFile, refusalMessage, uploadUrl } from '../../uploads';
import { uploadStorage } from '../../uploads/storage';
import { resizable, variantUrl } from '../../uploads/variants';
import { requireAccess, type Actor } from '../model/actor';
import { recordAudit } from '../storage/audit';
import { conflict, invalid, notFound } from '../model/errors';
import { given, pageOf } from '../model/list-request';
import {
  dropHistory,
  findMedia,
  historyKey,
  mediaHistoryOf,
  replaceMediaFile,
  listMedia,
  removeMedia,
  updateMedia,
  usesOf,
  type MediaFilter,
  type MediaRow,
  type MediaUse,
} from '../storage/media';
import { uploadIdPattern } from '../model/validation';
import { toWireDateTime } from '../model/wire-dates';

/**
 * The media library's calls (`media/getlist`, `media/update/{id}`, `media/delete/{id}`): staff
 * (Users and Admins, who may upload) list the uploads with where each is used, set an image's
 * alternative text in both languages, and delete an upload nothing uses.
 */

const MAX_ALT = 500;

function wireMedia(row: MediaRow, usedBy: MediaUse[]) {
  return {
    id: row.id,
    url: uploadUrl(row.id, row.name),
    name: row.name,
    type: row.type,
    size: Number(row.size),
    altTw: row.altTw,
    altEn: row.altEn,
    /** An image's size as shown, its focal point (null: the centre) and a small copy for the library. */
    width: row.width,
    height: row.height,
    focalX: row.focalX,
    focalY: row.focalY,
    version: row.version,
    preview:
      resizable(row.type) && row.width ? variantUrl(uploadUrl(row.id, row.name), row.version, 320, 'webp') : null,
    createdAt: toWireDateTime(row.createdAt, config().siteTimeZone),
    usedBy,
  };
}

/** `{page, pageSize, type: "image"|"file", unused: true, keyword}` (all optional). */
function parseFilter(body: Record<string, unknown>): MediaFilter {
  const filter: MediaFilter = {};
  if (given(body.type)) {
    if (body.type !== 'image' && body.type !== 'file')
      throw invalid('mediaUnknownType', { value: String(body.type).slice(0, 40) });
    filter.kind = body.type;
  }
  if (given(body.unused)) {
    if (typeof body.unused !== 'boolean') throw invalid('notBoolean', { field: 'unused' });
    filter.unused = body.unused;
  }
  if (given(body.keyword)) filter.keyword = String(body.keyword).trim().slice(0, 200);
  return filter;
}

async function existing(id: string): Promise<MediaRow> {
  const row = uploadIdPattern.test(id) ? await findMedia(id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function mediaList(actor: Actor, body: Record<string, unknown>) {
  requireAccess(actor, 'user');
  const filter = parseFilter(body);
  const { page, pageSize } = pageOf(body);
  const result = await listMedia(filter, page, pageSize);
  return {
    data: result.rows.map((row) => wireMedia(row, row.usedBy)),
    total: result.total,
    page: result.page,
    pageSize: result.pageSize,
  };
}

/**
 * `{altTw, altEn, focalX, focalY}` (any may be left out, not all): an image's alternative text in
 * each language and its focal point (0–1 from the left and from the top, both or neither), which
 * the fixed-ratio crops keep in view.
 */
export async function mediaUpdate(actor: Actor, id: string, body: Record<string, unknown>) {
  requireAccess(actor, 'user');
  const row = await existing(id);
  if (!row.type.startsWith('image/')) throw invalid('mediaAltNotImage');
  const change: { altTw?: string; altEn?: string; focalX?: number; focalY?: number } = {};
  for (const key of ['altTw', 'altEn'] as const) {
    if (body[key] === undefined) continue;
    if (typeof body[key] !== 'string' || body[key].length > MAX_ALT)
      throw invalid('tooLong', { field: key, max: MAX_ALT });
    change[key] = body[key].replace(/\s+/g, ' ').trim();
  }
  if (body.focalX !== undefined || body.focalY !== undefined) {
    for (const key of ['focalX', 'focalY'] as const) {
      const value = body[key];
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1)
        throw invalid('mediaFocal', { field: key, value: String(value ?? '').slice(0, 40) });
      change[key] = value;
    }
  }
  if (Object.keys(change).length === 0) throw invalid('mediaNothing');
  const updated = (await updateMedia(row.id, change)) ?? row;
  const focal = change.focalX !== undefined ? ` focal ${updated.focalX} ${updated.focalY}` : '';
  await recordAudit(actor, {
    action: 'update',
    resource: 'upload',
    summary: `alt ${updated.id} ${updated.name}: ${updated.altTw} / ${updated.altEn}${focal}`,
  });
  return wireMedia(updated, (await usesOf([row.id])).get(row.id) ?? []);
}

/**
 * Deletes an upload nothing names (a row, a trashed row, a revision, the settings); a used one is refused as a conflict
 * (400, like a type still in use).
 */
export async function mediaDelete(actor: Actor, id: string) {
  requireAccess(actor, 'user');
  const row = await existing(id);
  const uses = (await usesOf([row.id])).get(row.id) ?? [];
  if (uses.length) throw conflict('mediaInUse', { name: row.name, count: uses.length });
  await removeMedia([row.id]);
  await recordAudit(actor, { action: 'delete', resource: 'upload', summary: `${row.name} (${row.id}, ${row.size} B)` });
  return { id: row.id };
}

/**
 * Replaces an upload's file in place (same id, name and URL): an image only by an image, since pages
 * show it as one. The old file stays restorable for TRASH_DAYS (`media/history/{id}`).
 */
export async function mediaReplace(actor: Actor, id: string, bytes: Uint8Array) {
  requireAccess(actor, 'user');
  const row = await existing(id);
  const checked = await checkFile(bytes, row.name);
  if (!checked.ok) {
    const message = refusalMessage(checked.reason);
    throw invalid(message.key, message.values);
  }
  if (row.type.startsWith('image/') && !checked.image) throw invalid('mediaReplaceKind');
  const updated = await replaceMediaFile(row, bytes, checked, actor.account?.id ?? null);
  await recordAudit(actor, {
    action: 'update',
    resource: 'upload',
    summary: `replace ${row.id} ${row.name}: version ${updated.version}, ${updated.size} B (was ${row.size} B)`,
  });
  return wireMedia(updated, (await usesOf([row.id])).get(row.id) ?? []);
}

/** `media/history/{id}`: the files an upload had before, newest first, each until it leaves the trash. */
export async function mediaHistory(actor: Actor, id: string) {
  requireAccess(actor, 'user');
  const row = await existing(id);
  const days = config().trashDays;
  return (await mediaHistoryOf(row.id)).map((entry) => ({
    version: entry.version,
    type: entry.type,
    size: Number(entry.size),
    width: entry.width,
    height: entry.height,
    replacedAt: toWireDateTime(entry.replacedAt, config().siteTimeZone),
    keptUntil: toWireDateTime(new Date(entry.replacedAt.getTime() + days * 86_400_000), config().siteTimeZone),
  }));
}

/** `media/restore/{id}/{version}`: an earlier file becomes the current one (the current one goes to the history). */
export async function mediaRestore(actor: Actor, id: string, versionText: string) {
  requireAccess(actor, 'user');
  const row = await existing(id);
  const version = Number(versionText);
  const entry = (await mediaHistoryOf(row.id)).find((each) => each.version === version);
  const bytes = entry ? await uploadStorage().get(historyKey(row.id, version)) : null;
  if (!entry || !bytes) throw notFound();
  const checked = await checkFile(bytes, row.name);
  if (!checked.ok) throw invalid(refusalMessage(checked.reason).key);
  const updated = await replaceMediaFile(row, bytes, checked, actor.account?.id ?? null);
  await dropHistory(row.id, version);
  await recordAudit(actor, {
    action: 'update',
    resource: 'upload',
    summary: `restore ${row.id} ${row.name}: version ${version} as version ${updated.version}`,
  });
  return wireMedia(updated, (await usesOf([row.id])).get(row.id) ?? []);
}

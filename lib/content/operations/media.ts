import 'server-only';
import { config } from '../../config';
import { uploadUrl } from '../../uploads';
import { requireAccess, type Actor } from '../model/actor';
import { recordAudit } from '../storage/audit';
import { conflict, invalid, notFound } from '../model/errors';
import { given, pageOf } from '../model/list-request';
import {
  findMedia,
  listMedia,
  removeMedia,
  setMediaAlt,
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
    createdAt: toWireDateTime(row.createdAt, config().siteTimeZone),
    usedBy,
  };
}

export type WireMedia = ReturnType<typeof wireMedia>;

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

/** `{altTw, altEn}` (either may be left out): an image's alternative text in each language. */
export async function mediaUpdate(actor: Actor, id: string, body: Record<string, unknown>) {
  requireAccess(actor, 'user');
  const row = await existing(id);
  if (!row.type.startsWith('image/')) throw invalid('mediaAltNotImage');
  const alt: { altTw?: string; altEn?: string } = {};
  for (const key of ['altTw', 'altEn'] as const) {
    if (body[key] === undefined) continue;
    if (typeof body[key] !== 'string' || body[key].length > MAX_ALT)
      throw invalid('tooLong', { field: key, max: MAX_ALT });
    alt[key] = body[key].replace(/\s+/g, ' ').trim();
  }
  const updated = (await setMediaAlt(row.id, alt)) ?? row;
  await recordAudit(actor, {
    action: 'update',
    resource: 'upload',
    summary: `alt ${updated.id} ${updated.name}: ${updated.altTw} / ${updated.altEn}`,
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

import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { invalidate } from '../cache/public-reads';
import { getDb } from '../db';
import { uploadHistory, uploads, uploadVariants } from '../db/schema';
import { inspectImage, MAX_IMAGE_PIXELS, type ImageFacts } from './images';
import { uploadStorage, type UploadStorage } from './storage';
import { isHeic, sniffFileType } from './sniff';
import { makeAll, resizable, scheduleVariants, storageKey, type VariantSource } from './variants';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

interface UploadInfo {
  id: string;
  url: string;
  name: string;
  size: number;
  type: string;
}

/** Display names keep the user's words but nothing that could break a path or a header. */
export function validFileName(name: string): boolean {
  return (
    name.length >= 1 && name.length <= 255 && !/[/\\\u0000-\u001f\u007f]/.test(name) && name !== '.' && name !== '..'
  );
}

export function uploadUrl(id: string, name: string): string {
  return `/uploads/${id}/${encodeURIComponent(name)}`;
}

export const toInfo = (row: typeof uploads.$inferSelect): UploadInfo => ({
  id: row.id,
  url: uploadUrl(row.id, row.name),
  name: row.name,
  size: row.size,
  type: row.type,
});

/**
 * Why a file is refused: an unknown type, no bytes, an iPhone's HEIC, too many pixels, or a picture that cannot be
 * decoded.
 */
export type RefusalReason = 'type' | 'empty' | 'heic' | 'pixels' | 'decode';

/** The message (messages/{lang}/api.json) that tells why a file was refused. */
export function refusalMessage(reason: RefusalReason): { key: string; values?: Record<string, number> } {
  const keys = {
    type: 'uploadType',
    empty: 'uploadEmpty',
    heic: 'uploadHeic',
    pixels: 'uploadPixels',
    decode: 'uploadUndecodable',
  } as const satisfies Record<RefusalReason, string>;
  return { key: keys[reason], values: reason === 'pixels' ? { limit: MAX_IMAGE_PIXELS / 1_000_000 } : undefined };
}

type StoreResult = { ok: true; upload: UploadInfo } | { ok: false; reason: RefusalReason };

export type Checked = { ok: true; mime: string; image: ImageFacts | null } | { ok: false; reason: RefusalReason };

/** What a file is, from its bytes; an image must also decode within the pixel limit. */
export async function checkFile(bytes: Uint8Array, fileName: string): Promise<Checked> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'empty' };
  if (isHeic(bytes)) return { ok: false, reason: 'heic' };
  const sniffed = sniffFileType(bytes, fileName);
  if (!sniffed) return { ok: false, reason: 'type' };
  if (!resizable(sniffed.mime)) return { ok: true, mime: sniffed.mime, image: null };
  const inspection = await inspectImage(bytes);
  return inspection.ok ? { ok: true, mime: sniffed.mime, image: inspection.facts } : inspection;
}

export const imageColumns = (image: ImageFacts | null) => ({
  width: image?.width ?? null,
  height: image?.height ?? null,
  alpha: image?.hasAlpha ?? false,
  lossless: image?.lossless ?? false,
});

/**
 * Stores a file whose type the bytes prove to be one of the allowed kinds, the record after the
 * bytes (and the bytes removed if the record fails): nothing half-stored remains. An image's sized
 * copies are then made in the background.
 */
export async function storeUpload(bytes: Uint8Array, fileName: string, accountId: number | null): Promise<StoreResult> {
  const checked = await checkFile(bytes, fileName);
  if (!checked.ok) return checked;
  const id = randomUUID();
  await uploadStorage().put(id, bytes);
  const db = await getDb();
  let row: typeof uploads.$inferSelect;
  try {
    [row] = await db
      .insert(uploads)
      .values({
        id,
        name: fileName,
        type: checked.mime,
        size: bytes.byteLength,
        createdBy: accountId,
        ...imageColumns(checked.image),
      })
      .returning();
  } catch (error) {
    await uploadStorage().remove(id);
    throw error;
  }
  if (checked.image) void scheduleVariants(variantSource(row));
  return { ok: true, upload: toInfo(row) };
}

export const variantSource = (row: typeof uploads.$inferSelect): VariantSource => ({
  id: row.id,
  type: row.type,
  version: row.version,
  width: row.width,
  height: row.height,
  alpha: row.alpha,
  lossless: row.lossless,
  focalX: row.focalX,
  focalY: row.focalY,
});

/**
 * An image upload's variant source; an upload stored before sizes were recorded (or by the demo
 * content's seed) has its size read from its bytes once and recorded. Null width: not decodable.
 */
export async function imageSource(row: typeof uploads.$inferSelect): Promise<VariantSource> {
  if (row.width || !resizable(row.type)) return variantSource(row);
  const bytes = await uploadStorage().get(row.id);
  const inspection = bytes ? await inspectImage(bytes) : null;
  if (!inspection?.ok) return variantSource(row);
  const db = await getDb();
  const [updated] = await db
    .update(uploads)
    .set(imageColumns(inspection.facts))
    .where(eq(uploads.id, row.id))
    .returning();
  return variantSource(updated ?? row);
}

export async function findUpload(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/** The stored metadata of these uploads with their text alternatives (those that exist, in no particular order). */
export async function findUploads(
  ids: string[],
): Promise<
  (Pick<UploadInfo, 'id' | 'name' | 'type' | 'size'> &
    Pick<
      typeof uploads.$inferSelect,
      'altTw' | 'altEn' | 'width' | 'height' | 'alpha' | 'lossless' | 'focalX' | 'focalY' | 'version'
    >)[]
> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: uploads.id,
      name: uploads.name,
      type: uploads.type,
      size: uploads.size,
      altTw: uploads.altTw,
      altEn: uploads.altEn,
      width: uploads.width,
      height: uploads.height,
      alpha: uploads.alpha,
      lossless: uploads.lossless,
      focalX: uploads.focalX,
      focalY: uploads.focalY,
      version: uploads.version,
    })
    .from(uploads)
    .where(inArray(uploads.id, ids));
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

export async function renameUpload(id: string, name: string): Promise<UploadInfo | null> {
  const db = await getDb();
  const [row] = await db.update(uploads).set({ name }).where(eq(uploads.id, id)).returning();
  // Attachment lists on public pages show the name (lib/public/attachments.ts).
  if (row) await invalidate('uploads');
  return row ? toInfo(row) : null;
}

/**
 * Copies every upload's bytes from one storage to the other, checks the copy, then removes the
 * original. Safe to run again after an interruption: a file already moved is only checked.
 */
export async function moveUploads(
  from: UploadStorage,
  to: UploadStorage,
): Promise<{ moved: number; already: number; missing: string[] }> {
  const db = await getDb();
  // Each upload's bytes, then those of its sized copies and of the files it had before a replacement.
  const ids = [
    ...(await db.select({ id: uploads.id }).from(uploads).orderBy(uploads.id)).map((row) => row.id),
    ...(await db.select().from(uploadVariants).orderBy(uploadVariants.uploadId, uploadVariants.key)).map((row) =>
      storageKey(row.uploadId, row.key),
    ),
    ...(await db.select().from(uploadHistory).orderBy(uploadHistory.uploadId, uploadHistory.version)).map(
      (row) => `${row.uploadId}.v${row.version}-original`,
    ),
  ];
  let moved = 0;
  let already = 0;
  const missing: string[] = [];
  for (const id of ids) {
    const bytes = await from.get(id);
    if (!bytes) {
      if (await to.get(id)) already++;
      else missing.push(id);
      continue;
    }
    await to.put(id, bytes);
    const copy = await to.get(id);
    if (!copy || Buffer.compare(Buffer.from(copy), Buffer.from(bytes)) !== 0)
      throw new Error(`The copy of upload ${id} differs from the original; nothing of it was removed.`);
    await from.remove(id);
    moved++;
  }
  return { moved, already, missing };
}

/**
 * Makes the missing sized copies of every stored image (`npm run uploads:variants`), one upload at a
 * time; images stored before copies existed get their size recorded first. Idempotent: a copy that
 * is stored is not made again. `progress` hears each upload as it is done.
 */
export async function makeMissingVariants(
  progress: (done: { index: number; total: number; name: string; made: number; failed?: string }) => void = () => {},
): Promise<{ images: number; made: number; failed: number }> {
  const db = await getDb();
  const rows = (await db.select().from(uploads).orderBy(uploads.createdAt, uploads.id)).filter((row) =>
    resizable(row.type),
  );
  let made = 0;
  let failed = 0;
  for (const [index, row] of rows.entries()) {
    try {
      const source = await imageSource(row);
      if (!source.width) throw new Error('the picture cannot be decoded');
      const count = await makeAll(source);
      made += count;
      progress({ index: index + 1, total: rows.length, name: row.name, made: count });
    } catch (error) {
      failed++;
      progress({
        index: index + 1,
        total: rows.length,
        name: row.name,
        made: 0,
        failed: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { images: rows.length, made, failed };
}

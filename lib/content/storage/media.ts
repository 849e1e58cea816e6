import 'server-only';
import { and, count, desc, eq, ilike, inArray, like, lt, notLike, or, sql, type SQL } from 'drizzle-orm';
import { invalidate } from '../../cache/public-reads';
import { getDb } from '../../db';
import { contentRevisions, contentTrash, pendingChanges, uploadHistory, uploads, websetting } from '../../db/schema';
import { uploadStorage } from '../../uploads/storage';
import { imageColumns, variantSource } from '../../uploads';
import type { ImageFacts } from '../../uploads/images';
import { makeVariant, removeStaleCrops, removeVariants, scheduleVariants, shareVariant } from '../../uploads/variants';
import { cachedSiteRead } from '../../cache/site-reads';
import { MEMBERS } from '../model/audience';
import { traits } from '../model/define';
import { allResources, findResource } from '../model/registry';
import { column, escapeLike, tableOf } from './content-tables';

/**
 * The media library: every upload with where it is used. A row names an upload by its id (image
 * fields, `files` lists) or its URL (`/uploads/{id}/…` in rich text), so "used" means the id
 * appears in the row's text: a content row, a trashed row, a revision, the web settings. The same
 * test decides the trash purge's and the housekeeping's deletes (lib/content/storage/trash.ts).
 */

/** Where an upload is named: a live row, a trashed one, only an earlier revision, or the web settings. */
const MEDIA_USE_STATES = ['row', 'trash', 'revision', 'settings'] as const;
type MediaUseState = (typeof MEDIA_USE_STATES)[number];

export interface MediaUse {
  resource: string;
  rowId: number | null;
  lang: string | null;
  title: string;
  state: MediaUseState;
}

export interface MediaFilter {
  kind?: 'image' | 'file';
  unused?: boolean;
  keyword?: string;
}

export type MediaRow = typeof uploads.$inferSelect;

/** The tables whose rows may name an upload (a change awaiting approval too: a Member's new logo). */
export const referringTables = () => [
  ...allResources().map((definition) => tableOf(definition)),
  contentTrash,
  contentRevisions,
  pendingChanges,
  websetting,
];

const uuidText = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Every upload id some row names, as a subquery: one scan of each table, whatever the number of uploads. */
function namedIds(): SQL {
  return sql.join(
    referringTables().map((table) => sql`select (regexp_matches(t::text, ${uuidText}, 'g'))[1] from ${table} t`),
    sql` union `,
  );
}

const unusedCondition = () => sql`${uploads.id} not in (${namedIds()})`;

function filterConditions(filter: MediaFilter): SQL | undefined {
  const pattern = filter.keyword ? `%${escapeLike(filter.keyword)}%` : '';
  return and(
    filter.kind === 'image'
      ? like(uploads.type, 'image/%')
      : filter.kind === 'file'
        ? notLike(uploads.type, 'image/%')
        : undefined,
    pattern
      ? or(ilike(uploads.name, pattern), ilike(uploads.altTw, pattern), ilike(uploads.altEn, pattern))
      : undefined,
    filter.unused ? unusedCondition() : undefined,
  );
}

/**
 * The uploads that only rows for members only name (lib/content/model/audience.ts): no other live
 * row and no web setting names them, so only a signed-in Member may fetch them. Kept until the next
 * content write (lib/cache/site-reads.ts).
 */
export function membersOnlyUploads(): Promise<ReadonlySet<string>> {
  return cachedSiteRead('members-only-uploads', async () => {
    const db = await getDb();
    const audienced = allResources().filter((definition) => traits(definition).audience);
    if (!audienced.length) return new Set<string>();
    const named = await db.execute<{ id: string }>(
      sql.join(
        audienced.map(
          (definition) =>
            sql`select (regexp_matches(t::text, ${uuidText}, 'g'))[1] as id from ${tableOf(definition)} t where t.audience = ${MEMBERS}`,
        ),
        sql` union `,
      ),
    );
    const ids = named.rows.map((row) => String(row.id));
    if (!ids.length) return new Set<string>();
    const list = sql`unnest(array[${sql.join(
      ids.map((id) => sql`${id}::text`),
      sql`, `,
    )}]) as u(id)`;
    const elsewhere = await db.execute<{ id: string }>(
      sql.join(
        [
          ...allResources().map((definition) => {
            const forEveryone = traits(definition).audience ? sql`t.audience <> ${MEMBERS}` : sql`true`;
            return sql`select u.id from ${tableOf(definition)} t join ${list} on strpos(t::text, u.id) > 0 where ${forEveryone}`;
          }),
          sql`select u.id from ${websetting} t join ${list} on strpos(t.data::text, u.id) > 0`,
        ],
        sql` union `,
      ),
    );
    const shared = new Set(elsewhere.rows.map((row) => String(row.id)));
    return new Set(ids.filter((id) => !shared.has(id)));
  });
}

/** One page of uploads, newest first, each with where it is used. */
export async function listMedia(filter: MediaFilter, page: number, pageSize: number) {
  const db = await getDb();
  const where = filterConditions(filter);
  const [{ total }] = await db.select({ total: count() }).from(uploads).where(where);
  const current = Math.min(page, Math.max(1, Math.ceil(total / pageSize)));
  const rows = await db
    .select()
    .from(uploads)
    .where(where)
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  const uses = await usesOf(rows.map((row) => row.id));
  return {
    rows: rows.map((row) => ({ ...row, size: Number(row.size), usedBy: uses.get(row.id) ?? [] })),
    total,
    page: current,
    pageSize,
  };
}

const titleOf = (resource: string, values: Record<string, unknown> | null) => {
  const definition = findResource(resource);
  const value = definition && values ? values[definition.titleField] : undefined;
  return typeof value === 'string' ? value : '';
};

/** Where each of these uploads is named; a row named live is not listed again for its trash or revisions. */
export async function usesOf(ids: string[]): Promise<Map<string, MediaUse[]>> {
  const found = new Map<string, MediaUse[]>();
  if (!ids.length) return found;
  const db = await getDb();
  const list = sql`unnest(array[${sql.join(
    ids.map((id) => sql`${id}::text`),
    sql`, `,
  )}]) as u(id)`;
  const named = (table: SQL) => sql`strpos(${table}::text, u.id) > 0`;
  const rows = sql.join(
    allResources().map((definition) => {
      const title = column(tableOf(definition), definition.titleField).name;
      return sql`select u.id as upload, ${definition.name}::text as resource, t.id as row_id, to_jsonb(t)->>'lang' as lang, to_jsonb(t)->>${title} as title, 'row' as state, 0 as rank
        from ${tableOf(definition)} t join ${list} on ${named(sql`t`)}`;
    }),
    sql` union all `,
  );
  const result = await db.execute(sql`${rows}
    union all select u.id, t.resource, t.row_id, t.lang, t.values::text, 'trash', 1 from ${contentTrash} t join ${list} on ${named(sql`t.values`)}
    union all select distinct on (u.id, t.resource, t.row_id) u.id, t.resource, t.row_id, t.values->>'lang', t.values::text, 'revision', 2
      from ${contentRevisions} t join ${list} on ${named(sql`t.values`)}
    union all select u.id, 'websetting', null, t.scope, '', 'settings', 3 from ${websetting} t join ${list} on ${named(sql`t.data`)}
    order by 7, 2, 3`);
  const seen = new Set<string>();
  for (const stored of result.rows) {
    const state = MEDIA_USE_STATES.find((known) => known === stored.state);
    if (!state) throw new Error(`Unknown media use ${String(stored.state)}`);
    const row = {
      upload: String(stored.upload),
      resource: String(stored.resource),
      row_id: stored.row_id,
      lang: stored.lang === null ? null : String(stored.lang),
      title: stored.title === null ? null : String(stored.title),
      state,
    };
    const key = `${row.upload}/${row.resource}/${row.row_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Trashed rows and revisions carry their values as JSON: their title is the resource's title field.
    const title =
      row.state === 'trash' || row.state === 'revision'
        ? titleOf(row.resource, JSON.parse(row.title ?? 'null'))
        : (row.title ?? '');
    const use: MediaUse = {
      resource: row.resource,
      rowId: row.row_id === null ? null : Number(row.row_id),
      lang: row.lang,
      title,
      state: row.state,
    };
    found.set(row.upload, [...(found.get(row.upload) ?? []), use]);
  }
  return found;
}

export async function findMedia(id: string): Promise<MediaRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/**
 * Sets an upload's alternative text or focal point; public pages show them, so their upload reads
 * are refreshed and the cache tier's pages purged. A moved focal point remakes the crops.
 */
export async function updateMedia(
  id: string,
  change: { altTw?: string; altEn?: string; focalX?: number; focalY?: number },
): Promise<MediaRow | undefined> {
  const db = await getDb();
  const [row] = await db.update(uploads).set(change).where(eq(uploads.id, id)).returning();
  if (!row) return row;
  if (change.focalX !== undefined) {
    const source = variantSource(row);
    await removeStaleCrops(source);
    void makeVariant(source, shareVariant(source), undefined, { wait: false });
  }
  await invalidate('uploads');
  return row;
}

/** Removes uploads, their records and their bytes. */
export async function removeMedia(ids: string[]): Promise<void> {
  if (!ids.length) return;
  const db = await getDb();
  await db.delete(uploads).where(inArray(uploads.id, ids));
  for (const id of ids) {
    await uploadStorage().remove(id);
    await removeVariants(id);
    for (const entry of await mediaHistoryOf(id)) await dropHistory(id, entry.version);
  }
  await invalidate('uploads');
}

type HistoryRow = typeof uploadHistory.$inferSelect;

/** Where a replaced file's bytes are kept. */
export const historyKey = (id: string, version: number) => `${id}.v${version}-original`;

/**
 * Puts a new file under an upload's id (its name, hence its URL, stays): the current bytes are kept
 * as an earlier version first, the record then names the new file with the next version, the old
 * copies go and the new ones are queued, and the pages that show it are purged. If the record fails,
 * the old bytes are put back.
 */
export async function replaceMediaFile(
  row: MediaRow,
  bytes: Uint8Array,
  file: { mime: string; image: ImageFacts | null },
  accountId: number | null,
): Promise<MediaRow> {
  const storage = uploadStorage();
  const previous = await storage.get(row.id);
  if (!previous) throw new Error(`The bytes of upload ${row.id} are missing`);
  await storage.put(historyKey(row.id, row.version), previous);
  await storage.put(row.id, bytes);
  let updated: MediaRow;
  try {
    updated = await (
      await getDb()
    ).transaction(async (tx) => {
      await tx
        .insert(uploadHistory)
        .values({
          uploadId: row.id,
          version: row.version,
          name: row.name,
          type: row.type,
          size: row.size,
          width: row.width,
          height: row.height,
          alpha: row.alpha,
          lossless: row.lossless,
          replacedBy: accountId,
        })
        .onConflictDoNothing();
      const [next] = await tx
        .update(uploads)
        .set({
          type: file.mime,
          size: bytes.byteLength,
          ...imageColumns(file.image),
          // Another picture: the old focal point means nothing in it.
          focalX: null,
          focalY: null,
          version: row.version + 1,
        })
        .where(eq(uploads.id, row.id))
        .returning();
      return next;
    });
  } catch (error) {
    await storage.put(row.id, previous);
    await storage.remove(historyKey(row.id, row.version));
    throw error;
  }
  await removeVariants(row.id, updated.version);
  if (file.image) void scheduleVariants(variantSource(updated));
  await invalidate('uploads');
  return updated;
}

/** An upload's earlier files, newest first. */
export async function mediaHistoryOf(id: string): Promise<HistoryRow[]> {
  const db = await getDb();
  return db.select().from(uploadHistory).where(eq(uploadHistory.uploadId, id)).orderBy(desc(uploadHistory.version));
}

/** Takes an earlier file out of the history (it has become current again, or its time is up) with its bytes. */
export async function dropHistory(id: string, version: number): Promise<void> {
  const db = await getDb();
  await db.delete(uploadHistory).where(and(eq(uploadHistory.uploadId, id), eq(uploadHistory.version, version)));
  await uploadStorage().remove(historyKey(id, version));
}

/** Earlier files replaced before `before` (TRASH_DAYS): removed by the housekeeping; how many. */
export async function purgeHistoryBefore(before: Date): Promise<number> {
  const db = await getDb();
  const expired = await db.select().from(uploadHistory).where(lt(uploadHistory.replacedAt, before));
  for (const entry of expired) await dropHistory(entry.uploadId, entry.version);
  return expired.length;
}

/** Uploads stored before `before` that nothing names: the housekeeping removes them. */
export async function unusedUploadsBefore(before: Date): Promise<MediaRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(uploads)
    .where(and(lt(uploads.createdAt, before), unusedCondition()))
    .orderBy(uploads.createdAt);
}

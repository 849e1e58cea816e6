import 'server-only';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { account, contentTrash } from '../../db/schema';
import type { WireLanguage } from '../../i18n/languages';
import type { ResourceDefinition } from '../model/define';
import { referringTables, removeMedia } from './media';
import type { Row } from '../model/rows';
import { reviveRow, type Tx } from './content-tables';
import { dropRevisions } from './revisions';
import { uploadIdPattern } from '../model/validation';

/**
 * The trash: a deleted row's values as a JSON snapshot, kept apart from the content tables so no
 * read (lists, gets, public pages, search, counts, unique and in-use checks, sitemap, feeds) has to
 * skip it. The snapshot keeps the row's id, language, translation link and `order`, so a restore
 * puts it back where it was; its uploads stay on disk until it is purged.
 */

export interface TrashEntry {
  row: Row;
  deletedAt: Date;
  deletedBy: number | null;
  deletedByName: string | null;
}

/** Keeps a copy of the row in the trash, in the delete's own transaction. */
export async function putInTrash(
  tx: Tx,
  definition: ResourceDefinition,
  row: Row,
  accountId: number | null,
): Promise<void> {
  // Kept as JSON: dates become their ISO text, as the revisions keep them.
  const values = Object.fromEntries(
    Object.entries(row).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, value instanceof Date ? value.toISOString() : value]],
    ),
  );
  const lang = typeof row.lang === 'string' ? row.lang : null;
  await tx
    .insert(contentTrash)
    .values({ resource: definition.name, rowId: Number(row.id), lang, values, deletedBy: accountId })
    .onConflictDoUpdate({
      target: [contentTrash.resource, contentTrash.rowId],
      set: { lang, values, deletedAt: new Date(), deletedBy: accountId },
    });
}

const inLanguage = (definition: ResourceDefinition, language: WireLanguage | null) =>
  and(eq(contentTrash.resource, definition.name), language ? eq(contentTrash.lang, language) : undefined);

const entryColumns = {
  values: contentTrash.values,
  deletedAt: contentTrash.deletedAt,
  deletedBy: contentTrash.deletedBy,
  deletedByName: sql<string | null>`${account.displayName}`,
};

function toEntry(
  definition: ResourceDefinition,
  found: { values: Record<string, unknown>; deletedAt: Date; deletedBy: number | null; deletedByName: string | null },
): TrashEntry {
  return {
    row: reviveRow(definition, found.values),
    deletedAt: found.deletedAt,
    deletedBy: found.deletedBy,
    deletedByName: found.deletedByName ?? null,
  };
}

/** One page of a resource's trash in one language (null: a resource without languages), latest deleted first. */
export async function listTrash(
  definition: ResourceDefinition,
  language: WireLanguage | null,
  page: number,
  pageSize: number,
) {
  const db = await getDb();
  const where = inLanguage(definition, language);
  const [{ total }] = await db.select({ total: count() }).from(contentTrash).where(where);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, lastPage);
  const rows = await db
    .select(entryColumns)
    .from(contentTrash)
    .leftJoin(account, eq(account.id, contentTrash.deletedBy))
    .where(where)
    .orderBy(desc(contentTrash.deletedAt), desc(contentTrash.rowId))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { entries: rows.map((row) => toEntry(definition, row)), total, page: current, pageSize };
}

export async function findTrashed(
  definition: ResourceDefinition,
  language: WireLanguage | null,
  rowId: number,
): Promise<TrashEntry | undefined> {
  const db = await getDb();
  const [found] = await db
    .select(entryColumns)
    .from(contentTrash)
    .leftJoin(account, eq(account.id, contentTrash.deletedBy))
    .where(and(inLanguage(definition, language), eq(contentTrash.rowId, rowId)))
    .limit(1);
  return found ? toEntry(definition, found) : undefined;
}

export async function takeOutOfTrash(tx: Tx, definition: ResourceDefinition, rowId: number): Promise<void> {
  await tx.delete(contentTrash).where(and(eq(contentTrash.resource, definition.name), eq(contentTrash.rowId, rowId)));
}

/** A trashed row removed for good: its entry and its revisions, in one transaction. */
export async function deleteTrashedRow(definition: ResourceDefinition, rowId: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await takeOutOfTrash(tx, definition, rowId);
    await dropRevisions(tx, definition, rowId);
  });
}

/** Entries deleted before `before`, oldest first (TRASH_DAYS). */
export async function trashedBefore(before: Date): Promise<{ resource: string; rowId: number; lang: string | null }[]> {
  const db = await getDb();
  return db
    .select({ resource: contentTrash.resource, rowId: contentTrash.rowId, lang: contentTrash.lang })
    .from(contentTrash)
    .where(lt(contentTrash.deletedAt, before))
    .orderBy(contentTrash.deletedAt);
}

const uploadInText = /\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//g;

/** The uploads a row names: its image and files fields, and files its rich text links to. */
export function uploadsOf(definition: ResourceDefinition, row: Row): string[] {
  const ids = new Set<string>();
  for (const [key, f] of Object.entries(definition.fields)) {
    const value = row[key];
    if (f.kind === 'image' && typeof value === 'string' && uploadIdPattern.test(value)) ids.add(value);
    if (f.kind === 'files' && Array.isArray(value))
      for (const id of value) if (typeof id === 'string' && uploadIdPattern.test(id)) ids.add(id);
    if (f.kind === 'richtext' && typeof value === 'string') for (const m of value.matchAll(uploadInText)) ids.add(m[1]);
  }
  return [...ids];
}

/**
 * Of these uploads, those still named anywhere: a content row, another trashed row, a revision, the
 * web settings. A purge runs rarely, so every table is searched as text rather than kept indexed.
 */
async function uploadsStillUsed(ids: string[]): Promise<Set<string>> {
  const db = await getDb();
  const used = new Set<string>();
  for (const table of referringTables()) {
    const left = ids.filter((id) => !used.has(id));
    if (!left.length) break;
    const list = sql.join(
      left.map((id) => sql`${id}::text`),
      sql`, `,
    );
    const result = await db.execute(
      sql`select u.id from unnest(array[${list}]) as u(id) where exists (select 1 from ${table} t where strpos(t::text, u.id) > 0)`,
    );
    for (const row of result.rows) used.add(String(row.id));
  }
  return used;
}

/** Deletes the uploads no row, trashed row, revision or setting names any more, records and bytes. */
export async function removeUnusedUploads(ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const used = await uploadsStillUsed(ids);
  const unused = ids.filter((id) => !used.has(id));
  await removeMedia(unused);
  return unused;
}

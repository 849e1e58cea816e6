import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db';
import { searchDocuments, searchTerms } from '../../db/schema';
import { isMembersOnly } from '../model/audience';
import { readByVisitors, traits, type ResourceDefinition } from '../model/define';
import { allResources } from '../model/registry';
import { storedRichTextToPlain } from '../../security/sanitize';
import { hanRuns, isHan, normalizeText, pairsOf, stemOf, wordsOf } from './search-text';

/**
 * The site search's own index (tables `search_documents` and `search_terms`): every row of a
 * resource visitors read that has searchable fields, as its terms with the weight of the field
 * they are in. The row writes (row-writes.ts) store it in the same transaction as the row, so a saved row is
 * found at once by every server, and the public window is checked when searching, so a hidden,
 * scheduled or expired row is never found.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Row = Record<string, unknown>;

/** Fields a keyword looks in: searchable, stored and shown. */
export const searchableFields = (definition: ResourceDefinition) =>
  Object.entries(definition.fields).filter(([, f]) => f.searchable && !f.virtual && !f.hidden);

/** The resources the index holds: read by visitors, with searchable fields. */
export function indexedResources(): ResourceDefinition[] {
  return allResources().filter((definition) => readByVisitors(definition) && searchableFields(definition).length > 0);
}

export const isIndexed = (definition: ResourceDefinition) =>
  readByVisitors(definition) && searchableFields(definition).length > 0;

/** Title 3, other single-line text 2 (names, summaries), long text 1.5, rich text (bodies) 1. */
const TITLE_WEIGHT = 3;
function weightOf(definition: ResourceDefinition, key: string): number {
  if (key === definition.titleField) return TITLE_WEIGHT;
  const kind = definition.fields[key].kind;
  return kind === 'richtext' ? 1 : kind === 'longtext' ? 1.5 : 2;
}

/** The plain text of a row's searchable field. */
function fieldText(definition: ResourceDefinition, key: string, row: Row): string {
  const value = row[key];
  if (typeof value !== 'string' || !value) return '';
  return definition.fields[key].kind === 'richtext' ? storedRichTextToPlain(value) : value;
}

/** A row's date as the results show it: its publication start, its first date field, or its creation. */
function rowDate(definition: ResourceDefinition, row: Row): Date | null {
  const dateKey = Object.keys(definition.fields).find((key) => {
    const kind = definition.fields[key].kind;
    return (kind === 'date' || kind === 'datetime') && key !== 'unpublishAt';
  });
  const value = row.publishAt ?? (dateKey ? row[dateKey] : undefined) ?? row.createdAt;
  if (value instanceof Date) return value;
  if (typeof value === 'string' && value) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** The terms of one field's stored value (raw text or rich text as kept). */
function fieldTerms(definition: ResourceDefinition, key: string, row: Row): string[] {
  const value = row[key];
  if (typeof value !== 'string' || !value) return [];
  const kind = definition.fields[key].kind;
  const cacheKey = `${kind === 'richtext' ? 'r' : 't'}${value}`;
  const known = recentFieldTerms.get(cacheKey);
  if (known) return known;
  const terms = new Set<string>();
  const normalized = normalizeText(fieldText(definition, key, row));
  for (const word of wordsOf(normalized)) {
    if (isHan(word)) terms.add(word);
    else terms.add(stemOf(word)).add(word);
  }
  for (const run of hanRuns(normalized)) for (const pair of pairsOf(run)) terms.add(pair);
  const list = [...terms];
  recentFieldTerms.set(cacheKey, list);
  recentFieldChars += cacheKey.length;
  while (recentFieldChars > RECENT_FIELD_CHARS) {
    const [oldest] = recentFieldTerms.keys();
    recentFieldTerms.delete(oldest);
    recentFieldChars -= oldest.length;
  }
  return list;
}

/**
 * The terms of the field values indexed lately: a save rewrites a row whose long text usually did not
 * change, and normalising and splitting that text again was most of what the index added to a save.
 */
const recentFieldTerms = new Map<string, string[]>();
const RECENT_FIELD_CHARS = 4_000_000;
let recentFieldChars = 0;

/**
 * The index's terms of a row, each with the weight of the heaviest field it is in: the terms of
 * termsOf (lib/content/storage/search-text.ts), and Latin words as written too, so "did you mean"
 * can offer a real word rather than a stem.
 */
function rowTerms(definition: ResourceDefinition, row: Row): Map<string, number> {
  const terms = new Map<string, number>();
  for (const [key] of searchableFields(definition)) {
    const weight = weightOf(definition, key);
    for (const term of fieldTerms(definition, key, row)) {
      if ((terms.get(term) ?? 0) < weight) terms.set(term, weight);
    }
  }
  return terms;
}

/** The terms one statement stores at most (four parameters each). */
const TERMS_CHUNK = 2000;
const DOCUMENTS_CHUNK = 500;

const documentsUpsert = (tx: Tx | Database, documents: (typeof searchDocuments.$inferInsert)[]) =>
  tx
    .insert(searchDocuments)
    .values(documents)
    .onConflictDoUpdate({
      target: [searchDocuments.resource, searchDocuments.rowId],
      set: Object.fromEntries(
        ['lang', 'part', 'title', 'date', 'isVisible', 'membersOnly', 'publishAt', 'unpublishAt'].map((key) => [
          key,
          sql`excluded.${sql.identifier(searchDocuments[key as 'lang'].name)}`,
        ]),
      ),
    });

/**
 * Stores (or replaces) rows' entries; rows of a resource the index does not hold are skipped. A row
 * already indexed has only what changed written: its document, and the terms it lost, gained or
 * now holds at another weight. A save changes a few words of a text of hundreds of terms, and
 * rewriting them all made a save of a news item twice as slow.
 */
export async function indexRows(tx: Tx | Database, definition: ResourceDefinition, rows: Row[]): Promise<void> {
  if (!isIndexed(definition) || rows.length === 0) return;
  const t = traits(definition);
  const ids = rows.map((row) => Number(row.id));
  const documents = rows.map((row) => ({
    resource: definition.name,
    rowId: Number(row.id),
    lang: t.localized ? String(row.lang ?? '') : '',
    part: definition.fixedPage ? String(row[definition.fixedPage] ?? '') : '',
    title: normalizeText(String(row[definition.titleField] ?? '')),
    date: rowDate(definition, row),
    isVisible: t.visibility ? row.isVisible !== false : true,
    // Found by a signed-in Member's search only (lib/cache/member-scope.ts).
    membersOnly: isMembersOnly(row),
    publishAt: t.window ? ((row.publishAt as Date | null) ?? null) : null,
    unpublishAt: t.window ? ((row.unpublishAt as Date | null) ?? null) : null,
  }));
  const upserts = [];
  for (let at = 0; at < documents.length; at += DOCUMENTS_CHUNK) {
    upserts.push(documentsUpsert(tx, documents.slice(at, at + DOCUMENTS_CHUNK)));
  }
  if (rows.length === 1 && (await savedAsRemembered(tx, definition, upserts[0], rows[0]))) return;
  // The documents' upsert and the read of the terms stored: one round trip for a row (the read sees
  // the terms as they were before the statement, which the upsert does not touch).
  const [first, ...rest] = upserts;
  for (const upsert of rest) await upsert;
  const existing = await tx.execute<{ row_id: number; term: string | null; weight: number; generation: unknown }>(
    sql`with documents as ${first.returning({ rowId: searchDocuments.rowId, generation: searchDocuments.generation })}
        select row_id, term, weight, null::bigint as generation from search_terms
        where resource = ${definition.name} and row_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        union all select row_id, null, null, generation from documents`,
  );
  const stored = new Map<number, Map<string, number>>();
  let generation = 0;
  for (const entry of existing.rows) {
    const rowId = Number(entry.row_id);
    if (entry.term === null) generation = Number(entry.generation);
    else {
      if (!stored.has(rowId)) stored.set(rowId, new Map());
      stored.get(rowId)!.set(entry.term, Number(entry.weight));
    }
  }
  if (rows.length === 1) remember(definition, ids[0], generation, rowTerms(definition, rows[0]));
  const gone: SQL[] = [];
  const added: (typeof searchTerms.$inferInsert)[] = [];
  for (const row of rows) {
    const rowId = Number(row.id);
    const before = stored.get(rowId) ?? new Map<string, number>();
    const after = rowTerms(definition, row);
    for (const [term, weight] of before) {
      if (after.get(term) !== weight) gone.push(sql`(${rowId}::int, ${term})`);
    }
    for (const [term, weight] of after) {
      if (before.get(term) !== weight) added.push({ term, resource: definition.name, rowId, weight });
    }
  }
  // What a row lost and what it gained: one statement when both fit in one (a delete in its WITH).
  const firstGone = gone.slice(0, TERMS_CHUNK);
  const deleteGone = (list: SQL[]) =>
    tx
      .delete(searchTerms)
      .where(
        and(
          eq(searchTerms.resource, definition.name),
          sql`(${searchTerms.rowId}, ${searchTerms.term}) in (${sql.join(list, sql`, `)})`,
        ),
      );
  for (let at = TERMS_CHUNK; at < gone.length; at += TERMS_CHUNK) await deleteGone(gone.slice(at, at + TERMS_CHUNK));
  for (let at = 0; at < added.length; at += TERMS_CHUNK) {
    const insert = tx.insert(searchTerms).values(added.slice(at, at + TERMS_CHUNK));
    if (at === 0 && firstGone.length) await tx.execute(sql`with gone as ${deleteGone(firstGone)} ${insert.getSQL()}`);
    else await insert;
  }
  if (added.length === 0 && firstGone.length) await deleteGone(firstGone);
}

/**
 * The terms of the rows this server saved lately, with the generation their entry then took: a row
 * saved again (as staff do while editing) is compared with them, so that its save reads nothing back.
 */
const rememberedRows = new Map<string, { generation: number; terms: Map<string, number> }>();
const REMEMBERED_ROWS = 200;

function remember(definition: ResourceDefinition, rowId: number, generation: number, terms: Map<string, number>) {
  const key = `${definition.name}:${rowId}`;
  rememberedRows.delete(key);
  rememberedRows.set(key, { generation, terms });
  if (rememberedRows.size > REMEMBERED_ROWS) rememberedRows.delete(rememberedRows.keys().next().value!);
}

/**
 * Saves one row's entry against the terms remembered for it, in one statement that writes the
 * changes only if the stored entry is still the one remembered (its generation: nothing else wrote
 * it since, no rollback undid it). False when there is nothing remembered or it was not: the caller
 * then compares with the stored terms.
 */
async function savedAsRemembered(
  tx: Tx | Database,
  definition: ResourceDefinition,
  upsert: ReturnType<typeof documentsUpsert>,
  row: Row,
): Promise<boolean> {
  const rowId = Number(row.id);
  const remembered = rememberedRows.get(`${definition.name}:${rowId}`);
  if (!remembered) return false;
  const after = rowTerms(definition, row);
  const gone = [...remembered.terms].filter(([term, weight]) => after.get(term) !== weight).map(([term]) => term);
  const added = [...after].filter(([term, weight]) => remembered.terms.get(term) !== weight);
  const unchanged = sql`(select generation from old) = ${remembered.generation}`;
  const parts = [
    sql`old as (select generation from search_documents where resource = ${definition.name} and row_id = ${rowId})`,
    sql`documents as ${upsert.returning({ generation: searchDocuments.generation })}`,
  ];
  if (gone.length) {
    parts.push(sql`gone as (delete from search_terms where resource = ${definition.name} and row_id = ${rowId}
      and term in (${sql.join(
        gone.map((term) => sql`${term}`),
        sql`, `,
      )}) and ${unchanged})`);
  }
  if (added.length) {
    parts.push(sql`added as (insert into search_terms (term, resource, row_id, weight)
      select v.term, ${definition.name}, ${rowId}, v.weight from (values ${sql.join(
        added.map(([term, weight]) => sql`(${term}, ${weight}::real)`),
        sql`, `,
      )}) v(term, weight) where ${unchanged})`);
  }
  const [result] = (
    await tx.execute<{ old: unknown; now: unknown }>(
      sql`with ${sql.join(parts, sql`, `)} select (select generation from old) as old, (select generation from documents) as now`,
    )
  ).rows;
  if (result?.old === null || Number(result?.old) !== remembered.generation) return false;
  remember(definition, rowId, Number(result.now), after);
  return true;
}

export const indexRow = (tx: Tx | Database, definition: ResourceDefinition, row: Row) =>
  indexRows(tx, definition, [row]);

/**
 * Drops rows' entries (deleted, or moved to the trash); the database records the removal for the
 * copies in memory (a trigger: migration 0033).
 */
async function unindexRows(tx: Tx | Database, definition: ResourceDefinition, rowIds: number[]): Promise<void> {
  if (!isIndexed(definition) || rowIds.length === 0) return;
  const where = (table: typeof searchTerms | typeof searchDocuments) =>
    and(eq(table.resource, definition.name), inArray(table.rowId, rowIds));
  await tx.delete(searchTerms).where(where(searchTerms));
  await tx.delete(searchDocuments).where(where(searchDocuments));
}

export const unindexRow = (tx: Tx | Database, definition: ResourceDefinition, rowId: number) =>
  unindexRows(tx, definition, [rowId]);

/** Whether the index holds nothing yet (a database from before it, or one filled by a seed). */
export async function indexIsEmpty(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(searchDocuments)
    .limit(1);
  return !row;
}

import 'server-only';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { storedGenerations } from '../../cache/generations';
import { readsAsMember } from '../../cache/member-scope';
import { config } from '../../config';
import { getDb, type Database } from '../../db';
import { searchRemovals, searchTerms } from '../../db/schema';
import { processSlot } from '../../runtime/process-state';
import { escapeLike } from './content-tables';
import { IndexDocuments, type DocumentRow } from './search-documents';
import { indexedResources } from './search-index';
import {
  findableSlots,
  pageOfRanking,
  rankTop,
  type Findable,
  type IndexFacet,
  type IndexMatch,
  type IndexPage,
  type IndexScope,
  type Postings,
  type QueryGroup,
  type Ranking,
  type TermAlternative,
} from './search-ranking';

/**
 * Queries whose ranking is kept, and the bytes they may hold (a deep page of a common word ranks tens
 * of thousands of rows), the least recently asked dropped first; and how far one is ranked at least.
 */
const MAX_RANKINGS = 256;
const MAX_RANKING_BYTES = 8 * 1024 * 1024;
const MIN_RANKED = 100;

/** A query's ranking, good while the copy and the visitors' findable rows it was made from are. */
interface KeptRanking {
  ranking: Ranking;
  changes: number;
  findable: Findable;
  bytes: number;
}

/**
 * The site search's index, copied into this server's memory as searches read it, and kept exact by
 * catching up with what was written since (by this server or any other) before each search.
 *
 * Why: a word found in half of 100,000 rows is 60,000 entries of the index; joining, filtering,
 * counting and ranking them in SQL took 150–550 ms, and every write ended what the server kept of
 * visitors' searches, so the first search after each edit paid it. Here the entries of a word are
 * read once and then patched, so a search after an edit reads only what the edit changed.
 *
 * How it stays exact: every entry carries its resource's stored generation at the time it was
 * written (`search_documents.generation`, a removal's in `search_removals`), and the writer's
 * transaction holds that generation's row until it commits, so whatever commits later carries a
 * greater one. A search reads the resources' generations (no query on PGlite while nothing was
 * written: lib/cache/generations.ts), and for each one that moved reads the entries and removals
 * above the generation it holds, and the terms of those rows.
 *
 * What it holds: every entry's document (its place, language, date and year, public window, title;
 * about 100 bytes a row: search-documents.ts), and the rows of the words and prefixes searched
 * lately, up to MAX_POSTINGS entries (8 bytes each). search-ranking.ts matches and ranks over them.
 * And the rankings of the queries asked lately (their first hundred matches or more, MAX_RANKINGS of
 * them), so that the next page of a query is a slice, not a second ranking of every match.
 */

/**
 * The index entries of one alternative: a term, or the terms it starts (a range of the index, which
 * orders terms by code point: `trust` … `trusu`).
 */
function termCondition(alternative: TermAlternative): SQL {
  if (!alternative.prefix) return sql`t.term = ${alternative.term}`;
  const last = alternative.term.charCodeAt(alternative.term.length - 1);
  const after = alternative.term.slice(0, -1) + String.fromCharCode(last + 1);
  return sql`t.term >= ${alternative.term} and t.term < ${after} and t.term like ${`${escapeLike(alternative.term)}%`}`;
}

/** The entries of the words and prefixes kept, at most (8 bytes each); the least recently searched go first. */
const MAX_POSTINGS = 4_000_000;
/** Rows read per statement while loading the documents. */
const LOAD_BATCH = 20_000;
/** More changed rows than this since the last search (an import, a rebuild): read everything again. */
const MAX_PATCHED_ROWS = 2_000;
/** A copy not brought up to date for this long is read again: removals are kept a day (purgeSearchRemovals). */
const IDLE_MS = 6 * 60 * 60 * 1000;
/** Words and prefixes remembered as in the index or not, at most (until the copy next changes). */
const MAX_REMEMBERED_TERMS = 50_000;

/** The key of an alternative's rows: the term, or the terms it starts. */
const keyOf = (alternative: TermAlternative) => `${alternative.prefix ? '^' : '='}${alternative.term}`;

/** Where `slot` is in ascending `slots`, or where it would go (as `-(index + 1)`). */
function find(slots: Int32Array, slot: number): number {
  let low = 0;
  let high = slots.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (slots[middle] < slot) low = middle + 1;
    else if (slots[middle] > slot) high = middle - 1;
    else return middle;
  }
  return -(low + 1);
}

/** Postings with `changes` applied (a slot to its new weight, or to 0: not there any more). */
function patched(postings: Postings, changes: Map<number, number>): Postings {
  const kept = new Map<number, number>();
  for (const [slot, weight] of changes) {
    const at = find(postings.slots, slot);
    if (at >= 0 && weight > 0) postings.weights[at] = weight;
    else if (at >= 0 || weight > 0) kept.set(slot, weight);
  }
  if (kept.size === 0) return postings;
  const dense = new Map<number, number>();
  for (let i = 0; i < postings.slots.length; i++) dense.set(postings.slots[i], postings.weights[i]);
  for (const [slot, weight] of kept) {
    if (weight > 0) dense.set(slot, weight);
    else dense.delete(slot);
  }
  const slots = Int32Array.from([...dense.keys()].sort((a, b) => a - b));
  const weights = new Float32Array(slots.length);
  slots.forEach((slot, i) => (weights[i] = dense.get(slot)!));
  return { slots, weights };
}

class IndexCopy {
  private readonly documents = new IndexDocuments();
  private readonly postings = new Map<string, Postings>();
  private postingsSize = 0;
  /** Whether the index holds a word or prefix not kept in `postings`, as of `heldAt` changes. */
  private readonly held = new Map<string, boolean>();
  private heldAt = 0;
  /** Rankings by query and scope (`search`), the least recently asked first. */
  private readonly rankings = new Map<string, KeptRanking>();
  private rankingBytes = 0;
  /** What visitors of a scope may find, by scope, as of `findableAt` changes. */
  private readonly findable = new Map<string, Findable>();
  private findableAt = 0;
  /** Each indexed resource's generation as far as this copy holds it. */
  private readonly generations = new Map<string, number>();
  /** When the copy was last brought up to what was committed. */
  private currentAt = 0;
  private loaded = false;
  /** Whether the documents are being read again, and how many times the copy changed. */
  private loading = false;
  private changes = 0;
  private queued?: Promise<void>;
  private running?: Promise<void>;

  constructor(private readonly db: Database) {}

  /**
   * Brings the copy up to what is committed now: one round at a time, and callers that come before
   * a round starts share it.
   */
  catchUp(): Promise<void> {
    if (this.queued) return this.queued;
    const before = this.running;
    const round: Promise<void> = Promise.resolve(before?.catch(() => undefined)).then(async () => {
      // From here on, whoever wrote after this round reads must wait for the next one.
      if (this.queued === round) this.queued = undefined;
      this.running = round;
      try {
        await this.catchUpOnce();
      } finally {
        if (this.running === round) this.running = undefined;
      }
    });
    this.queued = round;
    return round;
  }

  private async catchUpOnce(): Promise<void> {
    const names = indexedResources().map((definition) => definition.name);
    if (!this.loaded || Date.now() - this.currentAt > IDLE_MS) {
      await this.load(names);
      return;
    }
    const generations = await storedGenerations(names, this.db);
    for (const [i, resource] of names.entries()) {
      const since = this.generations.get(resource) ?? 0;
      if (generations[i] === since) continue;
      const [documents, removals] = await Promise.all([
        this.db.execute<DocumentRow>(
          // In the index's order, so that the planner reads the index whatever its statistics say.
          sql`${this.documentsQuery()} where d.resource = ${resource} and d.generation > ${since}
              order by d.generation limit ${MAX_PATCHED_ROWS + 1}`,
        ),
        this.db
          .select({ rowId: searchRemovals.rowId })
          .from(searchRemovals)
          .where(and(eq(searchRemovals.resource, resource), gt(searchRemovals.generation, since)))
          .orderBy(searchRemovals.generation)
          .limit(MAX_PATCHED_ROWS + 1),
      ]);
      if (documents.rows.length + removals.length > MAX_PATCHED_ROWS) {
        await this.load(names);
        return;
      }
      const removed = removals.map((removal) => removal.rowId);
      const changed = documents.rows.map((row) => Number(row.row_id));
      const terms = changed.length
        ? await this.db
            .select({ rowId: searchTerms.rowId, term: searchTerms.term, weight: searchTerms.weight })
            .from(searchTerms)
            .where(and(eq(searchTerms.resource, resource), inArray(searchTerms.rowId, changed)))
        : [];
      this.apply(resource, removed, documents.rows, terms);
      this.generations.set(resource, generations[i]);
    }
    this.currentAt = Date.now();
  }

  private documentsQuery(): SQL {
    return sql`select d.resource, d.row_id, d.lang, d.part, d.title, d.date,
        extract(year from d.date at time zone ${config().siteTimeZone})::int as year,
        d.is_visible, d.members_only, d.publish_at, d.unpublish_at
      from search_documents d`;
  }

  /** Reads every document again and forgets the words' rows (read again as they are searched). */
  private async load(names: string[]): Promise<void> {
    // The generations first: whatever commits after is above them, and read at the next search.
    const generations = await storedGenerations(names, this.db);
    this.loading = true;
    this.changes++;
    // Half read, the copy is not used: the next search reads it all again.
    this.loaded = false;
    try {
      this.documents.clear();
      this.postings.clear();
      this.postingsSize = 0;
      let last: [string, number] = ['', 0];
      for (;;) {
        const batch = await this.db.execute<DocumentRow>(
          sql`${this.documentsQuery()} where (d.resource, d.row_id) > (${last[0]}, ${last[1]})
              order by d.resource, d.row_id limit ${LOAD_BATCH}`,
        );
        for (const row of batch.rows) this.documents.store(row);
        if (batch.rows.length < LOAD_BATCH) break;
        const end = batch.rows.at(-1)!;
        last = [end.resource, Number(end.row_id)];
      }
      names.forEach((name, i) => this.generations.set(name, generations[i]));
      this.loaded = true;
      this.currentAt = Date.now();
    } finally {
      this.loading = false;
      this.changes++;
    }
  }

  /** A resource's changes: rows dropped, rows written (their entries and all their terms now). */
  private apply(
    resource: string,
    removed: number[],
    documents: DocumentRow[],
    terms: { rowId: number; term: string; weight: number }[],
  ): void {
    this.changes++;
    const changes = new Map<number, Map<string, number>>();
    for (const rowId of removed) {
      const slot = this.documents.remove(resource, rowId);
      if (slot !== undefined) changes.set(slot, new Map());
    }
    const bySlot = new Map<number, Map<string, number>>();
    const slotOfRow = new Map<number, number>();
    for (const row of documents) {
      const slot = this.documents.store(row);
      slotOfRow.set(Number(row.row_id), slot);
      bySlot.set(slot, new Map());
    }
    for (const { rowId, term, weight } of terms) bySlot.get(slotOfRow.get(rowId)!)?.set(term, weight);
    for (const [slot, rowTerms] of bySlot) changes.set(slot, rowTerms);
    // Each word or prefix kept, with what the changed rows now weigh in it (0: not in it).
    for (const [key, postings] of this.postings) {
      const term = key.slice(1);
      const prefix = key[0] === '^';
      const updates = new Map<number, number>();
      for (const [slot, rowTerms] of changes) {
        let weight = 0;
        if (!prefix) weight = rowTerms.get(term) ?? 0;
        else for (const [t, w] of rowTerms) if (w > weight && t.startsWith(term)) weight = w;
        updates.set(slot, weight);
      }
      const next = patched(postings, updates);
      this.postingsSize += next.slots.length - postings.slots.length;
      this.postings.set(key, next);
    }
  }

  /** The rows of one alternative (read from the index the first time it is searched, then kept). */
  private async postingsOf(alternative: TermAlternative): Promise<Postings> {
    const key = keyOf(alternative);
    const kept = this.postings.get(key);
    if (kept) {
      // Most recently searched last, so the least recently searched go first.
      this.postings.delete(key);
      this.postings.set(key, kept);
      return kept;
    }
    // A read that began before the copy applied changes may predate them: it is read again (and
    // after a third time used once, not kept).
    for (let attempt = 1; ; attempt++) {
      const changes = this.changes;
      const rows = await this.db.execute<{ resource: string; row_id: number; weight: number }>(
        alternative.prefix
          ? sql`select t.resource, t.row_id, max(t.weight) as weight from search_terms t
                where ${termCondition(alternative)} group by t.resource, t.row_id`
          : sql`select t.resource, t.row_id, t.weight from search_terms t where ${termCondition(alternative)}`,
      );
      const weightBySlot = new Map<number, number>();
      for (const row of rows.rows) {
        // A row written since the last catch-up is not held yet: the next catch-up adds it here.
        const slot = this.documents.slotOf(row.resource, Number(row.row_id));
        if (slot !== undefined) weightBySlot.set(slot, Number(row.weight));
      }
      const slots = Int32Array.from([...weightBySlot.keys()].sort((a, b) => a - b));
      const postings = { slots, weights: Float32Array.from(slots, (slot) => weightBySlot.get(slot)!) };
      const current = changes === this.changes && !this.loading;
      if (!current && attempt < 3) continue;
      if (current) this.keep(key, postings);
      return postings;
    }
  }

  /**
   * Which of these the index holds (in any row, shown or not), as the forgiving query asks before it
   * looks for a typo's nearest word: from the rows kept, else from what was asked since the copy last
   * changed, else by one query for all the rest.
   */
  async holds(alternatives: TermAlternative[]): Promise<Set<string>> {
    await this.catchUp();
    if (this.heldAt !== this.changes) {
      this.held.clear();
      this.heldAt = this.changes;
    }
    const found = new Set<string>();
    const asked = new Map<string, TermAlternative>();
    for (const alternative of alternatives) {
      const key = keyOf(alternative);
      const held = this.postings.has(key) ? this.postings.get(key)!.slots.length > 0 : this.held.get(key);
      if (held) found.add(key);
      else if (held === undefined) asked.set(key, alternative);
    }
    if (asked.size === 0) return found;
    const changes = this.changes;
    const exact = [...asked.values()].filter((alternative) => !alternative.prefix);
    const answers: string[] = [];
    if (exact.length) {
      // Each by its first entry (an `exists` let PostgreSQL read all 60,000 entries of a common word first).
      const rows = await this.db.execute<{ term: string }>(
        sql`select v.term from (values ${sql.join(
          exact.map((alternative) => sql`(${alternative.term})`),
          sql`, `,
        )}) v(term) cross join lateral (select 1 from search_terms t where t.term = v.term collate "C" limit 1) hit`,
      );
      answers.push(...rows.rows.map((row) => `=${row.term}`));
    }
    for (const alternative of asked.values()) {
      if (!alternative.prefix) continue;
      const rows = await this.db.execute(sql`select 1 from search_terms t where ${termCondition(alternative)} limit 1`);
      if (rows.rows.length) answers.push(keyOf(alternative));
    }
    for (const key of answers) found.add(key);
    // What was read while the copy took in a change may predate it: used, not remembered.
    if (changes === this.changes && !this.loading) {
      if (this.held.size + asked.size > MAX_REMEMBERED_TERMS) this.held.clear();
      for (const key of asked.keys()) this.held.set(key, found.has(key));
    }
    return found;
  }

  private keep(key: string, postings: Postings): void {
    // Another search may have read it meanwhile.
    this.postingsSize += postings.slots.length - (this.postings.get(key)?.slots.length ?? 0);
    this.postings.delete(key);
    this.postings.set(key, postings);
    for (const [oldest, old] of this.postings) {
      if (this.postingsSize <= MAX_POSTINGS || oldest === key) break;
      this.postings.delete(oldest);
      this.postingsSize -= old.slots.length;
    }
  }

  /**
   * The counts of every match of the scope (per place and year), and one ranked page of them: exact
   * title first, then the most words matched, the best weighted, the newest.
   */
  async search(
    groups: QueryGroup[],
    title: string,
    scope: IndexScope,
    page: IndexPage,
  ): Promise<{ matches: IndexMatch[]; facets: IndexFacet[] }> {
    await this.catchUp();
    const member = readsAsMember();
    const key = JSON.stringify([
      groups,
      title,
      scope.language,
      member,
      scope.places,
      page.places ?? null,
      page.year ?? null,
    ]);
    const wanted = page.offset + page.limit;
    const counts = rankingCounts();
    let entry = this.rankings.get(key);
    if (
      !entry ||
      entry.changes !== this.changes ||
      entry.findable !== this.findableIn(scope, member) ||
      (!entry.ranking.complete && entry.ranking.ranked.length < wanted)
    ) {
      const changes = this.changes;
      const lists = await Promise.all(
        groups.map((group) => Promise.all(group.alternatives.map((a) => this.postingsOf(a)))),
      );
      // From here to the end, nothing awaits: the copy cannot change under the ranking.
      const findable = this.findableIn(scope, member);
      // A page further than the one kept ranks twice as far, so that paging on costs few rankings.
      const depth = Math.max(wanted, MIN_RANKED, 2 * (entry?.ranking.ranked.length ?? 0));
      const ranking = rankTop(this.documents, groups, lists, title, scope, page, depth, findable);
      // Rows read while the copy took in a change may predate it: used once, not kept.
      if (changes !== this.changes || this.loading)
        return { matches: pageOfRanking(this.documents, ranking, title, page), facets: ranking.facets };
      entry = {
        ranking,
        changes,
        findable,
        bytes: 2 * key.length + ranking.ranked.byteLength + 64 * ranking.facets.length,
      };
      counts.misses++;
    } else counts.hits++;
    // Most recently asked last (a concurrent search of the same query may have kept one meanwhile).
    this.forget(key);
    this.rankings.set(key, entry);
    this.rankingBytes += entry.bytes;
    counts.bytes += entry.bytes;
    counts.entries = this.rankings;
    for (const oldest of this.rankings.keys()) {
      if (oldest === key || (this.rankings.size <= MAX_RANKINGS && this.rankingBytes <= MAX_RANKING_BYTES)) break;
      this.forget(oldest);
    }
    const { ranking } = entry;
    return { matches: pageOfRanking(this.documents, ranking, title, page), facets: ranking.facets };
  }

  private forget(key: string): void {
    const entry = this.rankings.get(key);
    if (!entry) return;
    this.rankings.delete(key);
    this.rankingBytes -= entry.bytes;
    rankingCounts().bytes -= entry.bytes;
  }

  /** Which rows visitors of the scope may find: worked out once until the copy or the public window changes. */
  private findableIn(scope: IndexScope, member: boolean): Findable {
    if (this.findableAt !== this.changes || this.findable.size > 16) {
      this.findable.clear();
      this.findableAt = this.changes;
    }
    const key = JSON.stringify([scope.language, member, scope.places]);
    const now = scope.now.getTime();
    const kept = this.findable.get(key);
    if (kept && kept.from <= now && now < kept.until) return kept;
    const findable = findableSlots(this.documents, scope, member);
    this.findable.set(key, findable);
    return findable;
  }

  /** The first moment after `now` (ms) at which an entry enters or leaves the public window, or null. */
  async nextWindowChange(now: number): Promise<number | null> {
    await this.catchUp();
    return this.documents.nextWindowChange(now);
  }
}

declare module '../../runtime/process-state' {
  interface ProcessSlots {
    searchCopies: WeakMap<Database, IndexCopy>;
    /** The kept rankings' counts, read by the metrics (lib/observability/metrics.ts, cache "search"). */
    searchRankings: { hits: number; misses: number; entries: { size: number }; bytes: number };
  }
}

// One per process and database: pages and API routes are separate bundles that must share it.
const copies = processSlot('searchCopies', () => new WeakMap<Database, IndexCopy>());

const rankingCounts = () =>
  processSlot('searchRankings', () => ({ hits: 0, misses: 0, entries: { size: 0 }, bytes: 0 }));

async function copyOfIndex(): Promise<IndexCopy> {
  const db = await getDb();
  let copy = copies.get(db);
  if (!copy) copies.set(db, (copy = new IndexCopy(db)));
  return copy;
}

/** The counts and one ranked page of a query's matches, from this server's copy of the index. */
export async function searchIndexCopy(
  groups: QueryGroup[],
  title: string,
  scope: IndexScope,
  page: IndexPage,
): Promise<{ matches: IndexMatch[]; facets: IndexFacet[] }> {
  if (groups.length === 0 || scope.places.length === 0) return { matches: [], facets: [] };
  return (await copyOfIndex()).search(groups, title, scope, page);
}

/** Which of these words and prefixes the index holds, by key (`=word`, `^prefix`). */
export async function heldTerms(alternatives: TermAlternative[]): Promise<Set<string>> {
  if (alternatives.length === 0) return new Set();
  return (await copyOfIndex()).holds(alternatives);
}

/**
 * Reads the documents into this server's copy ahead of the first search (at the server's start, in
 * the background): 120,000 of them take seconds, which the first visitor to search would wait.
 */
export async function warmSearchIndexCopy(): Promise<void> {
  await (await copyOfIndex()).catchUp();
}

/** The first moment after `now` at which an indexed row enters or leaves the public window, or null. */
export async function nextIndexWindowChange(now: Date): Promise<number | null> {
  return (await copyOfIndex()).nextWindowChange(now.getTime());
}

/** Drops the removals no copy needs any more: a copy idle longer than IDLE_MS reads everything again. */
export async function purgeSearchRemovals(now: Date): Promise<number> {
  const db = await getDb();
  const gone = await db
    .delete(searchRemovals)
    .where(sql`${searchRemovals.removedAt} < ${new Date(now.getTime() - 24 * 60 * 60 * 1000)}`)
    .returning({ rowId: searchRemovals.rowId });
  return gone.length;
}

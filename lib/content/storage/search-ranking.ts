import 'server-only';
import { MEMBERS_ONLY, PRESENT, VISIBLE, placeKey, titleHash, type IndexDocuments } from './search-documents';

/**
 * Matching, counting and ranking a query over the documents of a server's copy of the search index
 * (lib/content/storage/search-memory.ts), in typed arrays: a word in 58,000 rows takes 1–2 ms.
 */

/** One alternative of a query word (lib/content/storage/search-matching.ts): a term, or every term it starts. */
export interface TermAlternative {
  term: string;
  factor: number;
  prefix?: boolean;
}

/** One word of a query: the terms that stand for it (any one matches), with how much each counts. */
export interface QueryGroup {
  /** The word as the visitor typed it, normalised. */
  word: string;
  alternatives: TermAlternative[];
}

/** Where to look: one language, the public window at `now`, and the parts of resources allowed. */
export interface IndexScope {
  language: string;
  now: Date;
  /** `[resource, part]` pairs; a row of any other is never found. */
  places: [string, string][];
}

/** Which matches a page shows: of these places (all of the scope's when absent) and this year, this slice. */
export interface IndexPage {
  places?: [string, string][];
  year?: number;
  offset: number;
  /** 0 for the counts alone. */
  limit: number;
}

export interface IndexMatch {
  resource: string;
  rowId: number;
  part: string;
  date: Date | null;
  exactTitle: boolean;
}

/** How many matches a facet row counts: of one place and year. */
export interface IndexFacet {
  resource: string;
  part: string;
  year: number | null;
  count: number;
}

/** The rows of one term or prefix: slots in ascending order, each with its best weight. */
export interface Postings {
  slots: Int32Array;
  weights: Float32Array;
}

/** Years a facet tells apart (a row's year, 1 to 9999, or 0 for none). */
const YEAR_SPAN = 10_000;

/** Arrays of one number per slot (and per place and year) for a search's sums, all zero between searches. */
let scratch:
  | {
      coverage: Uint8Array;
      exact: Uint8Array;
      score: Float64Array;
      best: Float64Array;
      touched: Int32Array;
      inGroup: Int32Array;
      facetCounts: Uint32Array;
    }
  | undefined;

function scratchFor(documents: IndexDocuments) {
  const facets = documents.places.values.length * YEAR_SPAN;
  if (!scratch || scratch.coverage.length < documents.capacity || scratch.facetCounts.length < facets) {
    const size = documents.capacity;
    scratch = {
      coverage: new Uint8Array(size),
      exact: new Uint8Array(size),
      score: new Float64Array(size),
      best: new Float64Array(size),
      touched: new Int32Array(size),
      inGroup: new Int32Array(size),
      facetCounts: new Uint32Array(facets),
    };
  }
  return scratch;
}

/**
 * The `k` slots that rank first among those offered, in a heap whose root ranks last: a page's end
 * among 58,000 matches costs a comparison with the root for most, log k for the rest.
 */
class TopSlots {
  private readonly heap: Int32Array;
  size = 0;
  constructor(
    private readonly k: number,
    /** Whether slot `a` ranks before slot `b`. */
    private readonly before: (a: number, b: number) => boolean,
  ) {
    this.heap = new Int32Array(k);
  }

  offer(slot: number): void {
    const { heap, before } = this;
    if (this.size < this.k) {
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >>> 1;
        if (!before(heap[parent], slot)) break;
        heap[at] = heap[parent];
        at = parent;
      }
      heap[at] = slot;
      return;
    }
    if (this.k === 0 || !before(slot, heap[0])) return;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && before(heap[child], heap[child + 1])) child++;
      if (!before(slot, heap[child])) break;
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = slot;
  }

  /** The slots kept, first ranked first. */
  ranked(): Int32Array {
    const { before } = this;
    return this.heap.slice(0, this.size).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  }
}

/** Which slots visitors of a scope may find (1), from `from` until the next change of the public window. */
export interface Findable {
  slots: Uint8Array;
  from: number;
  until: number;
}

/**
 * The slots of the scope's language and places that are shown, in the public window at the scope's
 * `now`, and for members only only to a member; read once for many searches rather than row by row
 * in each (five arrays a row, scattered: most of a search's matching time).
 */
export function findableSlots(documents: IndexDocuments, scope: IndexScope, member: boolean): Findable {
  const { flags, lang, place: placeOf, publishAt, unpublishAt } = documents;
  const languages = [documents.langs.find(scope.language), documents.langs.find('')];
  const now = scope.now.getTime();
  const inScope = new Uint8Array(documents.places.values.length);
  for (const [resource, part] of scope.places) {
    const place = documents.places.find(placeKey(resource, part));
    if (place !== undefined) inScope[place] = 1;
  }
  const slots = new Uint8Array(documents.size);
  let until = Infinity;
  for (let slot = 0; slot < documents.size; slot++) {
    if (!(flags[slot] & PRESENT)) continue;
    if (publishAt[slot] > now) {
      until = Math.min(until, publishAt[slot]);
      continue;
    }
    if (unpublishAt[slot] <= now) continue;
    if (unpublishAt[slot] < until) until = unpublishAt[slot];
    if (!(flags[slot] & VISIBLE) || (flags[slot] & MEMBERS_ONLY && !member)) continue;
    if (lang[slot] !== languages[0] && lang[slot] !== languages[1]) continue;
    slots[slot] = inScope[placeOf[slot]];
  }
  return { slots, from: now, until };
}

/**
 * The first `wanted` matches of a query in rank order (of the page's places and year), with the
 * counts of every match of the scope; `complete` when no match is left out. Kept by the copy
 * (search-memory.ts) so that the query's other pages are slices of it.
 */
export interface Ranking {
  ranked: Int32Array;
  complete: boolean;
  facets: IndexFacet[];
}

/**
 * The counts of every match of the scope (per place and year), and one ranked page of them: exact
 * title first, then the most words matched, the best weighted, the newest. `lists` holds each
 * group's alternatives' rows; `member`: whether rows for members only may be found.
 */
export function rankMatches(
  documents: IndexDocuments,
  groups: QueryGroup[],
  lists: Postings[][],
  title: string,
  scope: IndexScope,
  page: IndexPage,
  findable: Findable,
): { matches: IndexMatch[]; facets: IndexFacet[] } {
  const ranking = rankTop(documents, groups, lists, title, scope, page, page.offset + page.limit, findable);
  return { matches: pageOfRanking(documents, ranking, title, page), facets: ranking.facets };
}

/** The matches of a page of a ranking (which holds at least the page's end, or every match). */
export function pageOfRanking(
  documents: IndexDocuments,
  ranking: Ranking,
  title: string,
  page: IndexPage,
): IndexMatch[] {
  const { place: placeOf, date, titles, resource: resourceOf, rowId } = documents;
  const resources = documents.resources.values;
  return [...ranking.ranked.subarray(page.offset, page.offset + page.limit)].map((slot) => ({
    resource: resources[resourceOf[slot]],
    rowId: rowId[slot],
    part: documents.places.values[placeOf[slot]].split('\u0000')[1],
    date: Number.isNaN(date[slot]) ? null : new Date(date[slot]),
    exactTitle: titles[slot] === title,
  }));
}

/**
 * The first `wanted` matches of the page's places and year in rank order, and the counts of every
 * match of the scope. Synchronous, so the scratch arrays serve one search at a time.
 */
export function rankTop(
  documents: IndexDocuments,
  groups: QueryGroup[],
  lists: Postings[][],
  title: string,
  scope: IndexScope,
  page: Pick<IndexPage, 'places' | 'year'>,
  wanted: number,
  findable: Findable,
): Ranking {
  const { place: placeOf, year: yearOf, date, titles } = documents;
  const visible = findable.slots;
  // A query of three words or more still finds the rows missing one of them, ranked after the rest.
  const needed = groups.length <= 2 ? groups.length : groups.length - 1;
  // The places of the page (the scope's others are counted, not shown).
  const onPage = new Uint8Array(documents.places.values.length);
  for (const [resource, part] of page.places ?? scope.places) {
    const place = documents.places.find(placeKey(resource, part));
    if (place !== undefined) onPage[place] = 1;
  }
  // Per row: the groups it matched and the sum of each group's best weight.
  const { coverage, exact, score, best, touched, inGroup, facetCounts } = scratchFor(documents);
  let found = 0;
  for (let g = 0; g < groups.length; g++) {
    let matched = 0;
    for (let a = 0; a < groups[g].alternatives.length; a++) {
      const { slots, weights } = lists[g][a];
      const factor = groups[g].alternatives[a].factor;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i];
        const w = weights[i] * factor;
        if (best[slot] === 0) {
          if (visible[slot] !== 1) continue;
          inGroup[matched++] = slot;
        }
        if (w > best[slot]) best[slot] = w;
      }
    }
    for (let i = 0; i < matched; i++) {
      const slot = inGroup[i];
      if (coverage[slot] === 0) touched[found++] = slot;
      coverage[slot]++;
      score[slot] += best[slot];
      best[slot] = 0;
    }
  }
  // Exact title, words matched, weight, date (none last), then resource and id for a stable order.
  const { resource: resourceOf, rowId } = documents;
  const resources = documents.resources.values;
  const before = (a: number, b: number): boolean => {
    if (exact[a] !== exact[b]) return exact[a] > exact[b];
    if (coverage[a] !== coverage[b]) return coverage[a] > coverage[b];
    if (score[a] !== score[b]) return score[a] > score[b];
    const aDate = Number.isNaN(date[a]) ? -Infinity : date[a];
    const bDate = Number.isNaN(date[b]) ? -Infinity : date[b];
    if (aDate !== bDate) return aDate > bDate;
    if (resourceOf[a] !== resourceOf[b]) return resources[resourceOf[a]] < resources[resourceOf[b]];
    return rowId[a] < rowId[b];
  };
  // Counts by place and year (0 for none).
  const facetsSeen: number[] = [];
  const hash = titleHash(title);
  const { titleHashes } = documents;
  const top = new TopSlots(Math.min(wanted, found), before);
  let ranked: Int32Array;
  let offered = 0;
  try {
    for (let i = 0; i < found; i++) {
      const slot = touched[i];
      if (coverage[slot] < needed) continue;
      const place = placeOf[slot];
      const year = yearOf[slot];
      const facet = place * YEAR_SPAN + (year % YEAR_SPAN);
      if (facetCounts[facet]++ === 0) facetsSeen.push(facet);
      if (!onPage[place] || (page.year !== undefined && year !== page.year)) continue;
      offered++;
      if (wanted === 0) continue;
      exact[slot] = titleHashes[slot] === hash && titles[slot] === title ? 1 : 0;
      top.offer(slot);
    }
    ranked = top.ranked();
  } finally {
    for (let i = 0; i < found; i++) {
      coverage[touched[i]] = 0;
      score[touched[i]] = 0;
      exact[touched[i]] = 0;
    }
  }
  return {
    ranked,
    complete: offered <= ranked.length,
    facets: facetsSeen.map((facet) => {
      const [resource, part] = documents.places.values[Math.floor(facet / YEAR_SPAN)].split('\u0000');
      const year = facet % YEAR_SPAN;
      const count = facetCounts[facet];
      facetCounts[facet] = 0;
      return { resource, part, year: year === 0 ? null : year, count };
    }),
  };
}

import 'server-only';
import { MEMBERS_ONLY, PRESENT, VISIBLE, placeKey, type IndexDocuments } from './search-documents';

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

/** The rows up to a page's end kept in order while matching; a deeper page sorts every match. */
const KEPT_IN_ORDER = 5_000;
/** Years a facet tells apart (a row's year, 1 to 9999, or 0 for none). */
const YEAR_SPAN = 10_000;

/** A ranked candidate: exact title, words matched, weight, date, then resource and id for a stable order. */
interface Candidate {
  slot: number;
  exact: boolean;
  coverage: number;
  score: number;
  date: number;
}

/** Arrays of one number per slot (and per place and year) for a search's sums, all zero between searches. */
let scratch:
  | {
      coverage: Uint8Array;
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
      score: new Float64Array(size),
      best: new Float64Array(size),
      touched: new Int32Array(size),
      inGroup: new Int32Array(size),
      facetCounts: new Uint32Array(facets),
    };
  }
  return scratch;
}

/** Whether a row with these figures ranks before `b`: exact title, words matched, weight, date, resource, id. */
function ranksBefore(
  documents: IndexDocuments,
  exact: boolean,
  coverage: number,
  score: number,
  date: number,
  slot: number,
  b: Candidate,
): boolean {
  if (exact !== b.exact) return exact;
  if (coverage !== b.coverage) return coverage > b.coverage;
  if (score !== b.score) return score > b.score;
  const aDate = Number.isNaN(date) ? -Infinity : date;
  const bDate = Number.isNaN(b.date) ? -Infinity : b.date;
  if (aDate !== bDate) return aDate > bDate;
  const aResource = documents.resources.values[documents.resource[slot]];
  const bResource = documents.resources.values[documents.resource[b.slot]];
  if (aResource !== bResource) return aResource < bResource;
  return documents.rowId[slot] < documents.rowId[b.slot];
}

const before = (documents: IndexDocuments, a: Candidate, b: Candidate) =>
  ranksBefore(documents, a.exact, a.coverage, a.score, a.date, a.slot, b);

/**
 * The counts of every match of the scope (per place and year), and one ranked page of them: exact
 * title first, then the most words matched, the best weighted, the newest. `lists` holds each
 * group's alternatives' rows; `member`: whether rows for members only may be found. Synchronous, so
 * the scratch arrays serve one search at a time.
 */
export function rankMatches(
  documents: IndexDocuments,
  groups: QueryGroup[],
  lists: Postings[][],
  title: string,
  scope: IndexScope,
  page: IndexPage,
  member: boolean,
): { matches: IndexMatch[]; facets: IndexFacet[] } {
  const { flags, lang, place: placeOf, publishAt, unpublishAt, year: yearOf, date, titles } = documents;
  // A query of three words or more still finds the rows missing one of them, ranked after the rest.
  const needed = groups.length <= 2 ? groups.length : groups.length - 1;
  const languages = [documents.langs.find(scope.language), documents.langs.find('')];
  const now = scope.now.getTime();
  // Per place: 1 in the scope, 2 on the page too.
  const placeFlags = new Uint8Array(documents.places.values.length);
  for (const [resource, part] of scope.places) {
    const place = documents.places.find(placeKey(resource, part));
    if (place !== undefined) placeFlags[place] |= 1;
  }
  for (const [resource, part] of page.places ?? scope.places) {
    const place = documents.places.find(placeKey(resource, part));
    if (place !== undefined && placeFlags[place]) placeFlags[place] |= 2;
  }
  // Whether visitors of the scope may find the row: checked when a group first meets it.
  const findable = (slot: number) => {
    if (!(flags[slot] & PRESENT) || !(flags[slot] & VISIBLE) || (flags[slot] & MEMBERS_ONLY && !member)) return false;
    if (lang[slot] !== languages[0] && lang[slot] !== languages[1]) return false;
    if (publishAt[slot] > now || unpublishAt[slot] <= now) return false;
    return placeFlags[placeOf[slot]] !== 0;
  };
  // Per row: the groups it matched and the sum of each group's best weight.
  const { coverage, score, best, touched, inGroup, facetCounts } = scratchFor(documents);
  let found = 0;
  groups.forEach((group, g) => {
    let matched = 0;
    group.alternatives.forEach((alternative, a) => {
      const { slots, weights } = lists[g][a];
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i];
        const w = weights[i] * alternative.factor;
        if (best[slot] === 0) {
          if (!findable(slot)) continue;
          inGroup[matched++] = slot;
        }
        if (w > best[slot]) best[slot] = w;
      }
    });
    for (let i = 0; i < matched; i++) {
      const slot = inGroup[i];
      if (coverage[slot] === 0) touched[found++] = slot;
      coverage[slot]++;
      score[slot] += best[slot];
      best[slot] = 0;
    }
  });
  // Counts by place and year (0 for none).
  const facetsSeen: number[] = [];
  const wanted = page.offset + page.limit;
  // A page near the top keeps only the rows up to it, in order, as they come (most are out at the
  // first comparison); a deep page sorts them all.
  const keepAll = wanted > KEPT_IN_ORDER;
  let ranked: Candidate[] = [];
  try {
    for (let i = 0; i < found; i++) {
      const slot = touched[i];
      const matched = coverage[slot];
      if (matched < needed) continue;
      const place = placeOf[slot];
      const year = yearOf[slot];
      const facet = place * YEAR_SPAN + (year % YEAR_SPAN);
      if (facetCounts[facet]++ === 0) facetsSeen.push(facet);
      if (page.limit === 0 || !(placeFlags[place] & 2) || (page.year !== undefined && year !== page.year)) continue;
      const exact = titles[slot] === title;
      // Most rows are out at this first comparison, made before anything is allocated for them.
      const full = !keepAll && ranked.length === wanted;
      if (full && !ranksBefore(documents, exact, matched, score[slot], date[slot], slot, ranked[wanted - 1])) continue;
      const candidate = { slot, exact, coverage: matched, score: score[slot], date: date[slot] };
      if (keepAll) {
        ranked.push(candidate);
        continue;
      }
      let low = 0;
      let high = ranked.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (before(documents, candidate, ranked[middle])) high = middle;
        else low = middle + 1;
      }
      ranked.splice(low, 0, candidate);
      if (ranked.length > wanted) ranked.pop();
    }
  } finally {
    for (let i = 0; i < found; i++) {
      coverage[touched[i]] = 0;
      score[touched[i]] = 0;
    }
  }
  if (keepAll) {
    ranked = ranked.sort((a, b) => (before(documents, a, b) ? -1 : before(documents, b, a) ? 1 : 0)).slice(0, wanted);
  }
  return {
    matches: ranked.slice(page.offset).map(({ slot, exact }) => ({
      resource: documents.resources.values[documents.resource[slot]],
      rowId: documents.rowId[slot],
      part: documents.places.values[placeOf[slot]].split('\u0000')[1],
      date: Number.isNaN(date[slot]) ? null : new Date(date[slot]),
      exactTitle: exact,
    })),
    facets: facetsSeen.map((facet) => {
      const [resource, part] = documents.places.values[Math.floor(facet / YEAR_SPAN)].split('\u0000');
      const year = facet % YEAR_SPAN;
      const count = facetCounts[facet];
      facetCounts[facet] = 0;
      return { resource, part, year: year === 0 ? null : year, count };
    }),
  };
}

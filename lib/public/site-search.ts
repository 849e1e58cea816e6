import { readsAsMember } from '../cache/member-scope';
import { previewGrant } from '../cache/preview-scope';
import { cachedSiteRead } from '../cache/site-reads';
import { readByVisitors, type ResourceDefinition } from '../content/model/define';
import { isMembersOnly } from '../content/model/audience';
import { readPublicRows, searchableFields } from '../content/storage/reads';
import { allResources, findResource } from '../content/model/registry';
import {
  forgivingGroups,
  nextIndexWindowChange,
  searchIndex,
  suggestFromIndex,
  type IndexFacet,
  type IndexScope,
  type QueryGroup,
} from '../content/storage/search-matching';
import { noteSearchResults } from '../content/storage/search-queries';
import { searchSynonyms } from '../content/storage/settings';
import { foldedChars, isHan, normalizeText, stemOf } from '../content/storage/search-text';
import type { WireLanguage } from '../i18n/languages';
import { storedRichTextToPlain } from '../security/sanitize';
import { publicPlaces, publicRowPath } from './row-links';
import type { RouteId } from './routes';

/**
 * Site-wide search: every public row of every resource the public site shows that has searchable
 * fields, found through the search index (lib/content/storage/search-matching.ts) and ranked as one
 * list across the public pages that show them (their areas: news, laws, the about page…), with
 * counts per area and per year.
 */
const SEARCH_PAGE_SIZE = 10;
export const MAX_QUERY_LENGTH = 200;

/** The announcements first, then the laws, then everything else in the registry's order (areas of equal rank). */
const firstResources = ['webnews', 'webbulletin', 'webactivity', 'webrule', 'webdiscipline'];

/** The resources the search covers: publicly readable, shown somewhere on the site, with searchable fields. */
function searchableResources(): ResourceDefinition[] {
  const eligible = allResources().filter(
    (definition) =>
      readByVisitors(definition) &&
      publicRowPath(definition.name, { id: 0 }) !== null &&
      searchableFields(definition).length > 0,
  );
  const rank = (name: string) => (firstResources.includes(name) ? firstResources.indexOf(name) : firstResources.length);
  return eligible.sort((a, b) => rank(a.name) - rank(b.name));
}

/**
 * Where results come from: a resource's rows on one public page (`filters` pick them when the resource spans pages).
 */
interface SearchSource {
  definition: ResourceDefinition;
  route: RouteId;
  filters?: Record<string, unknown>;
}

/** Each searchable resource on each of its pages, kept together by page: pages in the order they first come. */
function searchSources(): SearchSource[] {
  const sources = searchableResources().flatMap((definition) =>
    publicPlaces(definition.name).map((place) => ({ definition, ...place })),
  );
  const routes = [...new Set(sources.map((source) => source.route))];
  return sources.sort((a, b) => routes.indexOf(a.route) - routes.indexOf(b.route));
}

interface SearchHit {
  resource: string;
  /** The public page (its `site.routes.*` name) the hit belongs to: its area. */
  route: RouteId;
  id: number;
  title: string;
  /** Plain text around the first match, in pieces; `mark` ones are the matched words. */
  snippet: SnippetPiece[];
  /** Below the language prefix. */
  path: string;
  /** The row's date (publication, its own date, or creation), ISO; null when it has none. */
  date: string | null;
  /** For signed-in Members only: found by their searches alone, and marked. */
  membersOnly: boolean;
}

interface SnippetPiece {
  text: string;
  mark?: boolean;
}

interface SearchFilters {
  /** A route name of an area, or undefined for all. */
  area?: string;
  year?: number;
}

interface SearchResults {
  terms: string[];
  hits: SearchHit[];
  total: number;
  /** Clamped into the real range. */
  page: number;
  pageSize: number;
  /** The areas with matches (counted under the year filter), most first. */
  areas: { area: RouteId; count: number }[];
  /** The years with matches (counted under the area filter), newest first. */
  years: { year: number; count: number }[];
  /** The query with unknown words replaced by the nearest known ones, when any were. */
  suggestion?: string;
}

type Row = Record<string, unknown>;

/** The areas (route names) results can be filtered by. */
export function searchAreas(): string[] {
  return [...new Set(searchSources().map((source) => source.route))];
}

/** `[resource, part]` of a source, as the index keys the public page a row is on. */
function placeOf({ definition, filters }: SearchSource): [string, string] {
  const fixedPage = definition.fixedPage;
  return [definition.name, fixedPage && filters ? String(filters[fixedPage] ?? '') : ''];
}

const placeKey = (resource: string, part: string) => `${resource}\u0000${part}`;

/** The plain text a snippet is cut from: the first non-title text field with something in it. */
function snippetText(definition: ResourceDefinition, row: Row): string {
  for (const [key, f] of Object.entries(definition.fields)) {
    if (key === definition.titleField || f.hidden || f.public === false) continue;
    const value = row[key];
    if ((f.kind === 'longtext' || f.kind === 'richtext') && typeof value === 'string' && value) {
      const text = f.kind === 'richtext' ? storedRichTextToPlain(value) : value;
      if (text) return text.replace(/\s+/g, ' ');
    }
  }
  return '';
}

const SNIPPET_LENGTH = 160;

/**
 * Up to SNIPPET_LENGTH characters of `text` around its first match, the matched words marked. Text
 * is compared character by character in normalised form (width, case, variants, Simplified), so a
 * match is marked however either side was written.
 */
export function snippetOf(text: string, words: string[]): SnippetPiece[] {
  const chars = [...text];
  const folded = foldedChars(text);
  const haystack = folded.join('');
  // Where each original character starts in the folded text.
  const starts: number[] = [];
  let at = 0;
  for (const f of folded) {
    starts.push(at);
    at += f.length;
  }
  const marked = new Array<boolean>(chars.length).fill(false);
  for (const word of words.filter(Boolean)) {
    let from = haystack.indexOf(word);
    while (from >= 0) {
      const end = from + word.length;
      starts.forEach((start, i) => {
        if (start >= from && start < end) marked[i] = true;
      });
      from = haystack.indexOf(word, end);
    }
  }
  // A Latin match runs to the end of its word: the stem `trust` marks all of `Trusts`.
  for (let i = 1; i < chars.length; i++) {
    if (marked[i - 1] && !marked[i] && /^[a-z]$/.test(folded[i]) && /^[a-z]$/.test(folded[i - 1])) marked[i] = true;
  }
  const first = Math.max(0, marked.indexOf(true));
  const begin = Math.max(0, Math.min(first - 40, chars.length - SNIPPET_LENGTH));
  const end = Math.min(chars.length, begin + SNIPPET_LENGTH);
  const pieces: SnippetPiece[] = [];
  if (begin > 0) pieces.push({ text: '…' });
  for (let i = begin; i < end; i++) {
    const last = pieces.at(-1);
    if (last && Boolean(last.mark) === marked[i] && last.text !== '…') last.text += chars[i];
    else pieces.push(marked[i] ? { text: chars[i], mark: true } : { text: chars[i] });
  }
  if (end < chars.length) pieces.push({ text: '…' });
  return pieces;
}

/** The words a snippet marks: the query's words as normalised, Latin ones by their stem's start. */
function markedWords(groups: QueryGroup[]): string[] {
  return groups.flatMap((group) =>
    group.alternatives.filter((a) => a.factor >= 0.8).map((a) => (isHan(a.term) ? a.term : stemOf(a.term))),
  );
}

/** "Did you mean" offers the correction only when it finds at least this many times what the query as typed finds. */
const SUGGESTION_GAIN = 4;

/**
 * The corrected query, when it is worth offering: it finds something, and the query as typed finds
 * nothing or far less (a query of three words or more still finds rows holding all but one of them).
 */
async function worthSuggesting(
  corrected: string | undefined,
  text: string,
  facets: IndexFacet[],
  original: QueryGroup[],
  scope: IndexScope,
): Promise<string | undefined> {
  if (!corrected || corrected === normalizeText(text)) return undefined;
  const found = facets.reduce((sum, facet) => sum + facet.count, 0);
  if (found === 0) return undefined;
  if (original.length < 3) return corrected;
  const asTyped = (await searchIndex(original, text, scope, { offset: 0, limit: 0 })).facets;
  return asTyped.reduce((sum, facet) => sum + facet.count, 0) * SUGGESTION_GAIN <= found ? corrected : undefined;
}

/** How long a search's answer is kept at most: the read cache's time (lib/cache/public-reads.ts). */
const KEPT_SEARCH_MS = 30_000;

/**
 * One page of ranked results for a query in a language; an empty query finds nothing. Visitors ask
 * for the same few searches over and over: an answer is kept, and shared by concurrent askers, until
 * the next content write (the content epoch: lib/cache/content-epoch.ts, which writes on other servers
 * bump too), the next moment a row enters or leaves the public window, or 30 s, whichever comes first.
 * A Member's searches, which see rows for members only, and a draft preview's are kept apart.
 */
export async function searchSite(
  language: WireLanguage,
  query: string,
  requestedPage: number,
  filters: SearchFilters = {},
  pageSize = SEARCH_PAGE_SIZE,
): Promise<SearchResults> {
  const text = query.replaceAll('\u0000', '').slice(0, MAX_QUERY_LENGTH);
  const load = () => findInSite(language, text, requestedPage, filters, pageSize);
  const results = previewGrant()
    ? await load()
    : await keptSearch(language, text, requestedPage, filters, pageSize, load);
  // For the counts of what visitors search for: the results of the query as typed, in every area and year.
  if (!filters.area && filters.year === undefined) noteSearchResults(language, text, results.total);
  return results;
}

/** A search's answer as a site-wide read (lib/cache/site-reads.ts), never past a change of the public window. */
async function keptSearch(
  language: WireLanguage,
  text: string,
  page: number,
  filters: SearchFilters,
  pageSize: number,
  load: () => Promise<SearchResults>,
): Promise<SearchResults> {
  const now = Date.now();
  const at = await cachedSiteRead('search: window change', () => nextIndexWindowChange(new Date(now))).catch(() => now);
  const reader = readsAsMember() ? 'member' : 'visitor';
  const key = JSON.stringify([
    'search',
    reader,
    language,
    text,
    page,
    filters.area ?? '',
    filters.year ?? '',
    pageSize,
  ]);
  return cachedSiteRead(key, load, Math.min(KEPT_SEARCH_MS, (at ?? Infinity) - now), now, 'searches');
}

/**
 * The rows of matches as visitors may see them, in the matches' order, with where each is shown: one
 * read per resource. A match whose row is not shown (hidden since) is left out.
 */
async function rowsOf<M extends { resource: string; rowId: number; part: string }>(
  matches: M[],
  routeOf: Map<string, SearchSource>,
  language: WireLanguage,
): Promise<{ match: M; source: SearchSource; row: Row }[]> {
  const rows = new Map<string, Row>();
  for (const resource of new Set(matches.map((match) => match.resource))) {
    const ids = matches.filter((match) => match.resource === resource).map((match) => match.rowId);
    const definition = findResource(resource);
    if (!definition) continue;
    for (const row of await readPublicRows(definition, language, ids)) rows.set(`${resource}:${String(row.id)}`, row);
  }
  return matches.flatMap((match) => {
    const source = routeOf.get(placeKey(match.resource, match.part));
    const row = rows.get(`${match.resource}:${match.rowId}`);
    return source && row ? [{ match, source, row }] : [];
  });
}

/** One page of ranked results, read from the index. */
async function findInSite(
  language: WireLanguage,
  text: string,
  requestedPage: number,
  filters: SearchFilters,
  pageSize: number,
): Promise<SearchResults> {
  const { groups, corrected, original } = await forgivingGroups(text, await searchSynonyms());
  const terms = groups.map((group) => group.word);
  const empty: SearchResults = { terms, hits: [], total: 0, page: 1, pageSize, areas: [], years: [] };
  if (groups.length === 0) return empty;
  const sources = searchSources();
  const routeOf = new Map(sources.map((source) => [placeKey(...placeOf(source)), source]));
  const inArea = sources.filter((source) => !filters.area || source.route === filters.area);
  const allScope = { language, now: new Date(), places: sources.map(placeOf) };
  const pageOf = (page: number) => ({
    places: inArea.map(placeOf),
    year: filters.year,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  // Counts for every area (under the year filter) and every year (under the area filter), and the
  // page asked for, from one read.
  const first = await searchIndex(groups, text, allScope, pageOf(Math.max(1, requestedPage)));
  const { facets } = first;
  const areaOf = (resource: string, part: string) => routeOf.get(placeKey(resource, part))?.route;
  const areaCounts = new Map<RouteId, number>();
  const yearCounts = new Map<number, number>();
  let total = 0;
  for (const facet of facets) {
    const area = areaOf(facet.resource, facet.part);
    if (!area) continue;
    const inYear = filters.year === undefined || facet.year === filters.year;
    const inChosenArea = !filters.area || area === filters.area;
    if (inYear) areaCounts.set(area, (areaCounts.get(area) ?? 0) + facet.count);
    if (inChosenArea && facet.year !== null)
      yearCounts.set(facet.year, (yearCounts.get(facet.year) ?? 0) + facet.count);
    if (inYear && inChosenArea) total += facet.count;
  }
  const page = Math.min(Math.max(1, requestedPage), Math.max(1, Math.ceil(total / pageSize)));
  // A page past the last is the last.
  const { matches } =
    page === Math.max(1, requestedPage) ? first : await searchIndex(groups, text, allScope, pageOf(page));
  const suggestion = await worthSuggesting(corrected, text, facets, original, allScope);
  const words = markedWords(groups);
  const hits: SearchHit[] = [];
  for (const { match, source, row } of await rowsOf(matches, routeOf, language)) {
    hits.push({
      resource: match.resource,
      route: source.route,
      id: match.rowId,
      title: String(row[source.definition.titleField] ?? ''),
      snippet: snippetOf(snippetText(source.definition, row), words),
      path: publicRowPath(match.resource, row) ?? '',
      date: match.date ? match.date.toISOString() : null,
      membersOnly: isMembersOnly(row),
    });
  }
  return {
    terms,
    hits,
    total,
    page,
    pageSize,
    areas: [...areaCounts].map(([area, count]) => ({ area, count })).sort((a, b) => b.count - a.count),
    years: [...yearCounts].map(([year, count]) => ({ year, count })).sort((a, b) => b.year - a.year),
    ...(suggestion ? { suggestion } : {}),
  };
}

/** Titles that start with (first) or contain what was typed, for suggestions as one types. */
export async function suggestTitles(
  language: WireLanguage,
  typed: string,
  limit = 8,
): Promise<{ title: string; path: string }[]> {
  const prefix = normalizeText(typed.slice(0, MAX_QUERY_LENGTH));
  if (!prefix) return [];
  const sources = searchSources();
  const routeOf = new Map(sources.map((source) => [placeKey(...placeOf(source)), source]));
  const found = await suggestFromIndex(prefix, { language, now: new Date(), places: sources.map(placeOf) }, limit);
  return (await rowsOf(found, routeOf, language)).map(({ match, source, row }) => ({
    title: String(row[source.definition.titleField] ?? ''),
    path: publicRowPath(match.resource, row) ?? '',
  }));
}

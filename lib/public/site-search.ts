import { readByVisitors, type ResourceDefinition } from '../content/model/define';
import { matchesKeywords, readPublicList, searchableFields } from '../content/storage/reads';
import { allResources } from '../content/model/registry';
import { keywordTerms } from '../content/storage/search';
import type { WireLanguage } from '../i18n/languages';
import { richTextToPlain } from '../security/sanitize';
import { publicPlaces, publicRowPath } from './row-links';
import type { RouteId } from './routes';
import { truncated } from './text';

/**
 * Site-wide search: every public row of every resource the public site shows that has searchable
 * fields, matched like the API's searches (every term in some searchable field; rich text as a
 * reader sees it), grouped by the public page that shows it (news, laws, the about page…) and
 * paged as one list across the groups.
 */
export const SEARCH_PAGE_SIZE = 10;
export const MAX_QUERY_LENGTH = 200;

/** The announcements first, then the laws, then everything else in the registry's order. */
const firstResources = ['webnews', 'webbulletin', 'webactivity', 'webrule', 'webdiscipline'];

/** The resources the search covers: publicly readable, shown somewhere on the site, with searchable fields. */
export function searchableResources(): ResourceDefinition[] {
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

export interface SearchHit {
  resource: string;
  /** The public page (its `site.routes.*` name) the hit's group stands for. */
  route: RouteId;
  id: number;
  title: string;
  snippet: string;
  /** Below the language prefix. */
  path: string;
}

export interface SearchResults {
  terms: string[];
  hits: SearchHit[];
  total: number;
  /** Clamped into the real range. */
  page: number;
  pageSize: number;
  /** The groups with hits, in order: how many each has and the result pages they span. */
  groups: SearchGroup[];
}

export interface SearchGroup {
  route: RouteId;
  total: number;
  firstPage: number;
  lastPage: number;
}

type Row = Record<string, unknown>;

function snippetOf(definition: ResourceDefinition, row: Row): string {
  for (const [key, f] of Object.entries(definition.fields)) {
    if (key === definition.titleField || f.hidden || f.public === false) continue;
    const value = row[key];
    if ((f.kind === 'longtext' || f.kind === 'richtext') && typeof value === 'string' && value) {
      const text = f.kind === 'richtext' ? richTextToPlain(value) : value;
      if (text) return truncated(text, 200);
    }
  }
  return '';
}

function hitOf({ definition, route }: SearchSource, row: Row): SearchHit {
  return {
    resource: definition.name,
    route,
    id: Number(row.id),
    title: String(row[definition.titleField] ?? ''),
    snippet: snippetOf(definition, row),
    path: publicRowPath(definition.name, row) ?? '',
  };
}

/** Which slices of each resource's results make up one global page (resources in order, then each one's own order). */
export function pageSlices(
  totals: number[],
  page: number,
  pageSize: number,
): { index: number; from: number; to: number }[] {
  const start = (page - 1) * pageSize;
  const end = start + pageSize;
  const slices: { index: number; from: number; to: number }[] = [];
  let before = 0;
  totals.forEach((total, index) => {
    const from = Math.max(0, start - before);
    const to = Math.min(total, end - before);
    if (to > from) slices.push({ index, from, to });
    before += total;
  });
  return slices;
}

/** One page of results for a query in a language; an empty query finds nothing. */
export async function searchSite(
  language: WireLanguage,
  query: string,
  requestedPage: number,
  pageSize = SEARCH_PAGE_SIZE,
): Promise<SearchResults> {
  const terms = keywordTerms(query.replaceAll('\u0000', '').slice(0, MAX_QUERY_LENGTH));
  if (terms.length === 0) return { terms, hits: [], total: 0, page: 1, pageSize, groups: [] };
  const sources = searchSources();
  const cacheKey = JSON.stringify({ site: terms });
  const read = ({ definition, filters }: SearchSource, page: number) =>
    readPublicList(definition, language, {
      page,
      pageSize,
      filters,
      conditions: matchesKeywords(definition, terms),
      cacheKey,
    });
  const firsts = await Promise.all(sources.map((source) => read(source, 1)));
  const totals = firsts.map((result) => result.total);
  const total = totals.reduce((sum, n) => sum + n, 0);
  const page = Math.min(Math.max(1, requestedPage), Math.max(1, Math.ceil(total / pageSize)));
  const hits: SearchHit[] = [];
  for (const { index, from, to } of pageSlices(totals, page, pageSize)) {
    const source = sources[index];
    // A slice spans at most two of the resource's own pages.
    const firstPage = Math.floor(from / pageSize) + 1;
    const lastPage = Math.floor((to - 1) / pageSize) + 1;
    const pages = await Promise.all(
      Array.from({ length: lastPage - firstPage + 1 }, (_, i) =>
        firstPage + i === 1 ? firsts[index] : read(source, firstPage + i),
      ),
    );
    const rows = pages
      .flatMap((result) => result.rows)
      .slice(from - (firstPage - 1) * pageSize, to - (firstPage - 1) * pageSize);
    hits.push(...rows.map((row) => hitOf(source, row)));
  }
  return { terms, hits, total, page, pageSize, groups: groupsOf(sources, totals, pageSize) };
}

/** The groups with hits: each one's total and the result pages its hits are on (sources of a group are adjacent). */
export function groupsOf(sources: { route: RouteId }[], totals: number[], pageSize: number): SearchGroup[] {
  const groups: SearchGroup[] = [];
  let before = 0;
  sources.forEach((source, i) => {
    const last = groups.at(-1);
    if (totals[i] > 0) {
      if (last?.route === source.route) last.total += totals[i];
      else
        groups.push({
          route: source.route,
          total: totals[i],
          firstPage: Math.floor(before / pageSize) + 1,
          lastPage: 0,
        });
      const group = groups.at(-1)!;
      group.lastPage = Math.floor((before + totals[i] - 1) / pageSize) + 1;
    }
    before += totals[i];
  });
  return groups;
}

import { traits, type ResourceDefinition } from '../content/define';
import { matchesKeywords, readPublicList, searchableFields } from '../content/reads';
import { allResources } from '../content/registry';
import { keywordTerms } from '../content/search';
import type { WireLanguage } from '../i18n/languages';
import { richTextToPlain } from '../security/sanitize';
import { publicRowPath } from './row-links';
import { truncated } from './text';

/**
 * Site-wide search (issue 4 §1): every public row of every resource the public site shows that
 * has searchable fields, matched like the API's searches (every term in some searchable field;
 * rich text as a reader sees it), as one list paged across resources.
 */
export const SEARCH_PAGE_SIZE = 10;
export const MAX_QUERY_LENGTH = 200;

/** The announcements first, then the laws, then everything else in the registry's order. */
const firstResources = ['webnews', 'webbulletin', 'webactivity', 'webrule', 'webdiscipline'];

/** The resources the search covers: publicly readable, shown somewhere on the site, with searchable fields. */
export function searchableResources(): ResourceDefinition[] {
  const eligible = allResources().filter(
    (definition) =>
      traits(definition).read === 'public' &&
      publicRowPath(definition.name, { id: 0 }) !== null &&
      searchableFields(definition).length > 0,
  );
  const rank = (name: string) => (firstResources.includes(name) ? firstResources.indexOf(name) : firstResources.length);
  return eligible.sort((a, b) => rank(a.name) - rank(b.name));
}

export interface SearchHit {
  resource: string;
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
  /** How many hits each resource has (for the summary line). */
  counts: { resource: string; total: number }[];
}

type Row = Record<string, unknown>;

function snippetOf(definition: ResourceDefinition, row: Row): string {
  for (const [key, f] of Object.entries(definition.fields)) {
    if (key === definition.titleField || f.hidden || f.public === false) continue;
    if ((f.kind === 'longtext' || f.kind === 'richtext') && typeof row[key] === 'string' && row[key]) {
      const text = f.kind === 'richtext' ? richTextToPlain(row[key] as string) : (row[key] as string);
      if (text) return truncated(text, 200);
    }
  }
  return '';
}

function hitOf(definition: ResourceDefinition, row: Row): SearchHit {
  return {
    resource: definition.name,
    id: row.id as number,
    title: String(row[definition.titleField] ?? ''),
    snippet: snippetOf(definition, row),
    path: publicRowPath(definition.name, row) ?? '',
  };
}

/** Which slices of each resource's results make up one global page (resources in order, then each one's own order). */
export function pageSlices(totals: number[], page: number, pageSize: number): { index: number; from: number; to: number }[] {
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
export async function searchSite(language: WireLanguage, query: string, requestedPage: number, pageSize = SEARCH_PAGE_SIZE): Promise<SearchResults> {
  const terms = keywordTerms(query.replaceAll('\u0000', '').slice(0, MAX_QUERY_LENGTH));
  if (terms.length === 0) return { terms, hits: [], total: 0, page: 1, pageSize, counts: [] };
  const definitions = searchableResources();
  const cacheKey = JSON.stringify({ site: terms });
  const read = (definition: ResourceDefinition, page: number) =>
    readPublicList(definition, language, { page, pageSize, conditions: matchesKeywords(definition, terms), cacheKey });
  const firsts = await Promise.all(definitions.map((definition) => read(definition, 1)));
  const totals = firsts.map((result) => result.total);
  const total = totals.reduce((sum, n) => sum + n, 0);
  const page = Math.min(Math.max(1, requestedPage), Math.max(1, Math.ceil(total / pageSize)));
  const hits: SearchHit[] = [];
  for (const { index, from, to } of pageSlices(totals, page, pageSize)) {
    const definition = definitions[index];
    // A slice spans at most two of the resource's own pages.
    const firstPage = Math.floor(from / pageSize) + 1;
    const lastPage = Math.floor((to - 1) / pageSize) + 1;
    const pages = await Promise.all(
      Array.from({ length: lastPage - firstPage + 1 }, (_, i) => (firstPage + i === 1 ? firsts[index] : read(definition, firstPage + i))),
    );
    const rows = pages.flatMap((result) => result.rows).slice(from - (firstPage - 1) * pageSize, to - (firstPage - 1) * pageSize);
    hits.push(...rows.map((row) => hitOf(definition, row)));
  }
  return {
    terms,
    hits,
    total,
    page,
    pageSize,
    counts: definitions.map((definition, i) => ({ resource: definition.name, total: totals[i] })).filter((count) => count.total > 0),
  };
}

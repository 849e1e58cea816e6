import type http from 'node:http';
import { flushSearchQueries, hasTalliedQueries, tallySearchQuery } from '../content/storage/search-queries';
import { logError } from '../observability/logger';
import { searchSite } from '../public/site-search';
import { PREFETCH_HEADER, RSC_HEADER } from './next';
import type { Stage } from './stage';

/**
 * Counts what visitors search for (lib/content/storage/search-queries.ts): one view of the search
 * page with a query, its first page unfiltered, is one search. Counted here, ahead of the stored
 * pages, so a page sent from the server's own cache counts as well. Suggestions as one types
 * (`/api/search/suggest`) and the API's own search are not page views and do not count; nor do
 * crawlers, prefetches or the router's own requests.
 */

/** How often the counts of each server are written. */
const SEARCH_QUERY_FLUSH_MS = 10_000;

/** Crawlers and link previewers name themselves so. */
const CRAWLER = /bot\b|crawl|spider|slurp|facebookexternalhit|embedly|preview/i;

/** The language and query a request searches for, when it is a visitor's search to count. */
export function countedSearch(request: http.IncomingMessage): { lang: string; query: string } | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url ?? '/', 'http://localhost');
  const lang = /^\/(tw|en)\/search\/?$/.exec(url.pathname)?.[1];
  if (!lang) return undefined;
  const query = url.searchParams.get('q')?.trim();
  if (!query) return undefined;
  const page = url.searchParams.get('page');
  if ((page && page !== '1') || url.searchParams.get('area') || url.searchParams.get('year')) return undefined;
  const headers = request.headers;
  if (
    headers[RSC_HEADER] ||
    headers[PREFETCH_HEADER] ||
    /prefetch|prerender/i.test(String(headers['sec-purpose'] ?? headers.purpose ?? ''))
  )
    return undefined;
  if (CRAWLER.test(headers['user-agent'] ?? '')) return undefined;
  return { lang, query };
}

let timer: NodeJS.Timeout | undefined;

/** Writes this server's counts (at the interval, and once more when it stops). */
export async function flushSearchQueryTally(): Promise<void> {
  await flushSearchQueries(
    async (lang, query) => (await searchSite(lang === 'en' ? 'en' : 'tw', query, 1, {}, 1)).total,
  );
}

function flushSoon(): void {
  timer ??= setInterval(() => {
    if (hasTalliedQueries()) flushSearchQueryTally().catch((error) => logError(error, 'search statistics'));
  }, SEARCH_QUERY_FLUSH_MS).unref();
}

/** The stage: a search page answered 200 counts once its answer is handed over. */
export const searchQueryTally: Stage = async (exchange, next) => {
  const counted = countedSearch(exchange.request);
  await next();
  if (counted && exchange.response.statusCode === 200) {
    tallySearchQuery(counted.lang, counted.query);
    flushSoon();
  }
};

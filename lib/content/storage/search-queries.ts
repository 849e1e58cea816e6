import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { config } from '../../config';
import { getDb } from '../../db';
import { searchQueries } from '../../db/schema';
import { processSlot } from '../../runtime/process-state';
import { normalizeText } from './search-text';

/**
 * What visitors search for: each query's words (normalised as the search reads them, so 信托 and 信託
 * count as one), counted per day and language in the table `search_queries`, with how many results
 * the query found. Nothing about who searched is kept. A page view only adds one to a tally in
 * memory; the tally is written every few seconds as one upsert that adds to the stored counts, so
 * any number of servers may write the same day's rows.
 */

/** The longest query kept (longer ones are cut). */
const MAX_COUNTED_QUERY_LENGTH = 100;
/** How long the counts are kept: 13 months, so a month is always comparable with the year before. */
const SEARCH_QUERY_RETENTION_MONTHS = 13;

/**
 * A query as the statistics keep it, or undefined for one not kept: empty, or holding what looks
 * like a person's details rather than words (an e-mail address, a run of 7 digits or more: a phone or
 * ID number).
 */
export function countedQueryOf(query: string): string | undefined {
  if (/@/.test(query) || /\d{7,}/.test(query.replace(/[\s\-–()+.]/g, ''))) return undefined;
  const words = normalizeText(query).replace(/\s+/g, ' ').slice(0, MAX_COUNTED_QUERY_LENGTH).trim();
  return words || undefined;
}

/** A day in the site's time zone, `YYYY-MM-DD`. */
const siteDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: config().siteTimeZone }).format(at);

interface Tally {
  /** `day \0 lang \0 query` → views not yet written. */
  views: Map<string, number>;
  /** `lang \0 query` → the results the search last found (bounded: the oldest goes first). */
  results: Map<string, number>;
}
/**
 * One per process: the pages that search (Next.js's build) and the server's stage that counts their
 * views (the server's build) are two copies of this module in one process.
 */
declare module '../../runtime/process-state' {
  interface ProcessSlots {
    searchQueryTally: Tally;
  }
}
const tally = processSlot('searchQueryTally', () => ({ views: new Map(), results: new Map() }));
const MAX_REMEMBERED_RESULTS = 10_000;

/** Notes how many results a query found, for its views counted after (the search calls this). */
export function noteSearchResults(lang: string, query: string, results: number): void {
  const counted = countedQueryOf(query);
  if (!counted) return;
  const key = `${lang}\u0000${counted}`;
  tally.results.delete(key);
  tally.results.set(key, results);
  if (tally.results.size > MAX_REMEMBERED_RESULTS) tally.results.delete(tally.results.keys().next().value!);
}

/** Counts one view of a search for `query` in `lang`. */
export function tallySearchQuery(lang: string, query: string, at = new Date()): void {
  const counted = countedQueryOf(query);
  if (!counted) return;
  const key = `${siteDay(at)}\u0000${lang}\u0000${counted}`;
  tally.views.set(key, (tally.views.get(key) ?? 0) + 1);
}

/** Whether views wait to be written. */
export const hasTalliedQueries = () => tally.views.size > 0;

/**
 * Writes the views counted so far, adding them to the stored counts, in one statement. A query whose
 * results this process has not seen (its page came from a cache) gets them from `resultsOf`; without
 * it, such a query waits for a flush that has one. Views of a failed write are put back, to be tried
 * again at the next flush.
 */
export async function flushSearchQueries(
  resultsOf?: (lang: string, query: string) => Promise<number>,
): Promise<number> {
  if (tally.views.size === 0) return 0;
  const views = tally.views;
  tally.views = new Map();
  try {
    const rows = [];
    for (const [key, count] of views) {
      const [day, lang, query] = key.split('\u0000');
      const known = tally.results.get(`${lang}\u0000${query}`);
      const results = known ?? (resultsOf ? await resultsOf(lang, query) : undefined);
      if (results === undefined) tally.views.set(key, (tally.views.get(key) ?? 0) + count);
      else rows.push({ day, lang, query, count, results });
    }
    if (rows.length === 0) return 0;
    const db = await getDb();
    await db
      .insert(searchQueries)
      .values(rows)
      .onConflictDoUpdate({
        target: [searchQueries.day, searchQueries.lang, searchQueries.query],
        set: { count: sql`${searchQueries.count} + excluded.count`, results: sql`excluded.results` },
      });
    return rows.length;
  } catch (error) {
    for (const [key, count] of views) tally.views.set(key, (tally.views.get(key) ?? 0) + count);
    throw error;
  }
}

/** Drops the counts older than the retention (13 months before `now`'s day); answers how many rows went. */
export async function purgeSearchQueries(now: Date): Promise<number> {
  const [year, month, day] = siteDay(now).split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 - SEARCH_QUERY_RETENTION_MONTHS, day));
  const db = await getDb();
  const gone = await db
    .delete(searchQueries)
    .where(lt(searchQueries.day, first.toISOString().slice(0, 10)))
    .returning({ day: searchQueries.day });
  return gone.length;
}

export interface QueryStatistic {
  query: string;
  lang: string;
  count: number;
  /** The results it found the last day it was searched. */
  results: number;
}

/**
 * The queries of the last `days` days (today included), most searched first; `zeroOnly`: only those
 * whose last search found nothing.
 */
export async function searchQueryStatistics(options: {
  days: number;
  zeroOnly: boolean;
  limit: number;
  now?: Date;
}): Promise<QueryStatistic[]> {
  const [year, month, day] = siteDay(options.now ?? new Date())
    .split('-')
    .map(Number);
  const since = new Date(Date.UTC(year, month - 1, day - options.days + 1)).toISOString().slice(0, 10);
  const db = await getDb();
  const latest = sql`(array_agg(results order by day desc))[1]`;
  const rows = await db.execute<{ query: string; lang: string; count: number | string; results: number | string }>(
    sql`select query, lang, sum(count) as count, ${latest} as results
        from search_queries where day >= ${since}
        group by query, lang
        ${options.zeroOnly ? sql`having ${latest} = 0` : sql``}
        order by sum(count) desc, query, lang
        limit ${options.limit}`,
  );
  return rows.rows.map((row) => ({
    query: row.query,
    lang: row.lang,
    count: Number(row.count),
    results: Number(row.results),
  }));
}

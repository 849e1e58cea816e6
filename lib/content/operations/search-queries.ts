import 'server-only';
import { translate } from '../../i18n/messages';
import { requireAccess, type Actor } from '../model/actor';
import { invalid } from '../model/errors';
import { given } from '../model/list-request';
import { recordAudit } from '../storage/audit';
import { flushSearchQueries, searchQueryStatistics, type QueryStatistic } from '../storage/search-queries';
import { formatOf, type SheetFile } from './export';

/** How far back the statistics reach: the 13 months they are kept. */
const MAX_QUERY_DAYS = 400;
/** The rows `search/queries` answers at most; the export has them all. */
const MAX_LISTED_QUERIES = 1000;
const DEFAULT_LISTED_QUERIES = 100;
const MAX_EXPORTED_QUERIES = 100_000;

function wholeNumber(value: unknown, field: string, fallback: number, max: number): number {
  if (!given(value)) return fallback;
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) throw invalid('notInteger', { field });
  if (number < 1) throw invalid('tooSmall', { field, min: 1 });
  if (number > max) throw invalid('tooLarge', { field, max });
  return number;
}

/** `{days, zeroOnly, limit}`: days 1–400 (default 30), zeroOnly true or false (default false), limit 1–1000. */
function parseQueriesRequest(body: Record<string, unknown>, maxLimit: number) {
  if (given(body.zeroOnly) && typeof body.zeroOnly !== 'boolean') throw invalid('notBoolean', { field: 'zeroOnly' });
  return {
    days: wholeNumber(body.days, 'days', 30, MAX_QUERY_DAYS),
    zeroOnly: body.zeroOnly === true,
    limit: wholeNumber(body.limit, 'limit', Math.min(DEFAULT_LISTED_QUERIES, maxLimit), maxLimit),
  };
}

/** Admins only: what visitors searched for over the last `days` days, most searched first. */
export async function searchQueriesList(
  actor: Actor,
  body: Record<string, unknown>,
): Promise<{ data: QueryStatistic[] }> {
  requireAccess(actor, 'admin');
  const request = parseQueriesRequest(body, MAX_LISTED_QUERIES);
  // This server's latest counts first: an Admin who just searched finds the search at once.
  await flushSearchQueries();
  return { data: await searchQueryStatistics(request) };
}

/** Admins only: the same, every query of the period, as a spreadsheet. */
export async function exportSearchQueries(actor: Actor, body: Record<string, unknown>): Promise<SheetFile> {
  requireAccess(actor, 'admin');
  const { format, request } = formatOf(body);
  const { days, zeroOnly } = parseQueriesRequest(request, MAX_EXPORTED_QUERIES);
  await flushSearchQueries();
  const label = (key: string) => translate(actor.language, `admin.searchQueries.${key}`);
  const title = zeroOnly ? label('zeroTitle') : label('title');
  await recordAudit(actor, { action: 'export', summary: `${title} (${days})` });
  const rows = await searchQueryStatistics({ days, zeroOnly, limit: MAX_EXPORTED_QUERIES });
  async function* cells() {
    for (const row of rows) yield [row.query, label(`languages.${row.lang}`), row.count, row.results];
  }
  return {
    format,
    title,
    columns: ['query', 'language', 'count', 'results'].map(label),
    rows: cells(),
  };
}

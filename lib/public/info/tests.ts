import { gte, isNull, lt, or } from 'drizzle-orm';
import { config } from '../../config';
import { resources } from '../../content/registry';
import { column, tableOf, type Row } from '../../content/repository';
import type { WireLanguage } from '../../i18n/languages';
import { publicList, type ListPage } from './lists';

export const TESTS_PAGE_SIZE = 10;
/** More upcoming sessions than this would be unusual; the rest still show once their date passes. */
const UPCOMING_LIMIT = 50;

/** Today's calendar date `YYYY-MM-DD` in the site's time zone (exam dates are calendar dates there). */
export function siteToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: config().siteTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export type RegistrationState = 'notYetOpen' | 'open' | 'closed' | 'unknown';

/** Where a test's registration stands at `now`. */
export function registrationState(row: Row, now = new Date()): RegistrationState {
  const opens = row.registrationStart as Date | null;
  const closes = row.registrationEnd as Date | null;
  if (!opens && !closes) return 'unknown';
  if (opens && now < opens) return 'notYetOpen';
  if (closes && now >= closes) return 'closed';
  return 'open';
}

export interface TestsPage {
  /** Sessions from today on (or not yet dated), soonest first: all of them, above the paged list. */
  upcoming: Row[];
  /** Sessions already held, latest first, paged. */
  past: ListPage;
}

/** The professional tests page (webtrusttest): upcoming sessions first, then the past ones by page. */
export async function testsPage(language: WireLanguage, query: { page: number; now?: Date }): Promise<TestsPage> {
  const definition = resources.webtrusttest;
  const examDate = column(tableOf(definition), 'examDate');
  const today = siteToday(query.now);
  const [upcoming, past] = await Promise.all([
    publicList(definition, language, {
      conditions: [or(isNull(examDate), gte(examDate, today))!],
      cacheKey: JSON.stringify({ upcoming: today }),
      sort: [{ field: 'examDate', direction: 'asc' }],
      pageSize: UPCOMING_LIMIT,
    }),
    publicList(definition, language, {
      conditions: [lt(examDate, today)],
      cacheKey: JSON.stringify({ past: today }),
      sort: [{ field: 'examDate', direction: 'desc' }],
      page: query.page,
      pageSize: TESTS_PAGE_SIZE,
    }),
  ]);
  return { upcoming: upcoming.rows, past };
}

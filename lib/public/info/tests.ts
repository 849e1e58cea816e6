import { config } from '../../config';
import { atOrAfter, before, readPublicList, readPublicPage, type PublicRows } from '../../content/storage/reads';
import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import type { WireLanguage } from '../../i18n/languages';

export type TestRow = RowOf<typeof resources.webtrusttest>;
/** More upcoming sessions than this would be unusual; the rest still show once their date passes. */
const UPCOMING_LIMIT = 50;

/** Today's calendar date `YYYY-MM-DD` in the site's time zone (exam dates are calendar dates there). */
export function siteToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: config().siteTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

type RegistrationState = 'notYetOpen' | 'open' | 'closed' | 'unknown';

/** Where a test's registration stands at `now`. */
export function registrationState(
  row: Pick<TestRow, 'registrationStart' | 'registrationEnd'>,
  now = new Date(),
): RegistrationState {
  const opens = row.registrationStart;
  const closes = row.registrationEnd;
  if (!opens && !closes) return 'unknown';
  if (opens && now < opens) return 'notYetOpen';
  if (closes && now >= closes) return 'closed';
  return 'open';
}

export interface TestsPage {
  /** Sessions from today on (or not yet dated), soonest first: all of them, above the paged list. */
  upcoming: TestRow[];
  /** Sessions already held, latest first, paged. */
  past: PublicRows<TestRow>;
}

/** The professional tests page (webtrusttest): upcoming sessions first, then the past ones by page. */
export async function testsPage(language: WireLanguage, query: { page: number; now?: Date }): Promise<TestsPage> {
  const definition = resources.webtrusttest;
  const today = siteToday(query.now);
  const [upcoming, past] = await Promise.all([
    readPublicList(definition, language, {
      conditions: [atOrAfter(definition, ['examDate'], today, { orUnset: true })],
      cacheKey: JSON.stringify({ upcoming: today }),
      sort: [{ field: 'examDate', direction: 'asc' }],
      pageSize: UPCOMING_LIMIT,
    }),
    readPublicPage(definition, language, {
      conditions: [before(definition, ['examDate'], today)],
      cacheKey: JSON.stringify({ past: today }),
      page: query.page,
    }),
  ]);
  return { upcoming: upcoming.rows, past };
}

import { cachedRead } from '../../cache/public-reads';
import { between } from '../../content/storage/reads';
import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import { distinctYears } from '../../content/storage/years';
import type { WireLanguage } from '../../i18n/languages';
import { idParam } from '../paging';
import { groupBy, optionalText, publicList, type PublicList } from '../lists';

/** One event of the association's history (webmemorabilia). */
interface Milestone {
  id: number;
  /** `YYYY-MM-DD`. */
  eventDate: string;
  title: string;
  content?: string;
  /** Upload id. */
  image?: string;
}

export interface MilestoneYear {
  year: number;
  items: Milestone[];
}

const definition = resources.webmemorabilia;

const milestone = (row: RowOf<typeof definition>): Milestone => ({
  id: row.id,
  eventDate: row.eventDate ?? '',
  title: row.title ?? '',
  content: optionalText(row.content),
  image: optionalText(row.image),
});

/** The years that have milestones, newest first (webmemorabilia/getoptions), cached until the next write. */
export function milestoneYears(language: WireLanguage): Promise<number[]> {
  return cachedRead(definition.name, JSON.stringify({ years: language }), () =>
    distinctYears(definition, 'eventDate', { language, publicOnly: true }),
  );
}

/** The `?year=` of the page when it is one of the years present; anything else shows every year. */
export function yearParam(years: number[], value: string | string[] | undefined): number | undefined {
  const year = idParam(value);
  return year !== undefined && years.includes(year) ? year : undefined;
}

/** Consecutive milestones of one year together, in the order given (newest first). */
export const groupByYear = (items: Milestone[]): MilestoneYear[] =>
  groupBy(items, (item) => Number(item.eventDate.slice(0, 4))).map(({ key, items: ofYear }) => ({
    year: key,
    items: ofYear,
  }));

/** A page of milestones, newest first, of one year or of all. */
export function milestones(
  language: WireLanguage,
  options: { year?: number; page: number },
): Promise<PublicList<Milestone>> {
  const { year } = options;
  return publicList(
    definition,
    language,
    {
      page: options.page,
      conditions: year === undefined ? undefined : [between(definition, 'eventDate', `${year}-01-01`, `${year}-12-31`)],
      cacheKey: year === undefined ? undefined : `year:${year}`,
    },
    milestone,
  );
}

import { cachedRead } from '../../cache/public-reads';
import { resources } from '../../content/model/registry';
import { distinctYears } from '../../content/storage/years';
import type { WireLanguage } from '../../i18n/languages';
import { idParam } from '../paging';
import { readPublicPage, type PublicRows } from '../../content/storage/reads';
import type { RowOf } from '../../content/model/rows';
import { sectionOptions, type SectionOption } from './lists';

export interface StatisticsPage extends PublicRows<RowOf<typeof resources.webstatics>> {
  types: SectionOption[];
  type: number | undefined;
  /** The years present among the type's public rows, newest first (`webstatics/getoptions/{type}`). */
  years: number[];
  year: number | undefined;
}

/** A `?year=` value: a plausible year (the field's bounds), else undefined. */
export function yearParam(value: string | string[] | undefined): number | undefined {
  const year = idParam(value);
  return year !== undefined && year >= 1900 && year <= 2200 ? year : undefined;
}

/**
 * The statistics page: the types, the years of the chosen type (or of all types), and the matching
 * rows, newest year first and by their order within a year. A year the type does not have lists nothing.
 */
export async function statisticsPage(
  language: WireLanguage,
  query: { type?: number; year?: number; page: number },
): Promise<StatisticsPage> {
  const definition = resources.webstatics;
  const typeFilter = query.type === undefined ? {} : { staticsType: query.type };
  const [years, list] = await Promise.all([
    cachedRead(definition.name, JSON.stringify({ years: language, type: query.type }), () =>
      distinctYears(definition, 'year', { language, publicOnly: true }, typeFilter),
    ),
    readPublicPage(definition, language, {
      filters: query.year === undefined ? typeFilter : { ...typeFilter, year: query.year },
      page: query.page,
    }),
  ]);
  return { ...list, types: sectionOptions('staticsTypes', language), type: query.type, years, year: query.year };
}

import { cachedRead } from '../cache/public-reads';
import { allResources } from '../content/model/registry';
import { lastReviewedOf } from '../content/storage/reviews';
import { reviewCycles } from '../content/storage/settings';
import type { WireLanguage } from '../i18n/languages';

/**
 * 「最後檢視」 of a list page (docs/public-site.md, "Review dates"): the latest review among the rows
 * it lists, for a page whose resources have a review cycle (`reviewCycles`); null for any other
 * page, or before the first review.
 */
export async function listReviewedOn(route: string, language: WireLanguage): Promise<Date | null> {
  const cycles = await cachedRead('websetting', 'review-cycles', reviewCycles);
  const listed = allResources().filter((definition) => definition.public?.route === route && cycles[definition.name]);
  const dates = await Promise.all(listed.map((definition) => lastReviewedOf(definition, language)));
  return dates.reduce<Date | null>((latest, date) => (date && (!latest || date > latest) ? date : latest), null);
}

import { cachedRead } from '../../cache/public-reads';
import { resources } from '../../content/model/registry';
import { latestChange, sectionFilter } from '../../content/storage/update-times';
import type { WireLanguage } from '../../i18n/languages';
import { readPublicPage, type PublicRows } from '../../content/storage/reads';
import type { RowOf } from '../../content/model/rows';
import { sectionOptions, type SectionOption } from './lists';

interface EducationCategory extends SectionOption {
  /** The latest change among the category's public rows (`webeducation/getupdatetime/{id}`), or null. */
  updatedAt: Date | null;
}

export interface EducationPage extends PublicRows<RowOf<typeof resources.webeducation>> {
  categories: EducationCategory[];
  category: number | undefined;
}

/** One category's "last updated" date, as `getupdatetime/{category}` gives it; cached until the next write. */
function categoryUpdatedAt(language: WireLanguage, category: number): Promise<Date | null> {
  const definition = resources.webeducation;
  return cachedRead(definition.name, JSON.stringify({ updatedAt: language, category }), () =>
    latestChange(definition, { language, publicOnly: true }, sectionFilter(definition, category)),
  );
}

/** The education page: the categories with their update dates, and one category's items (or all) by order. */
export async function educationPage(
  language: WireLanguage,
  query: { category?: number; page: number },
): Promise<EducationPage> {
  const options = sectionOptions('educationCategories', language);
  const [categories, list] = await Promise.all([
    Promise.all(
      options.map(async (option) => ({ ...option, updatedAt: await categoryUpdatedAt(language, option.value) })),
    ),
    readPublicPage(resources.webeducation, language, {
      filters: query.category === undefined ? {} : { category: query.category },
      page: query.page,
    }),
  ]);
  return { ...list, categories, category: query.category };
}

import { publicPageSizeOf, readPublicPage, type PublicRows } from '../../content/storage/reads';
import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import type { WireLanguage } from '../../i18n/languages';
import { sectionOptions, type SectionOption } from './lists';

export const QA_PAGE_SIZE = publicPageSizeOf(resources.webqa);

export interface QaPage extends PublicRows<RowOf<typeof resources.webqa>> {
  categories: SectionOption[];
  /** The category shown, or undefined for all of them. */
  category: number | undefined;
}

/**
 * The Q&A page (webqa): one category's questions by their order, or with no category every
 * question, category by category.
 */
export async function qaPage(language: WireLanguage, query: { category?: number; page: number }): Promise<QaPage> {
  const list = await readPublicPage(resources.webqa, language, {
    filters: query.category === undefined ? {} : { category: query.category },
    page: query.page,
  });
  return { ...list, categories: sectionOptions('qaCategories', language), category: query.category };
}

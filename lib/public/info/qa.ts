import { resources } from '../../content/registry';
import type { WireLanguage } from '../../i18n/languages';
import { publicList, sectionOptions, type ListPage, type SectionOption } from './lists';

export const QA_PAGE_SIZE = 10;

export interface QaPage extends ListPage {
  categories: SectionOption[];
  /** The category shown, or undefined for all of them. */
  category: number | undefined;
}

/**
 * The Q&A page (webqa): one category's questions by their order, or with no category every
 * question, category by category.
 */
export async function qaPage(language: WireLanguage, query: { category?: number; page: number }): Promise<QaPage> {
  const list = await publicList(resources.webqa, language, {
    filters: query.category === undefined ? {} : { category: query.category },
    sort: [
      { field: 'category', direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ],
    page: query.page,
    pageSize: QA_PAGE_SIZE,
  });
  return { ...list, categories: sectionOptions('qaCategories', language), category: query.category };
}

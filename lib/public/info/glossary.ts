import { resources } from '../../content/model/registry';
import { glossaryConditions } from '../../content/endpoints/webbilingual';
import { keywordTerms } from '../../content/storage/search';
import { searchParam } from '../paging';
import { readPublicPage, type PublicRows } from '../../content/storage/reads';
import type { RowOf } from '../../content/model/rows';

/** The glossary's index: A–Z, then `#` for terms that start with anything else (webbilingual `initial`). */
export const glossaryInitials = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;

/** An `?initial=` value of the index (any case), else undefined: an unknown initial filters nothing. */
export function initialParam(value: string | string[] | undefined): string | undefined {
  const text = searchParam(value).toUpperCase();
  return glossaryInitials.find((initial) => initial === text);
}

interface GlossaryQuery {
  keyword: string;
  initial?: string;
  page: number;
}

export interface GlossaryPage extends PublicRows<RowOf<typeof resources.webbilingual>> {
  keyword: string;
  initial: string | undefined;
}

/**
 * The glossary search, as `webbilingual/search` does it (lib/content/storage/search.ts): every keyword term
 * must be found in the Chinese term, the English term or the description; the initial narrows to
 * one letter of the index. Rows have no language, so both sites show the same terms.
 */
export async function glossaryPage(query: GlossaryQuery): Promise<GlossaryPage> {
  const definition = resources.webbilingual;
  const keyword = query.keyword.replaceAll('\u0000', '').trim().slice(0, 200);
  const terms = keywordTerms(keyword);
  const conditions = glossaryConditions(terms, query.initial);
  const list = await readPublicPage(definition, 'tw', {
    page: query.page,
    conditions,
    cacheKey: JSON.stringify({ terms, initial: query.initial }),
  });
  return { ...list, keyword, initial: query.initial };
}

import { isMembersOnly } from '../../content/model/audience';
import { resources } from '../../content/model/registry';
import type { Condition } from '../../content/storage/reads';
import type { RowOf } from '../../content/model/rows';
import { ruleConditions } from '../../content/endpoints/webrule';
import { keywordTerms } from '../../content/storage/search';
import { toWireDate } from '../../content/model/wire-dates';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic, namedOption, optionalText, publicList, type NamedOption, type PublicList } from '../lists';
import { idParam, searchParam } from '../paging';

const MAX_KEYWORD = 200;

/** The choices of the search form (webrule/getoptions): each business line belongs to a class. */
export interface LawOptions {
  classes: NamedOption[];
  businesses: (NamedOption & { classId: number })[];
  attributes: NamedOption[];
}

export async function lawOptions(language: WireLanguage): Promise<LawOptions> {
  const [classes, businesses, attributes] = await Promise.all([
    allPublic(resources.webruleclass, language, namedOption),
    allPublic(resources.webrulebusiness, language, (row) => ({ ...namedOption(row), classId: row.classId ?? 0 }), {}, [
      { field: 'classId', direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ]),
    allPublic(resources.webruleattribute, language, namedOption),
  ]);
  return { classes, businesses, attributes };
}

/** What the visitor searches for; every part optional. Dates are `YYYY-MM-DD`, `to` inclusive. */
export interface LawCriteria {
  keyword: string;
  classId?: number;
  businessId?: number;
  attributeId?: number;
  from?: string;
  to?: string;
}

type SearchParams = Record<string, string | string[] | undefined>;

/** A `YYYY-MM-DD` parameter that is a real date, else undefined. */
function dateParam(value: string | string[] | undefined): string | undefined {
  const text = searchParam(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? (toWireDate(text) ?? undefined) : undefined;
}

/**
 * The criteria in a page's query string (`q`, `class`, `business`, `attribute`, `from`, `to`;
 * lib/public/row-links.ts). Unlike the API, which answers a 400, a public page drops what it cannot
 * use: an id that is not among the options, a business line of another class, a malformed date.
 * A business line alone implies its class.
 */
export function lawCriteria(params: SearchParams, options: LawOptions): LawCriteria {
  const known = (list: NamedOption[], value: string | string[] | undefined) => {
    const id = idParam(value);
    return list.some((option) => option.id === id) ? id : undefined;
  };
  let classId = known(options.classes, params.class);
  const business = options.businesses.find((option) => option.id === idParam(params.business));
  const businessId = business && (classId === undefined || business.classId === classId) ? business.id : undefined;
  if (business && businessId !== undefined) classId = business.classId;
  return {
    keyword: searchParam(params.q).replaceAll('\u0000', '').slice(0, MAX_KEYWORD),
    classId,
    businessId,
    attributeId: known(options.attributes, params.attribute),
    from: dateParam(params.from),
    to: dateParam(params.to),
  };
}

export const hasCriteria = (criteria: LawCriteria): boolean =>
  Boolean(
    criteria.keyword || criteria.classId || criteria.businessId || criteria.attributeId || criteria.from || criteria.to,
  );

/** The query string of the criteria (for page links), in the names the form uses. */
export const criteriaQuery = (criteria: LawCriteria) => ({
  q: criteria.keyword,
  class: criteria.classId,
  business: criteria.businessId,
  attribute: criteria.attributeId,
  from: criteria.from,
  to: criteria.to,
});

/**
 * The conditions of webrule/search: every keyword term in the title or the rich-text content
 * (Chinese inside words, any case), the class, business line and attribute, and the issue-date range.
 */
function lawConditions(criteria: LawCriteria): Condition[] {
  return ruleConditions(keywordTerms(criteria.keyword), criteria);
}

/** A law as a result line. */
export interface LawSummary {
  id: number;
  title: string;
  authority?: string;
  documentNumber?: string;
  issuedOn?: string;
  classId?: number;
  attributeId?: number;
  /** For signed-in Members only (lib/content/model/audience.ts). */
  membersOnly: boolean;
}

const lawSummary = (row: RowOf<typeof resources.webrule>): LawSummary => ({
  id: row.id,
  title: row.title ?? '',
  authority: optionalText(row.authority),
  documentNumber: optionalText(row.documentNumber),
  issuedOn: optionalText(row.issuedOn),
  classId: row.classId ?? undefined,
  attributeId: row.attributeId ?? undefined,
  membersOnly: isMembersOnly(row),
});

/**
 * A page of laws matching the criteria (all laws when there are none), kept together by class and business line in
 * their order.
 */
export function searchLaws(
  language: WireLanguage,
  criteria: LawCriteria,
  page: number,
): Promise<PublicList<LawSummary>> {
  return publicList(
    resources.webrule,
    language,
    {
      page,
      conditions: lawConditions(criteria),
      cacheKey: JSON.stringify(criteria),
    },
    lawSummary,
  );
}

import 'server-only';
import { config } from '../../config';
import { readScopeOf, requireAccess, type Actor } from '../model/actor';
import { traits } from '../model/define';
import { defineEndpoints } from './define';
import { invalid } from '../model/errors';
import type { Label } from '../model/fields';
import { column, tableOf } from '../storage/content-tables';
import definition from '../resources/webrule';
import webruleattribute from '../resources/webruleattribute';
import webrulebusiness from '../resources/webrulebusiness';
import webruleclass from '../resources/webruleclass';
import {
  keywordConditions,
  optionList,
  queryParam,
  referenceFilter,
  richTextContains,
  search,
  textContains,
} from '../storage/search';
import { atMost, atOrAfter, equals, type Condition } from '../storage/reads';
import { wirePage } from '../model/wire';
import { fromWireDateTime, toWireDate } from '../model/wire-dates';

const rangeLabels: Record<'from' | 'to', Label> = {
  from: { tw: '發布日期（起）', en: 'Issued from' },
  to: { tw: '發布日期（迄）', en: 'Issued until' },
};

/** `?from=` / `?to=`: a date, or a wire date-time whose date counts. */
function dateParam(actor: Actor, query: URLSearchParams, name: 'from' | 'to'): string | undefined {
  const raw = queryParam(query, name);
  if (!raw) return undefined;
  const date = toWireDate(raw);
  if (!date || (raw.length > 10 && !fromWireDateTime(raw, config().siteTimeZone))) {
    throw invalid('notDate', { field: rangeLabels[name][actor.language] });
  }
  return date;
}

/** The filters of a law search beside its keyword; dates are `YYYY-MM-DD`. */
interface RuleFilter {
  classId?: number;
  businessId?: number;
  attributeId?: number;
  from?: string;
  to?: string;
}

/**
 * The conditions of a law search (the API's `search` and the public laws page): keyword terms in title or content, and
 * the filters.
 */
export function ruleConditions(terms: string[], filter: RuleFilter): Condition[] {
  const table = tableOf(definition);
  const conditions = keywordConditions(
    terms,
    [(term) => textContains(column(table, 'title'), term), (term) => richTextContains(column(table, 'content'), term)],
    definition,
  );
  for (const key of ['classId', 'businessId', 'attributeId'] as const) {
    if (filter[key] !== undefined) conditions.push(equals(definition, key, filter[key]));
  }
  // issuedOn is a date column; YYYY-MM-DD text compares as a date, and `to` includes its day.
  if (filter.from) conditions.push(atOrAfter(definition, ['issuedOn'], filter.from));
  if (filter.to) conditions.push(atMost(definition, 'issuedOn', filter.to));
  return conditions;
}

/** The query parameters of `search`: keyword (title and content), class, business, attribute, issue dates. */
async function ruleFilters(actor: Actor, query: URLSearchParams, terms: string[]): Promise<Condition[]> {
  const filter: RuleFilter = {};
  for (const key of ['classId', 'businessId', 'attributeId'] as const)
    filter[key] = await referenceFilter(actor, definition, key, queryParam(query, key));
  filter.from = dateParam(actor, query, 'from');
  filter.to = dateParam(actor, query, 'to');
  if (filter.from && filter.to && filter.from > filter.to) {
    throw invalid('dateRangeOrder', { from: rangeLabels.from[actor.language], to: rangeLabels.to[actor.language] });
  }
  return ruleConditions(terms, filter);
}

export default defineEndpoints(definition, [
  {
    method: 'POST',
    path: 'search',
    read: true,
    summary:
      'Laws and regulations: search by keyword, class, business line, attribute and issue date (query), paged like getlist',
    body: true,
    operation: async (actor, { body, query }) =>
      wirePage(
        actor,
        definition,
        await search(actor, definition, body, query, (terms) => ruleFilters(actor, query, terms)),
      ),
  },
  {
    method: 'GET',
    path: 'getoptions',
    summary: 'Laws and regulations: the class, business line and attribute lists of the search form',
    operation: async (actor) => {
      requireAccess(actor, traits(definition).read);
      const scope = readScopeOf(actor);
      const [classes, businesses, attributes] = await Promise.all([
        optionList(webruleclass, scope),
        optionList(webrulebusiness, scope, ['id', 'name', 'classId']),
        optionList(webruleattribute, scope),
      ]);
      return { classes, businesses, attributes };
    },
  },
]);

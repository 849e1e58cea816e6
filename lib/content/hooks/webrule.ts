import { eq, gte, lte, type SQL } from 'drizzle-orm';
import { requireAccess, type RequestContext } from '../../api/context';
import { badRequest } from '../../api/errors';
import { json } from '../../api/http';
import { config } from '../../config';
import type { ResourceHooks } from '../define';
import type { Label } from '../fields';
import { column, tableOf } from '../repository';
import definition from '../resources/webrule';
import webruleattribute from '../resources/webruleattribute';
import webrulebusiness from '../resources/webrulebusiness';
import webruleclass from '../resources/webruleclass';
import { keywordConditions, optionList, queryParam, readScope, referenceFilter, richTextContains, searchResponse, textContains } from '../search';
import { fromWireDateTime, toWireDate } from '../wire-dates';

const rangeLabels: Record<'from' | 'to', Label> = {
  from: { tw: '發布日期（起）', en: 'Issued from' },
  to: { tw: '發布日期（迄）', en: 'Issued until' },
};

/** `?from=` / `?to=`: a date, or a wire date-time whose date counts. */
function dateParam(context: RequestContext, name: 'from' | 'to'): string | undefined {
  const raw = queryParam(context, name);
  if (!raw) return undefined;
  const date = toWireDate(raw);
  if (!date || (raw.length > 10 && !fromWireDateTime(raw, config().siteTimeZone))) {
    throw badRequest('notDate', { field: rangeLabels[name][context.language] });
  }
  return date;
}

/** The query parameters of `search`: keyword (title and content), class, business, attribute, issue dates. */
async function ruleFilters(context: RequestContext, terms: string[]): Promise<SQL[]> {
  const table = tableOf(definition);
  const conditions = keywordConditions(terms, [
    (term) => textContains(column(table, 'title'), term),
    (term) => richTextContains(column(table, 'content'), term),
  ]);
  for (const key of ['classId', 'businessId', 'attributeId']) {
    const id = await referenceFilter(context, definition, key);
    if (id !== undefined) conditions.push(eq(column(table, key), id));
  }
  const from = dateParam(context, 'from');
  const to = dateParam(context, 'to');
  if (from && to && from > to) {
    throw badRequest('dateRangeOrder', { from: rangeLabels.from[context.language], to: rangeLabels.to[context.language] });
  }
  // issuedOn is a date column; YYYY-MM-DD text compares as a date, and `to` includes its day.
  if (from) conditions.push(gte(column(table, 'issuedOn'), from));
  if (to) conditions.push(lte(column(table, 'issuedOn'), to));
  return conditions;
}

const hooks: ResourceHooks = {
  routes: [
    {
      method: 'POST',
      path: 'search',
      summary: 'Laws and regulations: search by keyword, class, business line, attribute and issue date (query), paged like getlist',
      handler: (context) => searchResponse(context, definition, (terms) => ruleFilters(context, terms)),
    },
    {
      method: 'GET',
      path: 'getoptions',
      summary: 'Laws and regulations: the class, business line and attribute lists of the search form',
      handler: async (context) => {
        requireAccess(context, definition.access?.read ?? 'public');
        const scope = readScope(context);
        const [classes, businesses, attributes] = await Promise.all([
          optionList(webruleclass, scope),
          optionList(webrulebusiness, scope, ['id', 'name', 'classId']),
          optionList(webruleattribute, scope),
        ]);
        return json({ classes, businesses, attributes });
      },
    },
  ],
};

export default hooks;

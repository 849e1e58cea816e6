import 'server-only';
import { defineEndpoints } from './define';
import { invalid } from '../model/errors';
import { column, tableOf } from '../storage/content-tables';
import definition from '../resources/webbilingual';
import { keywordConditions, queryParam, search, textContains } from '../storage/search';
import { equals, type Condition } from '../storage/reads';
import { wirePage } from '../model/wire';

/**
 * The conditions of a glossary search (the API's `search` and the public glossary): every term in either term or the
 * description, and the initial.
 */
export function glossaryConditions(terms: string[], initial?: string): Condition[] {
  const table = tableOf(definition);
  const conditions = keywordConditions(
    terms,
    ['termTw', 'termEn', 'description'].map((key) => (term: string) => textContains(column(table, key), term)),
    definition,
  );
  if (initial) conditions.push(equals(definition, 'initial', initial.toUpperCase()));
  return conditions;
}

/** The query parameters of `search`: keyword (either term or the description) and initial. */
function glossaryFilters(query: URLSearchParams, terms: string[]): Condition[] {
  const initial = queryParam(query, 'initial');
  // `#` (sent as %23) lists the terms that start with something other than a letter.
  if (initial && !/^[A-Za-z#]$/.test(initial)) throw invalid('invalidInitial', { value: initial.slice(0, 20) });
  return glossaryConditions(terms, initial || undefined);
}

export default defineEndpoints(definition, [
  {
    method: 'POST',
    path: 'search',
    read: true,
    summary: 'Glossary: search by keyword and initial letter (query), paged like getlist, by English term by default',
    body: true,
    operation: async (actor, { body, query }) =>
      wirePage(
        actor,
        definition,
        await search(actor, definition, body, query, (terms) => glossaryFilters(query, terms)),
      ),
  },
]);

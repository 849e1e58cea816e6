import 'server-only';
import { and, asc, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { getDb } from '../../db';
import { readScopeOf, requireAccess, type Actor } from '../model/actor';
import { traits, type ResourceDefinition } from '../model/define';
import { invalid, positiveInteger } from '../model/errors';
import { parseListRequest } from '../model/list-request';
import { indexedKeywordCondition } from './search-matching';
import { findResource } from '../model/registry';
import { column, escapeLike, scopeConditions, tableOf, type ReadScope } from './content-tables';
import { listRows } from './list-reads';
import { rowExists } from './row-reads';
import type { Row } from '../model/rows';

/**
 * The `search` calls (laws, glossary; docs/api.md): getlist's body and response, plus filters from the
 * query string. Keywords match substrings case-insensitively (ILIKE on text, a regular expression on
 * rich text), so Chinese matches inside words without a word splitter and English in any case.
 */

/** A query-string value, trimmed; NUL characters dropped (PostgreSQL text cannot hold them). */
export function queryParam(query: URLSearchParams, name: string): string {
  return (query.get(name) ?? '').replaceAll('\u0000', '').trim();
}

/** Whitespace separates terms, and a row must match every term: `信託 施行細則`, `trust act`. */
export function keywordTerms(keyword: string): string[] {
  return keyword.split(/\s+/).filter(Boolean).slice(0, 10);
}

const containsPattern = (text: string) => `%${escapeLike(text)}%`;

export const textContains = (c: PgColumn, term: string): SQL => sql`${c} ilike ${containsPattern(term)}`;

/**
 * A character of the term as the sanitiser stores text: `&`, `<`, `>` as entities; ASCII punctuation escaped for the
 * regex.
 */
const storedChar = (c: string) =>
  c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c < '\x80' && !/[A-Za-z0-9]/.test(c) ? `\\${c}` : c;

/** Terms this long give pg_trgm at least one trigram, so the trigram indexes (migration 0004) serve them. */
const TRIGRAM_TERM_LENGTH = 3;

/**
 * Rich text as a reader sees it, as one case-insensitive regular expression on the stored HTML:
 * tags may stand between the term's characters (信託<strong>業法</strong> holds 信託業法); the match
 * must end outside a tag (the next bracket is `<`), so tag names and attributes never match; and it
 * may not start just after `&`, so `amp` or `lt` do not match inside an entity. Without lookarounds
 * PostgreSQL runs this as fast as ILIKE; stripping the tags first (regexp_replace) is ten times slower.
 *
 * A term of three characters or more also gets `rich_text_plain(c) ILIKE …` (tags stripped, entities
 * decoded; migration 0004): every row the expression matches passes that too, so the result is the
 * same, but the trigram index on it lets PostgreSQL read only the rows holding the term's trigrams
 * instead of every row. Shorter terms (two-character Chinese words such as 信託) have no trigram and
 * scan, as before.
 */
export function richTextContains(c: PgColumn, term: string): SQL {
  const pattern = `(?:^|[^&])${[...term].map(storedChar).join('(?:<[^>]*>)*')}[^<>]*(?:<|$)`;
  const matches = sql`${c} ~* ${pattern}`;
  if ([...term].length < TRIGRAM_TERM_LENGTH) return matches;
  return sql`(rich_text_plain(${c}) ilike ${containsPattern(term)} and ${matches})`;
}

/**
 * Every term matches at least one of the columns, or (for a resource the site search indexes) holds
 * the term as the index reads it: 台/臺, Simplified input and English word forms match as well.
 */
export function keywordConditions(
  terms: string[],
  matchers: ((term: string) => SQL)[],
  definition?: ResourceDefinition,
): SQL[] {
  const id = definition && column(tableOf(definition), 'id');
  return terms.map((term) =>
    or(...matchers.map((match) => match(term)), id && indexedKeywordCondition(definition, id, term))!,
  );
}

/**
 * The glossary's index letter of an English term (webbilingual `initial`): its first letter A–Z,
 * uppercased, or `#` when it starts with anything else. Compatibility decomposition first, so
 * `Ｔrust` (full width) and `Über` file under T and U. Here rather than in the glossary's hooks so
 * seeds can import it without loading a hook module first (hooks/index would see it half-built).
 */
export function initialOf(termEn: string): string {
  const first = termEn.trim().normalize('NFKD').charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

/**
 * The id of a reference filter: a row of the resource the field points to, in the actor's language.
 * Empty or 0 means "all", as in getlist; a malformed id or one that does not exist is refused, the
 * latter naming the field.
 */
export async function referenceFilter(
  actor: Actor,
  definition: ResourceDefinition,
  key: string,
  raw: string,
): Promise<number | undefined> {
  if (raw === '' || raw === '0') return undefined;
  const id = positiveInteger(raw);
  const f = definition.fields[key];
  const target = f?.kind === 'reference' ? findResource(f.resource) : undefined;
  if (!target) throw new Error(`${definition.name}.${key} is not a reference`);
  if (!(await rowExists(target, actor.language, id)))
    throw invalid('unknownReference', { field: f.label[actor.language], value: id });
  return id;
}

/**
 * A search: `request` is getlist's `{page, pageSize, sort, direction}`; the keyword comes from the
 * query (or the request's `keyword`, as getlist takes it); `filters` turns the keyword terms and the
 * other query parameters into conditions, refusing a bad one. Answers a page as `list` does.
 */
export async function search(
  actor: Actor,
  definition: ResourceDefinition,
  request: Record<string, unknown>,
  query: URLSearchParams,
  filters: (terms: string[]) => Promise<SQL[]> | SQL[],
) {
  requireAccess(actor, traits(definition).read);
  const parsed = parseListRequest(definition, request);
  const terms = keywordTerms(queryParam(query, 'keyword').slice(0, 200) || parsed.keyword);
  // The query names every filter, so it (with the request's paging) keys the public cache.
  const cacheKey = JSON.stringify({ query: [...query.entries()].sort(), terms });
  const conditions = await filters(terms);
  const { rows, total, page } = await listRows(definition, readScopeOf(actor), {
    ...parsed,
    keyword: undefined,
    filters: {},
    conditions,
    cacheKey,
  });
  return { rows, total, page, pageSize: parsed.pageSize };
}

/**
 * `{id, name, …}` of every row a scope sees, by `order`: the option lists of getoptions calls. Rows
 * with a parent are ordered among their siblings only, so siblings are kept together.
 */
export async function optionList(
  definition: ResourceDefinition,
  scope: ReadScope,
  keys: string[] = ['id', 'name'],
): Promise<Row[]> {
  const db = await getDb();
  const table = tableOf(definition);
  const picked = Object.fromEntries(keys.map((key) => [key, column(table, key)]));
  return db
    .select(picked)
    .from(table)
    .where(and(...scopeConditions(definition, scope)))
    .orderBy(...[...traits(definition).parents, 'order', 'id'].map((key) => asc(column(table, key))));
}

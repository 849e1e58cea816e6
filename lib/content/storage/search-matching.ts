import 'server-only';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { getDb } from '../../db';
import { readsAsMember } from '../../cache/member-scope';
import type { ResourceDefinition } from '../model/define';
import { isIndexed } from './search-index';
import { escapeLike } from './content-tables';
import { heldTerms, searchIndexCopy } from './search-memory';
import type { IndexPage, IndexScope, QueryGroup } from './search-ranking';
import { hanRuns, isHan, normalizeText, pairsOf, stemOf, termsOf, wordsOf } from './search-text';

export { nextIndexWindowChange } from './search-memory';
export type { IndexFacet, IndexScope, QueryGroup } from './search-ranking';

/**
 * Reading the site search's index (lib/content/storage/search-index.ts writes it): a query's words
 * and their alternatives, the ranked matches with their counts, suggestions, and the keyword match
 * and relevance order of the back office's lists.
 */

/** The words a query may have at most. */
const MAX_QUERY_WORDS = 10;

/**
 * A query's words, each with its alternatives: a Chinese word of two characters is its own term; a
 * longer one is split into the words the segmenter finds, or its pairs when it finds none; a lone
 * character matches the pairs that start with it; other words match their stem (and longer stems,
 * register → registration, at a lower weight) and the synonyms given.
 */
function queryGroups(query: string, synonyms: Map<string, string[]> = new Map()): QueryGroup[] {
  const normalized = normalizeText(query);
  const groups: QueryGroup[] = [];
  const add = (word: string, alternatives: QueryGroup['alternatives']) => {
    for (const synonym of synonyms.get(word) ?? []) {
      for (const term of termsOf(synonym)) alternatives.push({ term, factor: 0.9 });
    }
    groups.push({ word, alternatives });
  };
  for (const word of wordsOf(normalized)) {
    if (isHan(word)) {
      const chars = [...word];
      if (chars.length === 1) add(word, [{ term: word, factor: 1, prefix: true }]);
      else if (chars.length === 2) add(word, [{ term: word, factor: 1 }]);
      else {
        // A long run the segmenter kept whole (a name or a rare word): the word itself, or all its pairs.
        const pieces = wordsOf(word).filter((piece) => piece !== word);
        if (pieces.length > 1) for (const piece of pieces) add(piece, [{ term: piece, factor: 1 }]);
        else for (const pair of hanRuns(word).flatMap(pairsOf)) add(pair, [{ term: pair, factor: 1 }]);
      }
    } else {
      const stem = stemOf(word);
      const alternatives: QueryGroup['alternatives'] = [{ term: stem, factor: 1 }];
      if (/^[a-z]{5,}$/.test(stem)) alternatives.push({ term: stem, factor: 0.7, prefix: true });
      add(word, alternatives);
    }
  }
  return groups.slice(0, MAX_QUERY_WORDS);
}

/** The terms among these that the index holds (search-memory.ts answers from its copy where it can). */
async function knownTerms(terms: string[]): Promise<Set<string>> {
  const held = await heldTerms(terms.map((term) => ({ term, factor: 1 })));
  return new Set([...held].map((key) => key.slice(1)));
}

/** The Latin words one edit from `word` (a letter dropped, added, changed or two swapped), its first letter kept. */
function oneEditAway(word: string): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const out = new Set<string>();
  for (let i = 1; i <= word.length; i++) {
    if (i < word.length) out.add(word.slice(0, i) + word.slice(i + 1));
    if (i < word.length - 1) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    for (const letter of letters) {
      out.add(word.slice(0, i) + letter + word.slice(i));
      if (i < word.length) out.add(word.slice(0, i) + letter + word.slice(i + 1));
    }
  }
  out.delete(word);
  return [...out];
}

/** The indexed word nearest a Latin word of 4+ letters (one edit away; the first in order of several), if any. */
async function nearestWord(word: string): Promise<string | undefined> {
  // A typo rarely hits the first letter.
  if (!/^[a-z]+$/.test(word)) return undefined;
  const known = await knownTerms(oneEditAway(word));
  return [...known].sort()[0];
}

/**
 * Makes a query forgiving: each Latin word of 4+ letters the index does not know is replaced by the
 * indexed word one edit away (trsut → trust). Returns the groups, the groups as typed (`original`)
 * and, when a word was replaced, the query as corrected (for "did you mean").
 */
export async function forgivingGroups(
  query: string,
  synonyms?: Map<string, string[]>,
): Promise<{ groups: QueryGroup[]; corrected?: string; original: QueryGroup[] }> {
  const groups = queryGroups(query, synonyms);
  const original = groups.map((group) => ({ ...group, alternatives: [...group.alternatives] }));
  const known = await knownTerms(groups.map((group) => group.alternatives[0].term));
  let changed = false;
  const words: string[] = [];
  for (const group of groups) {
    words.push(group.word);
    if (isHan(group.word) || group.word.length < 4 || known.has(group.alternatives[0].term)) continue;
    // A prefix of a known stem (regist → registration) is not a typo.
    const prefix = { term: group.alternatives[0].term, factor: 1, prefix: true };
    if (group.alternatives.some((a) => a.prefix) && (await heldTerms([prefix])).size) continue;
    const nearest = await nearestWord(group.word);
    if (!nearest) continue;
    changed = true;
    words[words.length - 1] = nearest;
    group.alternatives.push({ term: stemOf(nearest), factor: 0.8 }, { term: nearest, factor: 0.8 });
  }
  return { groups, corrected: changed ? words.join(' ') : undefined, original };
}

const placeList = (places: [string, string][]) =>
  sql.join(
    places.map(([resource, part]) => sql`(${resource}, ${part})`),
    sql`, `,
  );

/**
 * The counts of every match of the scope (per place and year), and one ranked page of them: exact
 * title first, then the most words matched, the best weighted, the newest (search-memory.ts).
 */
export const searchIndex = (groups: QueryGroup[], query: string, scope: IndexScope, page: IndexPage) =>
  searchIndexCopy(groups, normalizeText(query), scope, page);

/** Titles that start with (first) or contain the normalised text typed, newest first within each. */
export async function suggestFromIndex(
  typed: string,
  scope: IndexScope,
  limit: number,
): Promise<{ resource: string; rowId: number; part: string }[]> {
  if (scope.places.length === 0) return [];
  const db = await getDb();
  const rows = await db.execute<{ resource: string; row_id: number; part: string }>(
    sql`select resource, row_id, part from search_documents d
        where d.lang in (${scope.language}, '') and d.is_visible and (not d.members_only or ${readsAsMember()})
          and (d.publish_at is null or d.publish_at <= ${scope.now})
          and (d.unpublish_at is null or d.unpublish_at > ${scope.now})
          and (d.resource, d.part) in (${placeList(scope.places)})
          and d.title like ${`%${escapeLike(typed)}%`}
        order by d.title like ${`${escapeLike(typed)}%`} desc, length(d.title), d.date desc nulls last
        limit ${limit}`,
  );
  return rows.rows.map((row) => ({ resource: row.resource, rowId: Number(row.row_id), part: row.part }));
}

/**
 * The keyword match of lists and the API's searches through the index: the rows of `definition`
 * (its id column `id`) that hold every word of `keyword` as the site search reads it (variants,
 * Simplified input, word forms); undefined when the index does not hold the resource or the keyword
 * has no words. Callers keep their substring match beside it, so whatever that finds is still found.
 */
export function indexedKeywordCondition(
  definition: ResourceDefinition,
  id: SQLWrapper,
  keyword: string,
): SQL | undefined {
  // A keyword with punctuation or symbols is taken literally, as the substring match takes it
  // (the index drops them, so `{1}` would match every `1`).
  if (!isIndexed(definition) || /[^\p{L}\p{N}\p{M}\s]/u.test(keyword.normalize('NFKC'))) return undefined;
  const groups = queryGroups(keyword);
  if (groups.length === 0) return undefined;
  const alternatives = groups.flatMap((group, index) =>
    group.alternatives.map((a) => sql`(${escapeLike(a.term) + (a.prefix ? '%' : '')}, ${index})`),
  );
  return sql`${id} in (
    select t.row_id from search_terms t join (values ${sql.join(alternatives, sql`, `)}) q(pattern, grp) on t.term like q.pattern
    where t.resource = ${definition.name}
    group by t.row_id having count(distinct q.grp) = ${groups.length})`;
}

/**
 * How well a row of `definition` matches a list's keyword, for the back office's relevance order: a
 * title equal to the keyword first (100), then one holding it as typed (10), then the weights of the
 * keyword's words in the index (title 3, summary 2, body 1, for each word the row holds).
 */
export function relevanceScore(
  definition: ResourceDefinition,
  id: SQLWrapper,
  title: SQLWrapper | undefined,
  keyword: string,
): SQL {
  const titleScore = title
    ? sql`(case when lower(${title}) = lower(${keyword}) then 100 when ${title} ilike ${`%${escapeLike(keyword)}%`} then 10 else 0 end)`
    : sql`0`;
  const terms = [
    ...new Set(queryGroups(keyword).flatMap((group) => group.alternatives.filter((a) => !a.prefix).map((a) => a.term))),
  ];
  if (!isIndexed(definition) || terms.length === 0) return titleScore;
  return sql`(${titleScore} + coalesce((select sum(t.weight) from search_terms t
    where t.resource = ${definition.name} and t.row_id = ${id} and t.term in (${sql.join(
      terms.map((term) => sql`${term}`),
      sql`, `,
    )})), 0))`;
}

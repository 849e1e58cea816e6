/**
 * The ranking of the search copy (lib/content/storage/search-ranking.ts) against a plain sort of
 * every match: the same order on every page, near the top and deep, and the same counts.
 */
import { IndexDocuments, type DocumentRow } from '../../lib/content/storage/search-documents';
import {
  findableSlots,
  pageOfRanking,
  rankMatches,
  rankTop,
  type IndexScope,
  type Postings,
  type QueryGroup,
} from '../../lib/content/storage/search-ranking';

/** Numbers from a fixed seed, so that a failure can be run again. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const random = seeded(42);
const NOW = Date.UTC(2021, 5, 1);
const HOUR = 60 * 60 * 1000;
const documents = new IndexDocuments();
const TITLE = '信託業法';
const rows: DocumentRow[] = [];
for (let i = 0; i < 6000; i++) {
  const day = Math.floor(random() * 400);
  const row: DocumentRow = {
    resource: random() < 0.8 ? 'webnews' : 'webrule',
    row_id: i + 1,
    lang: random() < 0.9 ? 'tw' : 'en',
    part: '',
    // Few distinct dates and titles, so that ties are decided by the later keys.
    title: random() < 0.02 ? TITLE : `第 ${i} 則`,
    date: random() < 0.05 ? null : new Date(Date.UTC(2020, 0, 1 + day)),
    year: null,
    is_visible: random() < 0.95,
    members_only: random() < 0.05,
    // Some scheduled (the earliest in an hour), some taken down, some to be taken down (the earliest in two hours).
    publish_at: i % 50 === 7 ? new Date(NOW + HOUR * (1 + (i % 3))) : null,
    unpublish_at: i % 50 === 9 ? new Date(NOW - HOUR) : i % 50 === 11 ? new Date(NOW + 2 * HOUR + i) : null,
  };
  row.year = row.date instanceof Date ? row.date.getUTCFullYear() : null;
  rows.push(row);
  documents.store(row);
}

/** A word's rows: about `share` of all, each weighing 1, 2 or 3. */
function postings(share: number): Postings {
  const slots: number[] = [];
  for (let slot = 0; slot < rows.length; slot++) if (random() < share) slots.push(slot);
  return { slots: Int32Array.from(slots), weights: Float32Array.from(slots, () => 1 + Math.floor(random() * 3)) };
}

const groups: QueryGroup[] = [
  { word: '信託', alternatives: [{ term: '信託', factor: 1 }] },
  {
    word: '業法',
    alternatives: [
      { term: '業法', factor: 1 },
      { term: '法', factor: 0.7, prefix: true },
    ],
  },
];
const lists = [[postings(0.6)], [postings(0.3), postings(0.2)]];
const scope: IndexScope = {
  language: 'tw',
  now: new Date(NOW),
  places: [
    ['webnews', ''],
    ['webrule', ''],
  ],
};

/** Every match in order, the plain way: each row's words matched and best weights, then one sort. */
function reference(member: boolean) {
  const matched = new Map<number, { coverage: number; score: number }>();
  groups.forEach((group, g) => {
    const best = new Map<number, number>();
    group.alternatives.forEach((alternative, a) => {
      const { slots, weights } = lists[g][a];
      slots.forEach((slot, i) => best.set(slot, Math.max(best.get(slot) ?? 0, weights[i] * alternative.factor)));
    });
    for (const [slot, weight] of best) {
      const row = rows[slot];
      const scheduled = row.publish_at !== null || ((row.unpublish_at as Date | null)?.getTime() ?? Infinity) <= NOW;
      if (!row.is_visible || (row.members_only && !member) || row.lang !== 'tw' || scheduled) continue;
      const entry = matched.get(slot) ?? { coverage: 0, score: 0 };
      matched.set(slot, { coverage: entry.coverage + 1, score: entry.score + weight });
    }
  });
  const time = (slot: number) => (rows[slot].date as Date | null)?.getTime() ?? -Infinity;
  return [...matched]
    .filter(([, entry]) => entry.coverage === groups.length)
    .sort(
      ([a, x], [b, y]) =>
        Number(rows[b].title === TITLE) - Number(rows[a].title === TITLE) ||
        y.coverage - x.coverage ||
        y.score - x.score ||
        time(b) - time(a) ||
        rows[a].resource.localeCompare(rows[b].resource) ||
        rows[a].row_id - rows[b].row_id,
    )
    .map(([slot]) => ({ resource: rows[slot].resource, rowId: rows[slot].row_id }));
}

test.each([
  ['the first page', 0, 10],
  ['a page further on', 990, 10],
  ['the last page', 1_250, 200],
  ['every match at once', 0, 10_000],
])('%s is the plain sort’s slice', (_, offset, limit) => {
  for (const member of [false, true]) {
    const expected = reference(member);
    expect(expected.length).toBeGreaterThan(offset + 1);
    const { matches } = rankMatches(
      documents,
      groups,
      lists,
      TITLE,
      scope,
      { offset, limit },
      findableSlots(documents, scope, member),
    );
    expect(matches.map(({ resource, rowId }) => ({ resource, rowId }))).toEqual(expected.slice(offset, offset + limit));
    expect(matches.every((match) => match.exactTitle === (rows[match.rowId - 1].title === TITLE))).toBe(true);
  }
});

test('a ranking kept to some depth holds the first matches in order, and says whether any were left out', () => {
  const findable = findableSlots(documents, scope, false);
  const expected = reference(false);
  const shallow = rankTop(documents, groups, lists, TITLE, scope, {}, 100, findable);
  expect(shallow.complete).toBe(false);
  expect(
    pageOfRanking(documents, shallow, TITLE, { offset: 90, limit: 10 }).map(({ resource, rowId }) => ({
      resource,
      rowId,
    })),
  ).toEqual(expected.slice(90, 100));
  const whole = rankTop(documents, groups, lists, TITLE, scope, {}, expected.length, findable);
  expect([whole.complete, whole.ranked.length]).toEqual([true, expected.length]);
  expect(rankTop(documents, groups, lists, TITLE, scope, {}, 0, findable)).toMatchObject({
    complete: false,
    ranked: new Int32Array(),
  });
});

test('the counts are every match’s, by place and year, whatever the page', () => {
  const expected = new Map<string, number>();
  for (const { resource, rowId } of reference(false)) {
    const key = `${resource} ${rows[rowId - 1].year}`;
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  for (const page of [
    { offset: 0, limit: 0 },
    { offset: 40, limit: 10 },
  ]) {
    const { facets } = rankMatches(
      documents,
      groups,
      lists,
      TITLE,
      scope,
      page,
      findableSlots(documents, scope, false),
    );
    expect(new Map(facets.map((facet) => [`${facet.resource} ${facet.year}`, facet.count]))).toEqual(expected);
  }
});

test('what visitors may find holds until the next row enters or leaves the public window', () => {
  const findable = findableSlots(documents, scope, false);
  expect(findable.until).toBe(NOW + HOUR);
  const later = findableSlots(documents, { ...scope, now: new Date(NOW + HOUR) }, false);
  expect(later.until).toBe(NOW + 2 * HOUR);
  const published = rows.findIndex(
    (row) =>
      (row.publish_at as Date | null)?.getTime() === NOW + HOUR &&
      row.lang === 'tw' &&
      row.is_visible &&
      !row.members_only,
  );
  expect([findable.slots[published], later.slots[published]]).toEqual([0, 1]);
});

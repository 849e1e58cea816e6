import { resources, type ResourceName } from '../content/model/registry';
import { insertChunked, reserveIds, type Writer } from '../content/storage/seed-writes';
import { traits } from '../content/model/define';
import { wireLanguages, type WireLanguage } from '../i18n/languages';

export type Values = Record<string, unknown>;
/** Ids of inserted rows per language, in the order of the items given. */
export type Ids = Record<WireLanguage, number[]>;

/**
 * Numbers `order` 1..n among siblings (same parents) in the order given, for ordered resources
 * whose rows do not set it themselves.
 */
function numberSiblings(resource: ResourceName, rows: Values[]): Values[] {
  const t = traits(resources[resource]);
  if (!t.ordered) return rows;
  const next = new Map<string, number>();
  return rows.map((row) => {
    if (row.order !== undefined) return row;
    const key = JSON.stringify([row.lang, ...t.parents.map((p) => row[p])]);
    const order = (next.get(key) ?? 0) + 1;
    next.set(key, order);
    return { ...row, order };
  });
}

/** Inserts rows (of any language, or none) and returns their ids in order. */
export async function insertRows(db: Writer, resource: ResourceName, values: Values[]): Promise<number[]> {
  const ids = await reserveIds(db, resource, values.length);
  await insertChunked(
    db,
    resources[resource],
    numberSiblings(
      resource,
      values.map((row, i) => ({ ...row, id: ids[i] })),
    ),
  );
  return ids;
}

/**
 * Inserts one row per item in each language and links each pair through translationId both ways.
 * `rowFor` gives a row's values in one language; parents are that language's rows (ids from an
 * earlier insertPairs). Two statements whatever the count: one to reserve ids, one insert (split
 * only past the parameter limit).
 */
export async function insertPairs<T>(
  db: Writer,
  resource: ResourceName,
  items: readonly T[],
  rowFor: (item: T, language: WireLanguage, index: number) => Values,
): Promise<Ids> {
  const reserved = await reserveIds(db, resource, items.length * 2);
  const ids: Ids = { tw: reserved.slice(0, items.length), en: reserved.slice(items.length) };
  const twin = (language: WireLanguage, i: number) => ids[language === 'tw' ? 'en' : 'tw'][i];
  const rows = wireLanguages.flatMap((language) =>
    items.map((item, i) => ({
      ...rowFor(item, language, i),
      id: ids[language][i],
      lang: language,
      translationId: twin(language, i),
    })),
  );
  await insertChunked(db, resources[resource], numberSiblings(resource, rows));
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Small helpers the data modules share

export const DAY = 24 * 60 * 60 * 1000;

/** Paragraphs as rich text. */
export const html = (paragraphs: readonly string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

/** An instant `days` from now (negative: in the past) at a Taipei wall-clock time (UTC+8, no DST). */
export function taipeiAt(now: number, days: number, hour = 9, minute = 0): Date {
  const taipeiMidnight = Math.floor((now + 8 * 3600_000) / DAY) * DAY - 8 * 3600_000;
  return new Date(taipeiMidnight + days * DAY + (hour * 60 + minute) * 60_000);
}

/** The Taipei calendar date (`YYYY-MM-DD`) `days` from now. */
export function taipeiDate(now: number, days: number): string {
  return new Date(taipeiAt(now, days, 12).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

import { notFound, redirect } from 'next/navigation';
import type { ResourceDefinition } from '../content/model/define';
import { readPublicRow } from '../content/storage/reads';
import type { RowOf } from '../content/model/rows';
import { otherLanguage, type WireLanguage } from '../i18n/languages';
import { sitePath } from '../routing/site';
import { findRoute } from './routes';
import { publicRowPath, rowAtPath } from './row-links';

/** A row's id in an address. */
const ID = /^\d{1,9}$/;

/**
 * The row a public detail page shows, as visitors may see it (visible, inside its window), or:
 * when the id belongs to the other language (an old link, a link copied from the other language's
 * page), a redirect to its counterpart; otherwise a 404, a row without a counterpart included. The
 * language switch goes through `languageSwitchPath` instead, which knows the list to fall back on.
 */
export async function publicRowOr404<D extends ResourceDefinition>(
  definition: D,
  language: WireLanguage,
  idText: string,
  pathOf: (id: number) => string,
): Promise<RowOf<D>> {
  if (!ID.test(idText)) notFound();
  const id = Number(idText);
  const row = await readPublicRow(definition, language, id);
  if (row) return row;
  const other = await readPublicRow(definition, otherLanguage(language), id);
  const counterpart = other && (await publicCounterpart(definition, other, language));
  if (!counterpart) notFound();
  redirect(sitePath(language, pathOf(counterpart.id)));
}

/** Whether visitors may see the row `idText` names in `language` (an id as an address writes it). */
export async function isPublicRow(
  definition: ResourceDefinition,
  language: WireLanguage,
  idText: unknown,
): Promise<boolean> {
  return typeof idText === 'string' && ID.test(idText) && !!(await readPublicRow(definition, language, Number(idText)));
}

/** A path of the public site below the language prefix, as the switch sends it: segments of a-z, 0-9 and `-`. */
const SITE_PATH = /^(?:\/[a-z0-9-]+)*$/;

/**
 * Where the language switch of the page at `from` (a path of the other language's site) leads in
 * `language`: a row's page goes to its counterpart, or to the list when the row has none (rather
 * than to a 404); any other page to the same path. Always a path of this site.
 */
export async function languageSwitchPath(language: WireLanguage, from: string): Promise<string> {
  if (!SITE_PATH.test(from)) return sitePath(language);
  const row = rowAtPath(from);
  if (!row) return sitePath(language, from);
  const source = await readPublicRow(row.definition, otherLanguage(language), row.id);
  // Not a row of the other language (a row shared by both, or none): the same address.
  if (!source || !('translationId' in source)) return sitePath(language, from);
  const counterpart = await publicCounterpart(row.definition, source, language);
  const path = counterpart ? publicRowPath(row.definition.name, counterpart) : null;
  const list = findRoute(row.definition.public?.route ?? '')?.path ?? '';
  return sitePath(language, path ?? list);
}

/** The id of a row's counterpart in the other language (rows of unlocalized resources have none). */
export const translationOf = (row: object): number | null =>
  'translationId' in row && typeof row.translationId === 'number' ? row.translationId : null;

/** A row's counterpart in `language` as visitors may see it, or undefined. */
async function publicCounterpart(definition: ResourceDefinition, row: object, language: WireLanguage) {
  const id = translationOf(row);
  return id ? await readPublicRow(definition, language, id) : undefined;
}

/** The counterpart's path for hreflang: the other language's row when it is public, else null. */
export async function counterpartPath(
  definition: ResourceDefinition,
  row: object,
  language: WireLanguage,
  pathOf: (id: number) => string,
): Promise<string | null> {
  const counterpart = await publicCounterpart(definition, row, otherLanguage(language));
  return counterpart ? pathOf(counterpart.id) : null;
}

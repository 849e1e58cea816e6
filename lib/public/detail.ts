import { notFound, redirect } from 'next/navigation';
import type { ResourceDefinition } from '../content/model/define';
import { readPublicRow } from '../content/storage/reads';
import type { RowOf } from '../content/model/rows';
import { otherLanguage, type WireLanguage } from '../i18n/languages';

/**
 * The row a public detail page shows, as visitors may see it (visible, inside its window), or:
 * when the id belongs to the other language (the language switch keeps the path), a redirect to
 * its counterpart, or to `listPath` when it has none; otherwise a 404.
 */
export async function publicRowOr404<D extends ResourceDefinition>(
  definition: D,
  language: WireLanguage,
  idText: string,
  pathOf: (id: number) => string,
  listPath: string,
): Promise<RowOf<D>> {
  if (!/^\d{1,9}$/.test(idText)) notFound();
  const id = Number(idText);
  const row = await readPublicRow(definition, language, id);
  if (row) return row;
  const other = await readPublicRow(definition, otherLanguage(language), id);
  if (!other) notFound();
  const counterpartId = translationOf(other);
  const counterpart = counterpartId ? await readPublicRow(definition, language, counterpartId) : undefined;
  redirect(`/${language}${counterpart ? pathOf(counterpart.id) : listPath}`);
}

/** The id of a row's counterpart in the other language (rows of unlocalized resources have none). */
export const translationOf = (row: object): number | null =>
  'translationId' in row && typeof row.translationId === 'number' ? row.translationId : null;

/** The counterpart's path for hreflang: the other language's row when it is public, else null. */
export async function counterpartPath(
  definition: ResourceDefinition,
  row: object,
  language: WireLanguage,
  pathOf: (id: number) => string,
): Promise<string | null> {
  const id = translationOf(row);
  if (!id) return null;
  const counterpart = await readPublicRow(definition, otherLanguage(language), id);
  return counterpart ? pathOf(id) : null;
}

import { notFound, redirect } from 'next/navigation';
import type { ResourceDefinition } from '../content/define';
import { getRow, type Row } from '../content/repository';
import { otherLanguage, type WireLanguage } from '../i18n/languages';

/**
 * The row a public detail page shows, as visitors may see it (visible, inside its window), or:
 * when the id belongs to the other language (the language switch keeps the path), a redirect to
 * its counterpart, or to `listPath` when it has none; otherwise a 404.
 */
export async function publicRowOr404(
  definition: ResourceDefinition,
  language: WireLanguage,
  idText: string,
  pathOf: (id: number) => string,
  listPath: string,
): Promise<Row> {
  if (!/^\d{1,9}$/.test(idText)) notFound();
  const id = Number(idText);
  const row = await getRow(definition, { language, publicOnly: true }, id);
  if (row) return row;
  const other = await getRow(definition, { language: otherLanguage(language), publicOnly: true }, id);
  if (!other) notFound();
  const counterpartId = other.translationId as number | null;
  const counterpart = counterpartId ? await getRow(definition, { language, publicOnly: true }, counterpartId) : undefined;
  redirect(`/${language}${counterpart ? pathOf(counterpart.id as number) : listPath}`);
}

/** The counterpart's path for hreflang: the other language's row when it is public, else null. */
export async function counterpartPath(
  definition: ResourceDefinition,
  row: Row,
  language: WireLanguage,
  pathOf: (id: number) => string,
): Promise<string | null> {
  const id = row.translationId as number | null;
  if (!id) return null;
  const counterpart = await getRow(definition, { language: otherLanguage(language), publicOnly: true }, id);
  return counterpart ? pathOf(id) : null;
}

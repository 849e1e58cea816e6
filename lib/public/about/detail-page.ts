import type { Metadata } from 'next';
import type { ResourceDefinition } from '../../content/define';
import type { Row } from '../../content/repository';
import { otherLanguage, toWireLanguage, type Locale } from '../../i18n/languages';
import { richTextToPlain } from '../../security/sanitize';
import { counterpartPath } from '../detail';
import { pageMetadata } from '../metadata';

/** A description for a detail page's metadata: the start of its text, at most 160 characters. */
export function describe(text: string | undefined): string | undefined {
  const plain = richTextToPlain(text ?? '');
  if (!plain) return undefined;
  return plain.length > 160 ? `${plain.slice(0, 157)}…` : plain;
}

/** The metadata of a detail page: its title and text, and hreflang to the counterpart row (or none). */
export async function detailMetadata(locale: Locale, definition: ResourceDefinition, row: Row, pathOf: (id: number) => string, title: string, text?: string): Promise<Metadata> {
  const language = toWireLanguage(locale);
  const counterpart = await counterpartPath(definition, row, language, pathOf);
  return pageMetadata({
    locale,
    path: pathOf(row.id as number),
    title,
    description: describe(text),
    alternates: { [otherLanguage(language)]: counterpart },
    type: 'article',
  });
}

import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import { sections } from '../../content/model/sections';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic } from '../lists';

/** One rich-text block of a fixed page (webeditor); `content` was sanitised when it was written. */
export interface PageSection {
  id: number;
  title: string;
  content: string;
}

const pageSection = (row: RowOf<typeof resources.webeditor>): PageSection => ({
  id: row.id,
  title: row.title ?? '',
  content: row.content ?? '',
});

/**
 * The sections of a fixed page (a key of sections.editorPages: `about`, `organization`, `member-services`…), in order.
 */
export async function pageSections(language: WireLanguage, pageKey: string): Promise<PageSection[]> {
  const page = sections.editorPages.find((section) => section.key === pageKey);
  if (!page) throw new Error(`No editor page ${pageKey} in sections.editorPages`);
  return allPublic(resources.webeditor, language, pageSection, { page: page.value });
}

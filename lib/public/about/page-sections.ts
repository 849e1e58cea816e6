import { resources } from '../../content/registry';
import type { Row } from '../../content/repository';
import { sections } from '../../content/sections';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic } from '../lists';

/** One rich-text block of a fixed page (webeditor); `content` was sanitised when it was written. */
export interface PageSection {
  id: number;
  title: string;
  content: string;
}

const pageSection = (row: Row): PageSection => ({ id: row.id as number, title: String(row.title ?? ''), content: String(row.content ?? '') });

/** The sections of a fixed page (a key of sections.editorPages: `about`, `organization`, `member-services`…), in order. */
export async function pageSections(language: WireLanguage, pageKey: string): Promise<PageSection[]> {
  const page = sections.editorPages.find((section) => section.key === pageKey);
  if (!page) throw new Error(`No editor page ${pageKey} in sections.editorPages`);
  return allPublic(resources.webeditor, language, pageSection, { page: page.value });
}

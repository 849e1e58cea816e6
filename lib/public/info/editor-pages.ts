import { resources } from '../../content/registry';
import type { Row } from '../../content/repository';
import { sections } from '../../content/sections';
import type { WireLanguage } from '../../i18n/languages';
import { allPublicRows } from './lists';

/** The fixed pages built from page sections (webeditor) that this part of the site shows. */
export type EditorPageKey = 'research' | 'accessibility' | 'privacy' | 'copyright';

/** A fixed page's rich-text sections in their order (`webeditor/getlist/{page}`). */
export async function editorSections(language: WireLanguage, key: EditorPageKey): Promise<Row[]> {
  const page = sections.editorPages.find((p) => p.key === key);
  if (!page) throw new Error(`No editor page ${key} in lib/content/sections.ts`);
  return allPublicRows(resources.webeditor, language, { page: page.value });
}

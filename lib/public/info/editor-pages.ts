import { resources } from '../../content/model/registry';
import type { RowOf } from '../../content/model/rows';
import { sections } from '../../content/model/sections';
import type { WireLanguage } from '../../i18n/languages';
import { allPublic } from '../lists';

/** The fixed pages built from page sections (webeditor) that this part of the site shows. */
export type EditorPageKey = 'research' | 'accessibility' | 'privacy' | 'copyright';

/** A fixed page's rich-text sections in their order (`webeditor/getlist/{page}`). */
export async function editorSections(
  language: WireLanguage,
  key: EditorPageKey,
): Promise<RowOf<typeof resources.webeditor>[]> {
  const page = sections.editorPages.find((p) => p.key === key);
  if (!page) throw new Error(`No editor page ${key} in lib/content/model/sections.ts`);
  return allPublic(resources.webeditor, language, undefined, { page: page.value });
}

import type { WireLanguage } from '@/lib/i18n/languages';
import type { resources } from '@/lib/content/model/registry';
import type { RowOf } from '@/lib/content/model/rows';
import { EmptyState } from '../EmptyState';
import { RichText } from '../RichText';
import { TitledSection } from './TitledSection';

interface Props {
  language: WireLanguage;
  sections: RowOf<typeof resources.webeditor>[];
  emptyMessage: string;
}

/** A fixed page made of page sections (webeditor): each section's title and rich text, `#item-{id}` for links to it. */
export function EditorSections({ language, sections, emptyMessage }: Props) {
  if (sections.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <>
      {sections.map((section) => (
        <TitledSection key={section.id} id={`item-${section.id}`} title={section.title ?? ''}>
          <RichText language={language} html={section.content} />
        </TitledSection>
      ))}
    </>
  );
}

import type { Locale } from '@/lib/i18n/languages';
import type { Row } from '@/lib/content/repository';
import { EmptyState } from '../EmptyState';
import { RichText } from '../RichText';

interface Props {
  locale: Locale;
  sections: Row[];
  emptyMessage: string;
}

/** A fixed page made of page sections (webeditor): each section's title and rich text, `#item-{id}` for links to it. */
export function EditorSections({ locale, sections, emptyMessage }: Props) {
  if (sections.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <>
      {sections.map((section) => (
        <section key={section.id as number} id={`item-${section.id}`} aria-labelledby={`item-${section.id}-title`}>
          <h2 id={`item-${section.id}-title`} className="section-title">
            {String(section.title)}
          </h2>
          <RichText locale={locale} html={section.content as string} />
        </section>
      ))}
    </>
  );
}

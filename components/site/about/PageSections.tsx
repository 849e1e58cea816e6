import type { WireLanguage } from '@/lib/i18n/languages';
import type { PageSection } from '@/lib/public/about/page-sections';
import { RichText } from '../RichText';

/** The rich-text sections of a fixed page, each under its own heading, in order (`#item-{id}`). */
export function PageSections({ language, sections }: { language: WireLanguage; sections: PageSection[] }) {
  return sections.map((section) => (
    <section key={section.id} id={`item-${section.id}`} aria-labelledby={`item-${section.id}-title`}>
      <h2 id={`item-${section.id}-title`} className="section-title">
        {section.title}
      </h2>
      <RichText language={language} html={section.content} />
    </section>
  ));
}

import type { ReactNode } from 'react';
import type { WireLanguage } from '@/lib/i18n/languages';
import { Attachments } from '../Attachments';
import { ItemImage } from '../ItemImage';
import { RichText } from '../RichText';
import { ExternalLink } from '../services/ExternalLink';
import { translationsIn } from '@/lib/i18n/params';

interface Props {
  language: WireLanguage;
  /** The row's title: the image's text alternative when its upload has none of its own. */
  title: string;
  image?: unknown;
  /** Facts above the text (dates, type), usually a definition list. */
  meta?: ReactNode;
  html?: string | null;
  /** An external address that belongs to the item. */
  link?: string | null;
  linkLabel?: string;
  files?: unknown;
  back: { href: string; label: string };
}

/**
 * The body of a detail page (education, statistics, tests, zone items): image, facts, text, link, attachments, way
 * back.
 */
export async function DetailArticle({ language, title, image, meta, html, link, linkLabel, files, back }: Props) {
  const t = await translationsIn(language, 'services');
  return (
    <article>
      {meta}
      <ItemImage src={image} alt={title} language={language} className="detail-image" priority />
      <RichText language={language} html={html} />
      {link && (
        <p>
          {linkLabel && <span>{linkLabel}: </span>}
          <ExternalLink href={link} note={t('opensExternal')}>
            {link}
          </ExternalLink>
        </p>
      )}
      <Attachments language={language} files={files} />
      <p>
        <a href={back.href} className="back-link">
          {back.label}
        </a>
      </p>
    </article>
  );
}

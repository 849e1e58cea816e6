import type { WireLanguage } from '@/lib/i18n/languages';
import { publicImage } from '@/lib/public/attachments';
import { responsiveImages, scrollableTables } from '@/lib/public/rich-text';
import { COLUMN_SIZES } from './ItemImage';
import styles from './RichText.module.css';
import { translationsIn } from '@/lib/i18n/params';

interface Props {
  language: WireLanguage;
  /** Stored rich text: sanitised when it was written (lib/security/sanitize.ts), so shown as it is. */
  html: string | null | undefined;
  className?: string;
}

/**
 * Rich text in the `.prose` typography; wide tables scroll sideways on phones (keyboard too);
 * uploaded images come in the sizes and formats the screen needs.
 */
export async function RichText({ language, html, className }: Props) {
  if (!html || !html.trim()) return null;
  const t = await translationsIn(language, 'site.kit');
  const shown = await responsiveImages(html, publicImage, COLUMN_SIZES);
  return (
    <div
      className={className ? `prose ${styles.prose} ${className}` : `prose ${styles.prose}`}
      dangerouslySetInnerHTML={{ __html: scrollableTables(shown, t('tableScroll')) }}
    />
  );
}

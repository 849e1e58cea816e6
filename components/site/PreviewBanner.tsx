import { previewGrant } from '@/lib/cache/preview-scope';
import type { WireLanguage } from '@/lib/i18n/languages';
import styles from './PreviewBanner.module.css';
import { translationsIn } from '@/lib/i18n/params';

/**
 * Says that the page is a draft preview (lib/server/preview.ts), which may show what visitors cannot
 * see yet, and keeps search engines from indexing it (React puts the meta element in the head).
 */
export async function PreviewBanner({ language }: { language: WireLanguage }) {
  if (!previewGrant()) return null;
  const t = await translationsIn(language, 'site.preview');
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <p className={styles.banner} role="status">
        <strong>{t('label')}</strong> {t('text')}
      </p>
    </>
  );
}

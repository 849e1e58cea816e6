import { getTranslations } from 'next-intl/server';
import { previewGrant } from '@/lib/cache/preview-scope';
import type { Locale } from '@/lib/i18n/languages';
import styles from './PreviewBanner.module.css';

/**
 * Says that the page is a draft preview (lib/server/preview.ts), which may show what visitors cannot
 * see yet, and keeps search engines from indexing it (React puts the meta element in the head).
 */
export async function PreviewBanner({ locale }: { locale: Locale }) {
  if (!previewGrant()) return null;
  const t = await getTranslations({ locale, namespace: 'site.preview' });
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <p className={styles.banner} role="status">
        <strong>{t('label')}</strong> {t('text')}
      </p>
    </>
  );
}

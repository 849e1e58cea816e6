import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/languages';

/**
 * 「會員限定」 / "Members only" before a list item's title: a row for members only
 * (lib/content/model/audience.ts), which only a signed-in Member is shown.
 */
export async function MembersOnlyMark({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'site' });
  return (
    <>
      <span className="badge">{t('membersOnly')}</span>{' '}
    </>
  );
}

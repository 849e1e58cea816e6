import type { WireLanguage } from '@/lib/i18n/languages';
import { translationsIn } from '@/lib/i18n/params';

/**
 * 「會員限定」 / "Members only" before a list item's title: a row for members only
 * (lib/content/model/audience.ts), which only a signed-in Member is shown.
 */
export async function MembersOnlyMark({ language }: { language: WireLanguage }) {
  const t = await translationsIn(language, 'site');
  return (
    <>
      <span className="badge">{t('membersOnly')}</span>{' '}
    </>
  );
}

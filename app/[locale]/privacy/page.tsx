import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EditorPage } from '@/components/site/info/EditorPage';
import { localeOf } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/privacy'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'accessibility.privacy' });
  return routePageMetadata(locale, 'privacy', t('description'));
}

export default async function PrivacyPage({ params }: PageProps<'/[locale]/privacy'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'accessibility.privacy' });
  return <EditorPage locale={locale} route="privacy" page="privacy" emptyMessage={t('empty')} />;
}

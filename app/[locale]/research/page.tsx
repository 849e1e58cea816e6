import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EditorPage } from '@/components/site/info/EditorPage';
import { localeOf } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/research'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'info.research' });
  return routePageMetadata(locale, 'research', t('description'));
}

export default async function ResearchPage({ params }: PageProps<'/[locale]/research'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'info.research' });
  return <EditorPage locale={locale} route="research" page="research" emptyMessage={t('empty')} />;
}

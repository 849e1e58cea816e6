import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EditorPage } from '@/components/site/info/EditorPage';
import { localeOf } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/copyright'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'accessibility.copyright' });
  return routePageMetadata(locale, 'copyright', t('description'));
}

export default async function CopyrightPage({ params }: PageProps<'/[locale]/copyright'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'accessibility.copyright' });
  return <EditorPage locale={locale} route="copyright" page="copyright" emptyMessage={t('empty')} />;
}

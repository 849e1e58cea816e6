import { getTranslations } from 'next-intl/server';
import { PageSections } from '@/components/site/about/PageSections';
import { EmptyState } from '@/components/site/EmptyState';
import { PublicPage } from '@/components/site/PublicPage';
import { toWireLanguage } from '@/lib/i18n/languages';
import { localeOf, openPage } from '@/lib/i18n/params';
import { pageSections } from '@/lib/public/about/page-sections';
import { routePageMetadata } from '@/lib/public/info/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/about'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'about' });
  return routePageMetadata(locale, 'aboutIntro', t('introDescription'));
}

/** The association's introduction: the sections of the `about` page, in order. */
export default async function AboutPage({ params }: PageProps<'/[locale]/about'>) {
  const { locale } = await openPage(params);
  const [t, sections] = await Promise.all([
    getTranslations({ locale, namespace: 'about' }),
    pageSections(toWireLanguage(locale), 'about'),
  ]);
  return (
    <PublicPage locale={locale} route="aboutIntro">
      {sections.length ? (
        <PageSections locale={locale} sections={sections} />
      ) : (
        <EmptyState message={t('noSections')} />
      )}
    </PublicPage>
  );
}

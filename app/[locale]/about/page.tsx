import { PageSections } from '@/components/site/about/PageSections';
import { EmptyState } from '@/components/site/EmptyState';
import { PublicPage } from '@/components/site/PublicPage';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { pageSections } from '@/lib/public/about/page-sections';
import { routePageMetadata } from '@/lib/public/info/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/about'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'about');
  return routePageMetadata(language, 'aboutIntro', t('introDescription'));
}

/** The association's introduction: the sections of the `about` page, in order. */
export default async function AboutPage({ params }: PageProps<'/[locale]/about'>) {
  const { language } = await openPage(params);
  const [t, sections] = await Promise.all([translationsIn(language, 'about'), pageSections(language, 'about')]);
  return (
    <PublicPage language={language} route="aboutIntro">
      {sections.length ? (
        <PageSections language={language} sections={sections} />
      ) : (
        <EmptyState message={t('noSections')} />
      )}
    </PublicPage>
  );
}

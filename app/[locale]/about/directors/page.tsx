import { PeopleGroups } from '@/components/site/about/PeopleGroups';
import { PublicPage } from '@/components/site/PublicPage';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { boards } from '@/lib/public/about/people';
import { routePageMetadata } from '@/lib/public/info/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/about/directors'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'about');
  return routePageMetadata(language, 'directors', t('directorsDescription'));
}

/** Both boards (理事會, 監事會), each with its last-updated date and its people in order. */
export default async function DirectorsPage({ params }: PageProps<'/[locale]/about/directors'>) {
  const { language } = await openPage(params);
  const groups = await boards(language);
  return (
    <PublicPage language={language} route="directors">
      <PeopleGroups language={language} groups={groups} />
    </PublicPage>
  );
}

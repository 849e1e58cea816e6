import { LinkDirectory } from '@/components/site/services/LinkDirectory';
import { EmptyState } from '@/components/site/EmptyState';
import { PublicPage } from '@/components/site/PublicPage';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { linkDirectory } from '@/lib/public/services/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/links'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'services.links');
  return routePageMetadata(language, 'links', t('description'));
}

export default async function LinksPage({ params }: PageProps<'/[locale]/links'>) {
  const { language, t } = await openPage(params, 'services.links');
  const groups = await linkDirectory(language);
  return (
    <PublicPage language={language} route="links">
      {groups.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <LinkDirectory language={language} groups={groups} />
      )}
    </PublicPage>
  );
}

import { SystemsDirectory } from '@/components/site/services/SystemsDirectory';
import { EmptyState } from '@/components/site/EmptyState';
import { PublicPage } from '@/components/site/PublicPage';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { systemsDirectory } from '@/lib/public/services/systems';

export async function generateMetadata({ params }: PageProps<'/[locale]/systems'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'services.systems');
  return routePageMetadata(language, 'systems', t('description'));
}

export default async function SystemsPage({ params }: PageProps<'/[locale]/systems'>) {
  const { language, t } = await openPage(params, 'services.systems');
  const owners = await systemsDirectory(language);
  return (
    <PublicPage language={language} route="systems">
      {owners.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <SystemsDirectory language={language} owners={owners} />
      )}
    </PublicPage>
  );
}

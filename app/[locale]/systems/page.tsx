import { getTranslations } from 'next-intl/server';
import { SystemsDirectory } from '@/components/site/services/SystemsDirectory';
import { EmptyState } from '@/components/site/EmptyState';
import { PublicPage } from '@/components/site/PublicPage';
import { toWireLanguage } from '@/lib/i18n/languages';
import { localeOf, openPage } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { systemsDirectory } from '@/lib/public/services/systems';

export async function generateMetadata({ params }: PageProps<'/[locale]/systems'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'services.systems' });
  return routePageMetadata(locale, 'systems', t('description'));
}

export default async function SystemsPage({ params }: PageProps<'/[locale]/systems'>) {
  const { locale, t } = await openPage(params, 'services.systems');
  const owners = await systemsDirectory(toWireLanguage(locale));
  return (
    <PublicPage locale={locale} route="systems">
      {owners.length === 0 ? <EmptyState message={t('empty')} /> : <SystemsDirectory locale={locale} owners={owners} />}
    </PublicPage>
  );
}

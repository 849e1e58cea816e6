import { getTranslations } from 'next-intl/server';
import { LinkDirectory } from '@/components/site/services/LinkDirectory';
import { EmptyState } from '@/components/site/EmptyState';
import { PublicPage } from '@/components/site/PublicPage';
import { toWireLanguage } from '@/lib/i18n/languages';
import { localeOf, openPage } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { linkDirectory } from '@/lib/public/services/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/links'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'services.links' });
  return routePageMetadata(locale, 'links', t('description'));
}

export default async function LinksPage({ params }: PageProps<'/[locale]/links'>) {
  const { locale, t } = await openPage(params, 'services.links');
  const groups = await linkDirectory(toWireLanguage(locale));
  return (
    <PublicPage locale={locale} route="links">
      {groups.length === 0 ? <EmptyState message={t('empty')} /> : <LinkDirectory locale={locale} groups={groups} />}
    </PublicPage>
  );
}

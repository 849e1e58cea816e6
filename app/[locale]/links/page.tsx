import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LinkDirectory } from '@/components/site/services/LinkDirectory';
import { EmptyState } from '@/components/site/EmptyState';
import { PublicPage } from '@/components/site/PublicPage';
import { toWireLanguage } from '@/lib/i18n/languages';
import { localeOf } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { linkDirectory } from '@/lib/public/services/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/links'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'services.links' });
  return routePageMetadata(locale, 'links', t('description'));
}

export default async function LinksPage({ params }: PageProps<'/[locale]/links'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'services.links' });
  const groups = await linkDirectory(toWireLanguage(locale));
  return (
    <PublicPage locale={locale} route="links">
      {groups.length === 0 ? <EmptyState message={t('empty')} /> : <LinkDirectory locale={locale} groups={groups} />}
    </PublicPage>
  );
}

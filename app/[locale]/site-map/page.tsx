import { getTranslations } from 'next-intl/server';
import { AccesskeyTable } from '@/components/site/accessibility/AccesskeyTable';
import { SiteMapTree } from '@/components/site/accessibility/SiteMapTree';
import { PublicPage } from '@/components/site/PublicPage';
import { localeOf, openPage } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { routeHref } from '@/lib/public/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/site-map'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'accessibility.siteMap' });
  return routePageMetadata(locale, 'siteMap', t('description'));
}

export default async function SiteMapPage({ params }: PageProps<'/[locale]/site-map'>) {
  const { locale, t } = await openPage(params, 'accessibility.siteMap');
  return (
    <PublicPage locale={locale} route="siteMap">
      <p>{t('intro')}</p>
      <AccesskeyTable locale={locale} />
      <p>
        <a href={routeHref(locale, 'accesskeys')}>{t('accesskeysLink')}</a>
      </p>
      <SiteMapTree locale={locale} label={t('treeLabel')} />
    </PublicPage>
  );
}

import { AccesskeyTable } from '@/components/site/accessibility/AccesskeyTable';
import { SiteMapTree } from '@/components/site/accessibility/SiteMapTree';
import { PublicPage } from '@/components/site/PublicPage';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { routeHref } from '@/lib/public/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/site-map'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'accessibility.siteMap');
  return routePageMetadata(language, 'siteMap', t('description'));
}

export default async function SiteMapPage({ params }: PageProps<'/[locale]/site-map'>) {
  const { language, t } = await openPage(params, 'accessibility.siteMap');
  return (
    <PublicPage language={language} route="siteMap">
      <p>{t('intro')}</p>
      <AccesskeyTable language={language} />
      <p>
        <a href={routeHref(language, 'accesskeys')}>{t('accesskeysLink')}</a>
      </p>
      <SiteMapTree language={language} label={t('treeLabel')} />
    </PublicPage>
  );
}

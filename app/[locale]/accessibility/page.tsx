import { getTranslations } from 'next-intl/server';
import { EditorPage } from '@/components/site/info/EditorPage';
import { localeOf, openPage } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { routeHref } from '@/lib/public/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/accessibility'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'accessibility.statement' });
  return routePageMetadata(locale, 'accessibility', t('description'));
}

export default async function AccessibilityPage({ params }: PageProps<'/[locale]/accessibility'>) {
  const { locale, t } = await openPage(params, 'accessibility.statement');
  const routes = await getTranslations({ locale, namespace: 'site.routes' });
  return (
    <EditorPage locale={locale} route="accessibility" page="accessibility" emptyMessage={t('empty')}>
      <nav aria-labelledby="accessibility-more">
        <h2 id="accessibility-more" className="section-title">
          {t('more')}
        </h2>
        <ul>
          {(['accesskeys', 'siteMap'] as const).map((id) => (
            <li key={id}>
              <a href={routeHref(locale, id)}>{routes(id)}</a>
            </li>
          ))}
        </ul>
      </nav>
    </EditorPage>
  );
}

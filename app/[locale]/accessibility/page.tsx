import { EditorPage } from '@/components/site/info/EditorPage';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { routeHref } from '@/lib/public/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/accessibility'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'accessibility.statement');
  return routePageMetadata(language, 'accessibility', t('description'));
}

export default async function AccessibilityPage({ params }: PageProps<'/[locale]/accessibility'>) {
  const { language, t } = await openPage(params, 'accessibility.statement');
  const routes = await translationsIn(language, 'site.routes');
  return (
    <EditorPage language={language} route="accessibility" page="accessibility" emptyMessage={t('empty')}>
      <nav aria-labelledby="accessibility-more">
        <h2 id="accessibility-more" className="section-title">
          {t('more')}
        </h2>
        <ul>
          {(['accesskeys', 'siteMap'] as const).map((id) => (
            <li key={id}>
              <a href={routeHref(language, id)}>{routes(id)}</a>
            </li>
          ))}
        </ul>
      </nav>
    </EditorPage>
  );
}

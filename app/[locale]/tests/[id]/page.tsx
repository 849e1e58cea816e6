import { cache } from 'react';
import { DetailArticle } from '@/components/site/info/DetailArticle';
import { TestFacts } from '@/components/site/info/TestFacts';
import { PublicPage } from '@/components/site/PublicPage';
import { resources } from '@/lib/content/model/registry';
import { type WireLanguage } from '@/lib/i18n/languages';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { publicRowOr404 } from '@/lib/public/detail';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowPath } from '@/lib/public/row-links';
import { routeHref } from '@/lib/public/links';
import { itemPath } from '@/lib/public/routes';

const item = cache((language: WireLanguage, id: string) =>
  publicRowOr404(resources.webtrusttest, language, id, (rowId) => itemPath('tests', rowId)),
);

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/tests/[id]'>) => {
  const language = await languageOf(params);
  const row = await item(language, (await params).id);
  return detailPageMetadata(language, resources.webtrusttest, row, { title: row.title ?? '' });
});

export default async function TestPage({ params }: PageProps<'/[locale]/tests/[id]'>) {
  const { language } = await openPage(params);
  const row = await item(language, (await params).id);
  const t = await translationsIn(language, 'info');
  const routes = await translationsIn(language, 'site.routes');
  const title = row.title ?? '';
  return (
    <PublicPage
      language={language}
      route="tests"
      title={title}
      below={[{ label: title, path: publicRowPath('webtrusttest', row)! }]}
    >
      <DetailArticle
        language={language}
        title={title}
        meta={<TestFacts language={language} row={row} />}
        html={row.content}
        files={row.files}
        back={{ href: routeHref(language, 'tests'), label: t('backToList', { list: routes('tests') }) }}
      />
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}

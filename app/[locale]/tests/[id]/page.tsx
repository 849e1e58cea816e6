import { cache } from 'react';
import { getTranslations } from 'next-intl/server';
import { DetailArticle } from '@/components/site/info/DetailArticle';
import { TestFacts } from '@/components/site/info/TestFacts';
import { PublicPage } from '@/components/site/PublicPage';
import { resources } from '@/lib/content/model/registry';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { localeOf, openPage } from '@/lib/i18n/params';
import { publicRowOr404 } from '@/lib/public/detail';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowPath } from '@/lib/public/row-links';
import { routeHref } from '@/lib/public/links';
import { itemPath } from '@/lib/public/routes';

const item = cache((locale: Locale, id: string) =>
  publicRowOr404(resources.webtrusttest, toWireLanguage(locale), id, (rowId) => itemPath('tests', rowId)),
);

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/tests/[id]'>) => {
  const locale = await localeOf(params);
  const row = await item(locale, (await params).id);
  return detailPageMetadata(locale, resources.webtrusttest, row, { title: row.title ?? '' });
});

export default async function TestPage({ params }: PageProps<'/[locale]/tests/[id]'>) {
  const { locale } = await openPage(params);
  const row = await item(locale, (await params).id);
  const t = await getTranslations({ locale, namespace: 'info' });
  const routes = await getTranslations({ locale, namespace: 'site.routes' });
  const title = row.title ?? '';
  return (
    <PublicPage
      locale={locale}
      route="tests"
      title={title}
      below={[{ label: title, path: publicRowPath('webtrusttest', row)! }]}
    >
      <DetailArticle
        locale={locale}
        title={title}
        meta={<TestFacts locale={locale} row={row} />}
        html={row.content}
        files={row.files}
        back={{ href: routeHref(locale, 'tests'), label: t('backToList', { list: routes('tests') }) }}
      />
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}

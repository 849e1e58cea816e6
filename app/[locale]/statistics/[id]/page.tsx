import { cache } from 'react';
import { getTranslations } from 'next-intl/server';
import { DetailArticle } from '@/components/site/info/DetailArticle';
import { PublicPage } from '@/components/site/PublicPage';
import { isMembersOnly } from '@/lib/content/model/audience';
import { resources } from '@/lib/content/model/registry';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { localeOf, openPage } from '@/lib/i18n/params';
import { publicRowOr404 } from '@/lib/public/detail';
import { sectionOptions } from '@/lib/public/info/lists';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowPath } from '@/lib/public/row-links';
import { routeHref } from '@/lib/public/links';
import { itemPath } from '@/lib/public/routes';

const item = cache((locale: Locale, id: string) =>
  publicRowOr404(resources.webstatics, toWireLanguage(locale), id, (rowId) => itemPath('statistics', rowId)),
);

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/statistics/[id]'>) => {
  const locale = await localeOf(params);
  const row = await item(locale, (await params).id);
  return detailPageMetadata(locale, resources.webstatics, row, { title: row.title ?? '' });
});

export default async function StatisticsItemPage({ params }: PageProps<'/[locale]/statistics/[id]'>) {
  const { locale } = await openPage(params);
  const row = await item(locale, (await params).id);
  const t = await getTranslations({ locale, namespace: 'info' });
  const routes = await getTranslations({ locale, namespace: 'site.routes' });
  const type = sectionOptions('staticsTypes', toWireLanguage(locale)).find(
    (option) => option.value === row.staticsType,
  );
  const title = row.title ?? '';
  return (
    <PublicPage
      locale={locale}
      route="statistics"
      title={title}
      below={[{ label: title, path: publicRowPath('webstatics', row)! }]}
      membersOnly={isMembersOnly(row)}
    >
      <DetailArticle
        locale={locale}
        title={title}
        meta={
          <dl className="definition-list">
            <dt>{t('statistics.type')}</dt>
            <dd>{type?.label}</dd>
            <dt>{t('statistics.year')}</dt>
            <dd>{row.year ?? ''}</dd>
            {row.period ? (
              <>
                <dt>{t('statistics.period')}</dt>
                <dd>{row.period ?? ''}</dd>
              </>
            ) : null}
          </dl>
        }
        html={row.content}
        files={row.files}
        back={{
          href: routeHref(locale, 'statistics', { type: type?.value }),
          label: t('backToList', { list: routes('statistics') }),
        }}
      />
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}

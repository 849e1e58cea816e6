import { cache } from 'react';
import { DetailArticle } from '@/components/site/info/DetailArticle';
import { PublicPage } from '@/components/site/PublicPage';
import { isMembersOnly } from '@/lib/content/model/audience';
import { resources } from '@/lib/content/model/registry';
import { type WireLanguage } from '@/lib/i18n/languages';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { publicRowOr404 } from '@/lib/public/detail';
import { sectionOptions } from '@/lib/public/info/lists';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowPath } from '@/lib/public/row-links';
import { routeHref } from '@/lib/public/links';
import { itemPath } from '@/lib/public/routes';

const item = cache((language: WireLanguage, id: string) =>
  publicRowOr404(resources.webstatics, language, id, (rowId) => itemPath('statistics', rowId)),
);

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/statistics/[id]'>) => {
  const language = await languageOf(params);
  const row = await item(language, (await params).id);
  return detailPageMetadata(language, resources.webstatics, row, { title: row.title ?? '' });
});

export default async function StatisticsItemPage({ params }: PageProps<'/[locale]/statistics/[id]'>) {
  const { language } = await openPage(params);
  const row = await item(language, (await params).id);
  const t = await translationsIn(language, 'info');
  const routes = await translationsIn(language, 'site.routes');
  const type = sectionOptions('staticsTypes', language).find((option) => option.value === row.staticsType);
  const title = row.title ?? '';
  return (
    <PublicPage
      language={language}
      route="statistics"
      title={title}
      below={[{ label: title, path: publicRowPath('webstatics', row)! }]}
      membersOnly={isMembersOnly(row)}
    >
      <DetailArticle
        language={language}
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
          href: routeHref(language, 'statistics', { type: type?.value }),
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

import { cache } from 'react';
import { getTranslations } from 'next-intl/server';
import { DetailArticle } from '@/components/site/info/DetailArticle';
import { PublicPage } from '@/components/site/PublicPage';
import { isMembersOnly } from '@/lib/content/model/audience';
import { resources } from '@/lib/content/model/registry';
import { sections } from '@/lib/content/model/sections';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { localeOf, openPage } from '@/lib/i18n/params';
import { publicRowOr404 } from '@/lib/public/detail';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowPath } from '@/lib/public/row-links';
import { routeHref } from '@/lib/public/links';
import { itemPath } from '@/lib/public/routes';

const pathOf = (id: number) => itemPath('education', id);
const item = cache((locale: Locale, id: string) =>
  publicRowOr404(resources.webeducation, toWireLanguage(locale), id, pathOf),
);

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/education/[id]'>) => {
  const locale = await localeOf(params);
  const row = await item(locale, (await params).id);
  return detailPageMetadata(locale, resources.webeducation, row, { title: row.title ?? '', text: row.summary });
});

export default async function EducationItemPage({ params }: PageProps<'/[locale]/education/[id]'>) {
  const { locale } = await openPage(params);
  const row = await item(locale, (await params).id);
  const t = await getTranslations({ locale, namespace: 'info' });
  const routes = await getTranslations({ locale, namespace: 'site.routes' });
  const language = toWireLanguage(locale);
  const category = sections.educationCategories.find((c) => c.value === row.category);
  const title = row.title ?? '';
  return (
    <PublicPage
      locale={locale}
      route="education"
      title={title}
      below={[{ label: title, path: publicRowPath('webeducation', row)! }]}
      membersOnly={isMembersOnly(row)}
    >
      <DetailArticle
        locale={locale}
        title={title}
        image={row.image}
        meta={
          category && (
            <p className="detail-meta">
              <span className="tag">{category.label[language]}</span>
            </p>
          )
        }
        html={row.content}
        link={row.link}
        linkLabel={t('education.link')}
        files={row.files}
        back={{
          href: routeHref(locale, 'education', { type: category?.value }),
          label: t('backToList', { list: routes('education') }),
        }}
      />
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}

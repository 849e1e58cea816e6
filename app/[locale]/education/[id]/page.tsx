import { cache } from 'react';
import { DetailArticle } from '@/components/site/info/DetailArticle';
import { PublicPage } from '@/components/site/PublicPage';
import { isMembersOnly } from '@/lib/content/model/audience';
import { resources } from '@/lib/content/model/registry';
import { sections } from '@/lib/content/model/sections';
import { type WireLanguage } from '@/lib/i18n/languages';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { publicRowOr404 } from '@/lib/public/detail';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowPath } from '@/lib/public/row-links';
import { routeHref } from '@/lib/public/links';
import { itemPath } from '@/lib/public/routes';

const pathOf = (id: number) => itemPath('education', id);
const item = cache((language: WireLanguage, id: string) =>
  publicRowOr404(resources.webeducation, language, id, pathOf),
);

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/education/[id]'>) => {
  const language = await languageOf(params);
  const row = await item(language, (await params).id);
  return detailPageMetadata(language, resources.webeducation, row, { title: row.title ?? '', text: row.summary });
});

export default async function EducationItemPage({ params }: PageProps<'/[locale]/education/[id]'>) {
  const { language } = await openPage(params);
  const row = await item(language, (await params).id);
  const t = await translationsIn(language, 'info');
  const routes = await translationsIn(language, 'site.routes');
  const category = sections.educationCategories.find((c) => c.value === row.category);
  const title = row.title ?? '';
  return (
    <PublicPage
      language={language}
      route="education"
      title={title}
      below={[{ label: title, path: publicRowPath('webeducation', row)! }]}
      membersOnly={isMembersOnly(row)}
    >
      <DetailArticle
        language={language}
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
          href: routeHref(language, 'education', { type: category?.value }),
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

import { CategoryTabs } from '@/components/site/info/CategoryTabs';
import { ItemList } from '@/components/site/info/ItemList';
import styles from '@/components/site/info/info.module.css';
import { DateText } from '@/components/site/DateText';
import { MembersOnlyMark } from '@/components/site/MembersOnlyMark';
import { isMembersOnly } from '@/lib/content/model/audience';
import { EmptyState } from '@/components/site/EmptyState';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { educationPage } from '@/lib/public/info/education';
import { sectionOptions, sectionParam } from '@/lib/public/info/lists';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { pageParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/routing/site';
import { routeHref, rowHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language, query }: ListRequest) {
  const t = await translationsIn(language, 'info.education');
  const category = sectionParam('educationCategories', query.type);
  const label = sectionOptions('educationCategories', language).find((c) => c.value === category)?.label;
  return routePageMetadata(language, 'education', t('description'), { title: label, query: { type: category } });
}

async function EducationPage({ language, query }: ListRequest) {
  const t = await translationsIn(language, 'info');
  const data = await educationPage(language, {
    category: sectionParam('educationCategories', query.type),
    page: pageParam(query.page),
  });
  const path = routeHref(language, 'education');
  return (
    <PublicPage language={language} route="education">
      <CategoryTabs
        label={t('filterByCategory')}
        allLabel={t('allCategories')}
        tabs={data.categories.map((category) => ({
          ...category,
          extra: category.updatedAt && (
            <span className={styles.tabDate}>
              {t('updatedOn')} <DateText language={language} value={category.updatedAt} />
            </span>
          ),
        }))}
        current={data.category}
        href={(type) => withQuery(path, { type })}
      />
      {data.rows.length === 0 ? (
        <EmptyState message={t('education.empty')} />
      ) : (
        <ItemList
          entries={data.rows.map((row) => ({
            id: row.id,
            title: row.title ?? '',
            href: rowHref(language, 'webeducation', row),
            image: row.image,
            badge: isMembersOnly(row) && <MembersOnlyMark language={language} />,
            meta: (
              <p className="list-item__meta">
                <span className="tag">{data.categories.find((c) => c.value === row.category)?.label}</span>
              </p>
            ),
            summary: row.summary,
          }))}
        />
      )}
      <Pager
        language={language}
        page={data.page}
        total={data.total}
        pageSize={data.pageSize}
        href={(page) => withQuery(path, { type: data.category, page })}
      />
    </PublicPage>
  );
}

const page = listPage(metadata, EducationPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;

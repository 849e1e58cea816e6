import { CategoryTabs } from '@/components/site/info/CategoryTabs';
import { QaList } from '@/components/site/info/QaList';
import { EmptyState } from '@/components/site/EmptyState';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { sectionOptions, sectionParam } from '@/lib/public/info/lists';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { qaPage } from '@/lib/public/info/qa';
import { pageParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language, query }: ListRequest) {
  const t = await translationsIn(language, 'info.qa');
  const category = sectionParam('qaCategories', query.type);
  const label = sectionOptions('qaCategories', language).find((c) => c.value === category)?.label;
  return routePageMetadata(language, 'qa', t('description'), { title: label, query: { type: category } });
}

async function QaPage({ language, query }: ListRequest) {
  const t = await translationsIn(language, 'info');
  const data = await qaPage(language, {
    category: sectionParam('qaCategories', query.type),
    page: pageParam(query.page),
  });
  const path = routeHref(language, 'qa');
  return (
    <PublicPage language={language} route="qa">
      <CategoryTabs
        label={t('filterByCategory')}
        allLabel={t('allCategories')}
        tabs={data.categories}
        current={data.category}
        href={(type) => withQuery(path, { type })}
      />
      {data.rows.length === 0 ? (
        <EmptyState message={t('qa.empty')} />
      ) : (
        <QaList language={language} rows={data.rows} />
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

const page = listPage(metadata, QaPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;

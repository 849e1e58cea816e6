import { getTranslations } from 'next-intl/server';
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

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ locale, language, query }: ListRequest) {
  const t = await getTranslations({ locale, namespace: 'info.qa' });
  const category = sectionParam('qaCategories', query.type);
  const label = sectionOptions('qaCategories', language).find((c) => c.value === category)?.label;
  return routePageMetadata(locale, 'qa', t('description'), { title: label, query: { type: category } });
}

async function QaPage({ locale, language, query }: ListRequest) {
  const t = await getTranslations({ locale, namespace: 'info' });
  const data = await qaPage(language, {
    category: sectionParam('qaCategories', query.type),
    page: pageParam(query.page),
  });
  const path = routeHref(locale, 'qa');
  return (
    <PublicPage locale={locale} route="qa">
      <CategoryTabs
        label={t('filterByCategory')}
        allLabel={t('allCategories')}
        tabs={data.categories}
        current={data.category}
        href={(type) => withQuery(path, { type })}
      />
      {data.rows.length === 0 ? <EmptyState message={t('qa.empty')} /> : <QaList locale={locale} rows={data.rows} />}
      <Pager
        locale={locale}
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

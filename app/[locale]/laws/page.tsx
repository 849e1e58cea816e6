import { LawList } from '@/components/site/laws/LawList';
import { LawSearchForm } from '@/components/site/laws/LawSearchForm';
import { EmptyState } from '@/components/site/EmptyState';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { criteriaQuery, hasCriteria, lawCriteria, lawOptions, searchLaws } from '@/lib/public/laws/search';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { pageParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language }: ListRequest) {
  const t = await translationsIn(language, 'laws');
  return routePageMetadata(language, 'laws', t('lawsDescription'));
}

/** The law search (webrule/search): every law when there are no criteria, paged. */
async function LawsPage({ language, query }: ListRequest) {
  const [t, options] = await Promise.all([translationsIn(language, 'laws'), lawOptions(language)]);
  const criteria = lawCriteria(query, options);
  const results = await searchLaws(language, criteria, pageParam(query.page));
  const path = routeHref(language, 'laws');
  const searching = hasCriteria(criteria);
  return (
    <PublicPage language={language} route="laws">
      <LawSearchForm language={language} action={path} criteria={criteria} options={options} />
      <p className="meta" role="status">
        {searching ? t('results', { total: results.total }) : t('allLaws', { total: results.total })}
      </p>
      {results.items.length === 0 ? (
        <EmptyState message={t('noResults')}>{searching && <a href={path}>{t('showAll')}</a>}</EmptyState>
      ) : (
        <LawList language={language} laws={results.items} options={options} />
      )}
      <Pager
        language={language}
        page={results.page}
        total={results.total}
        pageSize={results.pageSize}
        href={(page) => withQuery(path, { ...criteriaQuery(criteria), page: page > 1 ? page : undefined })}
      />
    </PublicPage>
  );
}

const page = listPage(metadata, LawsPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;

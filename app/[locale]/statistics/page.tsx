import { Fragment } from 'react';
import { MembersOnlyMark } from '@/components/site/MembersOnlyMark';
import { isMembersOnly } from '@/lib/content/model/audience';
import { DataTable } from '@/components/site/info/DataTable';
import { EmptyState } from '@/components/site/EmptyState';
import { FilterForm, FilterSelect } from '@/components/site/FilterForm';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { sectionOptions, sectionParam } from '@/lib/public/info/lists';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { statisticsPage, yearParam } from '@/lib/public/info/statistics';
import { pageParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/routing/site';
import { routeHref, rowHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language, query }: ListRequest) {
  const t = await translationsIn(language, 'info.statistics');
  const type = sectionParam('staticsTypes', query.type);
  const label = sectionOptions('staticsTypes', language).find((c) => c.value === type)?.label;
  return routePageMetadata(language, 'statistics', t('description'), { title: label, query: { type } });
}

async function StatisticsPage({ language, query }: ListRequest) {
  const t = await translationsIn(language, 'info.statistics');
  const data = await statisticsPage(language, {
    type: sectionParam('staticsTypes', query.type),
    year: yearParam(query.year),
    page: pageParam(query.page),
  });
  const path = routeHref(language, 'statistics');
  const typeLabel = (value: unknown) => data.types.find((type) => type.value === value)?.label ?? '';
  return (
    <PublicPage language={language} route="statistics">
      <FilterForm
        language={language}
        action={path}
        label={t('filterLabel')}
        resetHref={data.type !== undefined || data.year !== undefined ? path : undefined}
      >
        <FilterSelect name="type" label={t('type')} value={data.type} allLabel={t('allTypes')} options={data.types} />
        <FilterSelect
          name="year"
          label={t('year')}
          value={data.year}
          allLabel={t('allYears')}
          options={data.years.map((year) => ({ value: year, label: t('yearValue', { year }) }))}
        />
      </FilterForm>
      {data.rows.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <DataTable
          label={t('tableLabel')}
          columns={[t('title'), t('type'), t('year'), t('period')]}
          rows={data.rows.map((row) => ({
            key: row.id,
            id: `item-${row.id}`,
            cells: [
              <Fragment key="title">
                {isMembersOnly(row) && <MembersOnlyMark language={language} />}
                <a href={rowHref(language, 'webstatics', row)}>{row.title ?? ''}</a>
              </Fragment>,
              typeLabel(row.staticsType),
              row.year ?? '',
              row.period ?? '',
            ],
          }))}
        />
      )}
      <Pager
        language={language}
        page={data.page}
        total={data.total}
        pageSize={data.pageSize}
        href={(page) => withQuery(path, { type: data.type, year: data.year, page })}
      />
    </PublicPage>
  );
}

const page = listPage(metadata, StatisticsPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;

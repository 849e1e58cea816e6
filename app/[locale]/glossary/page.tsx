import { GlossaryIndex } from '@/components/site/info/GlossaryIndex';
import { DataTable } from '@/components/site/info/DataTable';
import { EmptyState } from '@/components/site/EmptyState';
import { FilterForm, FilterInput } from '@/components/site/FilterForm';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { glossaryPage, initialParam } from '@/lib/public/info/glossary';
import { textLang } from '@/lib/i18n/text-language';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { pageParam, searchParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language }: ListRequest) {
  const t = await translationsIn(language, 'info.glossary');
  return routePageMetadata(language, 'glossary', t('description'));
}

async function GlossaryPage({ language, query }: ListRequest) {
  const t = await translationsIn(language, 'info.glossary');
  const data = await glossaryPage({
    keyword: searchParam(query.q),
    initial: initialParam(query.initial),
    page: pageParam(query.page),
  });
  const path = routeHref(language, 'glossary');
  const filtered = data.keyword !== '' || data.initial !== undefined;
  return (
    <PublicPage language={language} route="glossary">
      <FilterForm
        language={language}
        action={path}
        label={t('searchLabel')}
        submitLabel={t('submit')}
        resetHref={filtered ? path : undefined}
        search
      >
        <FilterInput name="q" label={t('keyword')} value={data.keyword} hint={t('keywordHint')} />
      </FilterForm>
      <GlossaryIndex
        label={t('index')}
        allLabel={t('all')}
        otherLabel={t('otherLabel')}
        letterLabel={(initial) => t('initialLabel', { initial })}
        current={data.initial}
        href={(initial) => withQuery(path, { initial })}
      />
      <p role="status">
        {data.keyword
          ? t('resultsFor', { keyword: data.keyword, total: data.total })
          : t('results', { total: data.total })}
      </p>
      {data.rows.length === 0 ? (
        <EmptyState message={t('empty')}>
          <p>
            <a href={path}>{t('showAll')}</a>
          </p>
        </EmptyState>
      ) : (
        <DataTable
          label={t('tableLabel')}
          columns={[t('termTw'), t('termEn'), t('termDescription')]}
          rows={data.rows.map((row) => ({
            key: row.id,
            id: `item-${row.id}`,
            cells: [
              <span key="tw" lang="zh-Hant-TW">
                {row.termTw ?? ''}
              </span>,
              <span key="en" lang="en">
                {row.termEn ?? ''}
              </span>,
              <span key="description" lang={textLang(row.description ?? '')}>
                {row.description ?? ''}
              </span>,
            ],
          }))}
        />
      )}
      <Pager
        language={language}
        page={data.page}
        total={data.total}
        pageSize={data.pageSize}
        href={(page) => withQuery(path, { q: data.keyword, initial: data.initial, page })}
      />
    </PublicPage>
  );
}

const page = listPage(metadata, GlossaryPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;

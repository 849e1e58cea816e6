import { getTranslations } from 'next-intl/server';
import { findResource } from '@/lib/content/registry';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { route } from '@/lib/public/routes';
import { MAX_QUERY_LENGTH, searchSite } from '@/lib/public/site-search';
import { localePath, withQuery } from '@/lib/public/urls';
import { EmptyState } from './EmptyState';
import { FilterForm, FilterInput } from './FilterForm';
import { Pager } from './Pager';
import { PublicPage } from './PublicPage';

interface Props {
  locale: Locale;
  query: string;
  page: number;
}

/** The site-wide search page: a GET form, the number of hits, the hits as links, the pager. */
export async function SiteSearch({ locale, query, page }: Props) {
  const language = toWireLanguage(locale);
  const [t, results] = await Promise.all([getTranslations({ locale, namespace: 'site.search' }), searchSite(language, query, page)]);
  const action = localePath(locale, route('search').path);
  const label = (resource: string) => findResource(resource)?.label[language] ?? resource;
  return (
    <PublicPage locale={locale} route="search">
      <FilterForm locale={locale} action={action} label={t('formLabel')} submitLabel={t('submit')} search>
        <FilterInput name="q" label={t('keyword')} value={query} hint={t('hint')} maxLength={MAX_QUERY_LENGTH} idPrefix="search" />
      </FilterForm>
      {results.terms.length === 0 ? (
        <EmptyState message={t('prompt')} />
      ) : results.total === 0 ? (
        <EmptyState message={t('none', { query })} />
      ) : (
        <>
          <p role="status" className="meta">
            {t('summary', { total: results.total, query })}{' '}
            {results.counts.map((count) => `${label(count.resource)} ${count.total}`).join(t('separator'))}
          </p>
          <ol className="list" start={(results.page - 1) * results.pageSize + 1}>
            {results.hits.map((hit) => (
              <li key={`${hit.resource}-${hit.id}`} className="list-item">
                <h2 className="list-item__title">
                  <a href={localePath(locale, hit.path)}>{hit.title}</a>
                </h2>
                <p className="list-item__meta">
                  <span className="tag">{label(hit.resource)}</span>
                </p>
                {hit.snippet && <p className="list-item__summary">{hit.snippet}</p>}
              </li>
            ))}
          </ol>
        </>
      )}
      <Pager locale={locale} page={results.page} total={results.total} pageSize={results.pageSize} href={(n) => withQuery(action, { q: query, page: n > 1 ? n : undefined })} />
    </PublicPage>
  );
}

import { getTranslations } from 'next-intl/server';
import { findResource } from '@/lib/content/model/registry';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { MAX_QUERY_LENGTH, searchSite, type SearchGroup, type SearchHit } from '@/lib/public/site-search';
import { withQuery } from '@/lib/public/urls';
import { routeHref, pathHref } from '@/lib/public/links';
import { EmptyState } from './EmptyState';
import { FilterForm, FilterInput } from './FilterForm';
import { Pager } from './Pager';
import { PublicPage } from './PublicPage';

interface Props {
  locale: Locale;
  query: string;
  page: number;
}

/** The hits of a page in runs of one group each, with the number of the run's first hit. */
function runsOf(hits: SearchHit[], first: number): { route: SearchHit['route']; start: number; hits: SearchHit[] }[] {
  const runs: { route: SearchHit['route']; start: number; hits: SearchHit[] }[] = [];
  hits.forEach((hit, i) => {
    const last = runs.at(-1);
    if (last?.route === hit.route) last.hits.push(hit);
    else runs.push({ route: hit.route, start: first + i, hits: [hit] });
  });
  return runs;
}

/**
 * The site-wide search page: a GET form, the number of hits, each group's count linking to its
 * heading (on this results page, or on the page its hits start), the hits under the name of the
 * public page they belong to, the pager. Plain links and a form: it works without script.
 */
export async function SiteSearch({ locale, query, page }: Props) {
  const language = toWireLanguage(locale);
  const [t, tRoutes, results] = await Promise.all([
    getTranslations({ locale, namespace: 'site.search' }),
    getTranslations({ locale, namespace: 'site.routes' }),
    searchSite(language, query, page),
  ]);
  const action = routeHref(locale, 'search');
  const label = (resource: string) => findResource(resource)?.label[language] ?? resource;
  const anchor = (routeId: string) => `results-${routeId}`;
  const groupHref = (group: SearchGroup) =>
    group.firstPage <= results.page && results.page <= group.lastPage
      ? `#${anchor(group.route)}`
      : `${withQuery(action, { q: query, page: group.firstPage > 1 ? group.firstPage : undefined })}#${anchor(group.route)}`;
  return (
    <PublicPage locale={locale} route="search">
      <FilterForm locale={locale} action={action} label={t('formLabel')} submitLabel={t('submit')} search>
        <FilterInput
          name="q"
          label={t('keyword')}
          value={query}
          hint={t('hint')}
          maxLength={MAX_QUERY_LENGTH}
          idPrefix="search"
        />
      </FilterForm>
      {results.terms.length === 0 ? (
        <EmptyState message={t('prompt')} />
      ) : results.total === 0 ? (
        <EmptyState message={t('none', { query })} />
      ) : (
        <>
          <p role="status" className="meta">
            {t('summary', { total: results.total, query })}
          </p>
          <nav aria-label={t('groupsLabel')}>
            <ul className="search-groups">
              {results.groups.map((group) => (
                <li key={group.route}>
                  <a href={groupHref(group)}>{t('groupCount', { name: tRoutes(group.route), total: group.total })}</a>
                </li>
              ))}
            </ul>
          </nav>
          {runsOf(results.hits, (results.page - 1) * results.pageSize + 1).map((run) => (
            <section key={run.route} aria-labelledby={anchor(run.route)}>
              <h2 id={anchor(run.route)} className="search-group__title">
                {tRoutes(run.route)}
              </h2>
              <ol className="list" start={run.start}>
                {run.hits.map((hit) => (
                  <li key={`${hit.resource}-${hit.id}`} className="list-item">
                    <h3 className="list-item__title">
                      <a href={pathHref(locale, hit.path)}>{hit.title}</a>
                    </h3>
                    <p className="list-item__meta">
                      <span className="tag">{label(hit.resource)}</span>
                    </p>
                    {hit.snippet && <p className="list-item__summary">{hit.snippet}</p>}
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </>
      )}
      <Pager
        locale={locale}
        page={results.page}
        total={results.total}
        pageSize={results.pageSize}
        href={(n) => withQuery(action, { q: query, page: n > 1 ? n : undefined })}
      />
    </PublicPage>
  );
}

import { config } from '@/lib/config';
import { type WireLanguage } from '@/lib/i18n/languages';
import { MAX_QUERY_LENGTH, searchSite } from '@/lib/public/site-search';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { EmptyState } from './EmptyState';
import { FilterForm, FilterInput } from './FilterForm';
import { MembersOnlyMark } from './MembersOnlyMark';
import { Pager } from './Pager';
import { PublicPage } from './PublicPage';
import { translationsIn } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';

interface Props {
  language: WireLanguage;
  query: string;
  page: number;
  area?: string;
  year?: number;
}

/**
 * The site-wide search page: a GET form, the number of hits, filters by area and by year (links
 * with counts), one ranked list of hits each with its area, date and a snippet with the matched
 * words marked, "did you mean", the pager. Plain links and a form: it works without script.
 */
export async function SiteSearch({ language, query, page, area, year }: Props) {
  const [t, tRoutes, results] = await Promise.all([
    translationsIn(language, 'site.search'),
    translationsIn(language, 'site.routes'),
    searchSite(language, query, page, { area, year }),
  ]);
  const action = routeHref(language, 'search');
  const href = (change: { area?: string; year?: number; page?: number; q?: string }) =>
    withQuery(action, {
      q: change.q ?? query,
      area: 'area' in change ? change.area : area,
      year: 'year' in change ? change.year : year,
      page: change.page && change.page > 1 ? change.page : undefined,
    });
  const dateText = (iso: string) =>
    new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'zh-TW', {
      dateStyle: 'medium',
      timeZone: config().siteTimeZone,
    }).format(new Date(iso));
  return (
    <PublicPage language={language} route="search">
      <FilterForm language={language} action={action} label={t('formLabel')} submitLabel={t('submit')} search>
        <FilterInput
          name="q"
          label={t('keyword')}
          value={query}
          hint={t('hint')}
          maxLength={MAX_QUERY_LENGTH}
          idPrefix="search"
        />
      </FilterForm>
      {results.suggestion && (
        <p className="meta">
          {t('didYouMean')}{' '}
          <a href={href({ q: results.suggestion, area: undefined, year: undefined })}>{results.suggestion}</a>
        </p>
      )}
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
              <li>
                <a href={href({ area: undefined })} aria-current={!area ? 'true' : undefined}>
                  {t('allAreas')}
                </a>
              </li>
              {results.areas.map((entry) => (
                <li key={entry.area}>
                  <a href={href({ area: entry.area })} aria-current={area === entry.area ? 'true' : undefined}>
                    {t('groupCount', { name: tRoutes(entry.area), total: entry.count })}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label={t('yearsLabel')}>
            <ul className="search-groups">
              <li>
                <a href={href({ year: undefined })} aria-current={year === undefined ? 'true' : undefined}>
                  {t('allYears')}
                </a>
              </li>
              {results.years.map((entry) => (
                <li key={entry.year}>
                  <a href={href({ year: entry.year })} aria-current={year === entry.year ? 'true' : undefined}>
                    {t('yearCount', { year: entry.year, total: entry.count })}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <ol className="list" start={(results.page - 1) * results.pageSize + 1}>
            {results.hits.map((hit) => (
              <li key={`${hit.resource}-${hit.id}`} className="list-item">
                <h2 className="list-item__title">
                  {hit.membersOnly && <MembersOnlyMark language={language} />}
                  <a href={sitePath(language, hit.path)}>{hit.title}</a>
                </h2>
                <p className="list-item__meta">
                  <span className="tag">{tRoutes(hit.route)}</span>
                  {hit.date && <time dateTime={hit.date}> {dateText(hit.date)}</time>}
                </p>
                {hit.snippet.length > 0 && (
                  <p className="list-item__summary">
                    {hit.snippet.map((piece, i) => (piece.mark ? <mark key={i}>{piece.text}</mark> : piece.text))}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      <Pager
        language={language}
        page={results.page}
        total={results.total}
        pageSize={results.pageSize}
        href={(n) => href({ page: n })}
      />
    </PublicPage>
  );
}

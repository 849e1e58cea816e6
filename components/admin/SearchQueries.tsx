'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { searchQueryStatistics } from '@/lib/client/resources';
import { useAdminSession } from './AdminSession';
import { ExportButtons } from './ExportButtons';

const DAYS = 30;
const SHOWN = 10;

/** The dashboard's panels for Admins: the most searched queries of the last 30 days, and those that found nothing. */
export function SearchQueries() {
  return (
    <>
      <QueryTable zeroOnly={false} />
      <QueryTable zeroOnly />
    </>
  );
}

function QueryTable({ zeroOnly }: { zeroOnly: boolean }) {
  const t = useTranslations('admin.searchQueries');
  const loading = useTranslations('admin');
  const { language } = useAdminSession();
  const request = { days: DAYS, zeroOnly };
  const list = useSWR(['dashboard-search-queries', language, zeroOnly], () =>
    searchQueryStatistics({ ...request, limit: SHOWN }),
  );
  const id = zeroOnly ? 'dash-search-zero' : 'dash-search-top';
  const number = (value: number) => value.toLocaleString(language === 'tw' ? 'zh-TW' : 'en');
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t(zeroOnly ? 'zeroTitle' : 'title')}</h2>
      {list.data ? (
        list.data.data.length ? (
          <>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('query')}</th>
                  <th scope="col">{t('language')}</th>
                  <th scope="col">{t('count')}</th>
                  {zeroOnly ? null : <th scope="col">{t('results')}</th>}
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((row) => (
                  <tr key={`${row.lang} ${row.query}`}>
                    <th scope="row" lang={row.lang === 'tw' ? 'zh-Hant-TW' : 'en'}>
                      {row.query}
                    </th>
                    <td>{t(`languages.${row.lang}`)}</td>
                    <td>{number(row.count)}</td>
                    {zeroOnly ? null : <td>{number(row.results)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
            <ExportButtons path="search/queries/export" body={request} />
          </>
        ) : (
          <p>{t('none')}</p>
        )
      ) : (
        <p role="status">{list.error ? loading('loadFailed') : loading('loading')}</p>
      )}
    </section>
  );
}

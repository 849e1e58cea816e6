import { DateText } from '@/components/site/DateText';
import { PublicPage } from '@/components/site/PublicPage';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { routeHref } from '@/lib/public/links';
import { OPEN_DATA_LICENCE_URL, openDataIndex } from '@/lib/public/open-data';

export async function generateMetadata({ params }: PageProps<'/[locale]/open-data'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'site.openData');
  return routePageMetadata(language, 'openData', t('description'));
}

/** 開放資料 / Open data: the public datasets, their fields, update time and licence, as CSV and JSON. */
export default async function OpenDataPage({ params }: PageProps<'/[locale]/open-data'>) {
  const { language, t } = await openPage(params, 'site.openData');
  const datasets = await openDataIndex(language);
  const base = routeHref(language, 'openData');
  const licence = (
    <a href={OPEN_DATA_LICENCE_URL} hrefLang="zh-TW">
      {t('licenceName')}
    </a>
  );
  return (
    <PublicPage language={language} route="openData">
      <p>{t('intro')}</p>
      <p>
        {t('licence')} {licence} {t('licenceNote')}
      </p>
      {datasets.map((dataset) => (
        <section key={dataset.name} aria-labelledby={`dataset-${dataset.name}`}>
          <h2 id={`dataset-${dataset.name}`}>{dataset.label}</h2>
          <p>{t('datasetDescription', { name: dataset.label })}</p>
          <dl>
            <dt>{t('fields')}</dt>
            <dd>{dataset.columns.map((column) => column.label).join(language === 'tw' ? '、' : ', ')}</dd>
            <dt>{t('updated')}</dt>
            <dd>
              {dataset.updatedAt ? (
                <DateText language={language} value={dataset.updatedAt} style="datetime" />
              ) : (
                t('never')
              )}
            </dd>
            <dt>{t('licence')}</dt>
            <dd>{licence}</dd>
            <dt>{t('download')}</dt>
            <dd>
              <ul>
                <li>
                  <a href={`${base}/${dataset.name}.csv`} download>
                    {t('csv', { name: dataset.label })}
                  </a>
                </li>
                <li>
                  <a href={`${base}/${dataset.name}.json`} download>
                    {t('json', { name: dataset.label })}
                  </a>
                </li>
              </ul>
            </dd>
          </dl>
        </section>
      ))}
    </PublicPage>
  );
}

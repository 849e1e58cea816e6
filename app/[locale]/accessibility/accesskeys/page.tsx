import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccesskeyTable } from '@/components/site/accessibility/AccesskeyTable';
import { PublicPage } from '@/components/site/PublicPage';
import { localeOf } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { route } from '@/lib/public/routes';
import { localePath } from '@/lib/public/urls';

export async function generateMetadata({ params }: PageProps<'/[locale]/accessibility/accesskeys'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'accessibility.accesskeys' });
  return routePageMetadata(locale, 'accesskeys', t('description'));
}

/** Browsers and the modifier keys they use for access keys. */
const combinations = [
  ['chromeWindows', 'alt'],
  ['firefoxWindows', 'altShift'],
  ['chromeLinux', 'alt'],
  ['mac', 'controlOption'],
] as const;

export default async function AccesskeysPage({ params }: PageProps<'/[locale]/accessibility/accesskeys'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'accessibility.accesskeys' });
  return (
    <PublicPage locale={locale} route="accesskeys">
      <section aria-labelledby="marks">
        <h2 id="marks" className="section-title">
          {t('marksTitle')}
        </h2>
        <p>{t('marks')}</p>
      </section>
      <section aria-labelledby="keys">
        <h2 id="keys" className="section-title">
          {t('keysTitle')}
        </h2>
        <AccesskeyTable locale={locale} />
      </section>
      <section aria-labelledby="browsers">
        <h2 id="browsers" className="section-title">
          {t('browsersTitle')}
        </h2>
        <div className="table-scroll" role="region" tabIndex={0} aria-label={t('browsersLabel')}>
          <table className="data-table">
            <caption className="visually-hidden">{t('browsersLabel')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('browser')}</th>
                <th scope="col">{t('combination')}</th>
              </tr>
            </thead>
            <tbody>
              {combinations.map(([browser, combination]) => (
                <tr key={browser}>
                  <th scope="row">{t(`browsers.${browser}`)}</th>
                  <td>
                    <kbd>{t(`combinations.${combination}`)}</kbd>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="keyboard">
        <h2 id="keyboard" className="section-title">
          {t('moreTitle')}
        </h2>
        <ul>
          <li>{t('tab')}</li>
          <li>{t('skip')}</li>
          <li>{t('zoom')}</li>
          <li>
            <a href={localePath(locale, route('siteMap').path)}>{t('siteMapLink')}</a>
          </li>
        </ul>
      </section>
    </PublicPage>
  );
}

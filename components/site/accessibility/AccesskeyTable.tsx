import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/languages';

/** The access keys of the `:::` marks (U top, C content, Z footer, set by the site layout). */
export const accesskeys = ['U', 'C', 'Z'] as const;

/** The keys, the area each leads to and what is there, as a table. */
export async function AccesskeyTable({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'accessibility.accesskeys' });
  return (
    <div className="table-scroll" role="region" tabIndex={0} aria-label={t('keysLabel')}>
      <table className="data-table">
        <caption className="visually-hidden">{t('keysLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('key')}</th>
            <th scope="col">{t('area')}</th>
            <th scope="col">{t('purpose')}</th>
          </tr>
        </thead>
        <tbody>
          {accesskeys.map((key) => (
            <tr key={key}>
              <th scope="row">
                <kbd>{key}</kbd>
              </th>
              <td>{t(`keys.${key}.area`)}</td>
              <td>{t(`keys.${key}.purpose`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/languages';
import { registrationState, type TestRow } from '@/lib/public/info/tests';
import { DateText } from '../DateText';

/** A test session's exam date, registration period and where registration stands, as a definition list. */
export async function TestFacts({
  locale,
  row,
  className = 'definition-list',
}: {
  locale: Locale;
  row: TestRow;
  className?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'info.tests' });
  const opens = row.registrationStart;
  const closes = row.registrationEnd;
  return (
    <dl className={className}>
      <dt>{t('examDate')}</dt>
      <dd>{row.examDate ? <DateText locale={locale} value={row.examDate} /> : t('toBeAnnounced')}</dd>
      <dt>{t('registration')}</dt>
      <dd>
        {opens && closes
          ? t.rich('period', {
              from: () => <DateText locale={locale} value={opens} style="datetime" />,
              to: () => <DateText locale={locale} value={closes} style="datetime" />,
            })
          : t('toBeAnnounced')}
      </dd>
      <dt>{t('registrationStatus')}</dt>
      <dd>
        <span className="tag">{t(`state.${registrationState(row)}`)}</span>
      </dd>
    </dl>
  );
}

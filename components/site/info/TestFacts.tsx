import type { WireLanguage } from '@/lib/i18n/languages';
import { registrationState, type TestRow } from '@/lib/public/info/tests';
import { DateText } from '../DateText';
import { translationsIn } from '@/lib/i18n/params';

/** A test session's exam date, registration period and where registration stands, as a definition list. */
export async function TestFacts({
  language,
  row,
  className = 'definition-list',
}: {
  language: WireLanguage;
  row: TestRow;
  className?: string;
}) {
  const t = await translationsIn(language, 'info.tests');
  const opens = row.registrationStart;
  const closes = row.registrationEnd;
  return (
    <dl className={className}>
      <dt>{t('examDate')}</dt>
      <dd>{row.examDate ? <DateText language={language} value={row.examDate} /> : t('toBeAnnounced')}</dd>
      <dt>{t('registration')}</dt>
      <dd>
        {opens && closes
          ? t.rich('period', {
              from: () => <DateText language={language} value={opens} style="datetime" />,
              to: () => <DateText language={language} value={closes} style="datetime" />,
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

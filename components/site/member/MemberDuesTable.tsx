import { getTranslations } from 'next-intl/server';
import type { MemberDues } from '@/lib/content/operations/member-dues';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';
import { memberPaths } from '@/lib/routing/member';
import { MemberTable } from './MemberTable';
import styles from './member.module.css';

/** An amount of dues in the page's language (whole New Taiwan dollars). */
export const duesAmount = (locale: Locale, amount: number) =>
  new Intl.NumberFormat(locale === 'en' ? 'en' : 'zh-TW').format(amount);

/** The institution's dues, one row a year: amount, due and paid dates, state, and the receipt of a paid year. */
export async function MemberDuesTable({
  locale,
  institution,
  rows,
}: {
  locale: Locale;
  institution: string;
  rows: MemberDues[];
}) {
  const t = await getTranslations({ locale, namespace: 'memberInstitution.dues' });
  const language = toWireLanguage(locale);
  return (
    <MemberTable
      caption={t('caption', { institution })}
      columns={[t('year'), t('amount'), t('dueOn'), t('paidOn'), t('state'), t('receipt')]}
    >
      {rows.map((row) => (
        <tr key={row.year}>
          <th scope="row">{row.year}</th>
          <td>{t('money', { amount: duesAmount(locale, row.amount) })}</td>
          <td>{row.dueOn ?? ''}</td>
          <td>{row.paidOn ?? ''}</td>
          <td className={row.state === 'paid' ? styles.paid : row.state === 'overdue' ? styles.overdue : undefined}>
            {t(`states.${row.state}`)}
          </td>
          <td>
            {row.state === 'paid' ? (
              <a href={sitePath(language, memberPaths.receipt(row.year))}>{t('receiptLink', { year: row.year })}</a>
            ) : null}
          </td>
        </tr>
      ))}
    </MemberTable>
  );
}

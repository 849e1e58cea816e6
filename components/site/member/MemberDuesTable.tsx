import type { MemberDues } from '@/lib/content/operations/member-dues';
import { type WireLanguage } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';
import { memberPaths } from '@/lib/routing/member';
import { MemberTable } from './MemberTable';
import styles from './member.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** An amount of dues in the page's language (whole New Taiwan dollars). */
export const duesAmount = (language: WireLanguage, amount: number) =>
  new Intl.NumberFormat(language === 'en' ? 'en' : 'zh-TW').format(amount);

/** The institution's dues, one row a year: amount, due and paid dates, state, and the receipt of a paid year. */
export async function MemberDuesTable({
  language,
  institution,
  rows,
}: {
  language: WireLanguage;
  institution: string;
  rows: MemberDues[];
}) {
  const t = await translationsIn(language, 'memberInstitution.dues');
  return (
    <MemberTable
      caption={t('caption', { institution })}
      columns={[t('year'), t('amount'), t('dueOn'), t('paidOn'), t('state'), t('receipt')]}
    >
      {rows.map((row) => (
        <tr key={row.year}>
          <th scope="row">{row.year}</th>
          <td>{t('money', { amount: duesAmount(language, row.amount) })}</td>
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

import type { MemberDues } from '@/lib/content/operations/member-dues';
import { readWebInfo } from '@/lib/content/storage/settings';
import { type WireLanguage } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';
import { memberPaths } from '@/lib/routing/member';
import { duesAmount } from './MemberDuesTable';
import styles from './member.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** A paid year's receipt: who issued it (the association's name and address), to whom, for what, when. */
export async function MemberReceipt({
  language,
  receipt,
}: {
  language: WireLanguage;
  receipt: MemberDues & { institution: string };
}) {
  const t = await translationsIn(language, 'memberInstitution');
  const info = await readWebInfo(language, { includePrivate: false });
  const issuer = [info.associationName || info.siteName, info.address].filter(Boolean).join(', ');
  return (
    <>
      <p className={styles.printHint}>{t('receipt.print')}</p>
      <section className={styles.receipt} aria-labelledby="receipt-heading">
        <h2 id="receipt-heading">{t('receipt.heading')}</h2>
        <dl>
          <dt>{t('receipt.number')}</dt>
          <dd>{receipt.receiptNo ?? ''}</dd>
          <dt>{t('receipt.issuer')}</dt>
          <dd>{issuer}</dd>
          <dt>{t('receipt.receivedFrom')}</dt>
          <dd>{receipt.institution}</dd>
          <dt>{t('receipt.year')}</dt>
          <dd>{receipt.year}</dd>
          <dt>{t('receipt.amount')}</dt>
          <dd>{t('dues.money', { amount: duesAmount(language, receipt.amount) })}</dd>
          <dt>{t('receipt.paidOn')}</dt>
          <dd>{receipt.paidOn}</dd>
          {receipt.note ? (
            <>
              <dt>{t('receipt.note')}</dt>
              <dd>{receipt.note}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <p className={styles.printHint}>
        <a href={sitePath(language, memberPaths.dues)}>{t('receipt.back')}</a>
      </p>
    </>
  );
}

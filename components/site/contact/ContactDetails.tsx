import { Fragment } from 'react';
import { type WireLanguage } from '@/lib/i18n/languages';
import { siteInfo } from '@/lib/public/site';
import styles from './contact.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** The association's contact details from the web settings; fields left empty there are left out. */
export async function ContactDetails({ language }: { language: WireLanguage }) {
  const t = await translationsIn(language, 'contact');
  const site = await siteInfo(language);
  const entries = [
    { key: 'address', value: site.address },
    { key: 'phone', value: site.phone, href: `tel:${site.phone.replace(/[^\d+]/g, '')}` },
    { key: 'fax', value: site.fax },
    { key: 'email', value: site.email, href: `mailto:${site.email}` },
    { key: 'officeHours', value: site.officeHours },
  ] as const;
  return (
    <aside className={styles.details} aria-labelledby="contact-details">
      <h2 id="contact-details" className="section-title">
        {t('detailsTitle')}
      </h2>
      {site.associationName && <p>{site.associationName}</p>}
      <dl className="definition-list">
        {entries
          .filter((entry) => entry.value)
          .map((entry) => (
            <Fragment key={entry.key}>
              <dt>{t(entry.key)}</dt>
              <dd>{'href' in entry ? <a href={entry.href}>{entry.value}</a> : entry.value}</dd>
            </Fragment>
          ))}
      </dl>
    </aside>
  );
}

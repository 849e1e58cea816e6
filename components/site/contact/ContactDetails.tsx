import { Fragment } from 'react';
import { getTranslations } from 'next-intl/server';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { siteInfo } from '@/lib/public/site';
import styles from './contact.module.css';

/** The association's contact details from the web settings; fields left empty there are left out. */
export async function ContactDetails({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'contact' });
  const site = await siteInfo(toWireLanguage(locale));
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

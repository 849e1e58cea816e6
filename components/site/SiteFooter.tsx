import { htmlLang, type WireLanguage } from '@/lib/i18n/languages';
import type { RouteId } from '@/lib/public/routes';
import { footerFigures, siteInfo } from '@/lib/public/site';
import { feedPath, feedKinds } from '@/lib/public/feeds';
import { routeHref } from '@/lib/public/links';
import { AccessKeyMark } from './AccessKeyMark';
import { DateText } from './DateText';
import { VisitCounter } from './VisitCounter';
import { SubscribeForm } from './newsletter/SubscribeForm';
import styles from './SiteFooter.module.css';
import { translationsIn } from '@/lib/i18n/params';

const footerRoutes: RouteId[] = [
  'siteMap',
  'accessibility',
  'accesskeys',
  'privacy',
  'copyright',
  'openData',
  'contact',
];

/**
 * The footer: the `:::` Z mark, contact details from the web settings, links, counters, the update date and the
 * newsletter's sign-up form.
 */
export async function SiteFooter({ language }: { language: WireLanguage }) {
  const [t, routes, site, figures] = await Promise.all([
    translationsIn(language, 'site.footer'),
    translationsIn(language, 'site.routes'),
    siteInfo(language),
    footerFigures(),
  ]);
  const contact = [
    ['address', site.address],
    ['phone', site.phone],
    ['fax', site.fax],
    ['officeHours', site.officeHours],
  ] as const;
  return (
    <footer className={styles.footer}>
      <div className="container">
        <AccessKeyMark language={language} area="Z" label={t('area')} />
        <div className={styles.grid}>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={styles.name}>
              {site.associationName || site.siteName}
            </h2>
            <address>
              <dl>
                {contact.map(([key, value]) =>
                  value ? (
                    <div key={key}>
                      <dt>{t(key)}</dt>
                      <dd>{key === 'phone' ? <a href={`tel:${value.replace(/[^\d+#,]/g, '')}`}>{value}</a> : value}</dd>
                    </div>
                  ) : null,
                )}
                {site.email && (
                  <div>
                    <dt>{t('email')}</dt>
                    <dd>
                      <a href={`mailto:${site.email}`}>{site.email}</a>
                    </dd>
                  </div>
                )}
              </dl>
            </address>
          </section>
          <nav className={styles.links} aria-label={t('links')}>
            <ul className={styles.list}>
              {footerRoutes.map((id) => (
                <li key={id}>
                  <a href={routeHref(language, id)}>{routes(id)}</a>
                </li>
              ))}
              {feedKinds.map((kind) => (
                <li key={kind}>
                  <a href={feedPath(language, kind)} type="application/rss+xml">
                    {t(`feed.${kind}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <dl className={`site-footer__counters ${styles.counters}`}>
            <VisitCounter
              initial={{ visit: figures.visit, accessible: figures.accessible }}
              legacy={figures.legacy}
              label={t('visits')}
              lang={htmlLang[language]}
            />
            {figures.updated && (
              <div>
                <dt>{t('updated')}</dt>
                <dd>
                  <DateText language={language} value={figures.updated} />
                </dd>
              </div>
            )}
          </dl>
          <section aria-labelledby="footer-newsletter" className={styles.newsletter}>
            <h2 id="footer-newsletter" className={styles.name}>
              {routes('newsletter')}
            </h2>
            <SubscribeForm language={language} place="footer" />
          </section>
        </div>
        {site.footerNote && <p className={styles.note}>{site.footerNote}</p>}
      </div>
    </footer>
  );
}

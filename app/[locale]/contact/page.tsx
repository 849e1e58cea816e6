import { NextIntlClientProvider } from 'next-intl';
import { ContactDetails } from '@/components/site/contact/ContactDetails';
import { ContactForm } from '@/components/site/contact/ContactForm';
import styles from '@/components/site/contact/contact.module.css';
import { HydratedPage } from '@/components/site/HydratedPage';
import { PublicPage } from '@/components/site/PublicPage';
import { captchaEnabled } from '@/lib/content/auth/captcha';
import { config } from '@/lib/config';
import { openPage, languageOf, messagesIn, translationsIn } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { searchParam } from '@/lib/public/paging';
import { routeHref } from '@/lib/public/links';
import form from '@/components/site/form.module.css';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/contact'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'contact');
  return routePageMetadata(language, 'contact', t('description'));
}

export default async function ContactPage({ params, searchParams }: PageProps<'/[locale]/contact'>) {
  const { language, t } = await openPage(params, 'contact');
  const sent = searchParam((await searchParams).sent) === '1';
  const messages = await messagesIn(language);
  // The captcha is on when the server can verify tokens and the page can ask Google for one.
  const captchaSiteKey = captchaEnabled() ? config().recaptcha.siteKey : undefined;
  return (
    <PublicPage language={language} route="contact">
      <div className={styles.layout}>
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="section-title">
            {t('formTitle')}
          </h2>
          {sent ? (
            <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
              <p>
                <strong>{t('sentTitle')}</strong>
              </p>
              <p>{t('sent')}</p>
              <p>
                <a href={routeHref(language, 'contact')}>{t('sendAnother')}</a>
              </p>
            </div>
          ) : (
            // Only this form's words go to the browser.
            <NextIntlClientProvider messages={{ contact: messages.contact }}>
              <HydratedPage part="contact form" />
              <ContactForm language={language} captchaSiteKey={captchaSiteKey} />
            </NextIntlClientProvider>
          )}
        </section>
        <ContactDetails language={language} />
      </div>
    </PublicPage>
  );
}

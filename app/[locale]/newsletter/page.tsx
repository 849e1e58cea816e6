import { PublicPage } from '@/components/site/PublicPage';
import { SubscribeForm } from '@/components/site/newsletter/SubscribeForm';
import form from '@/components/site/form.module.css';
import { HydratedPage } from '@/components/site/HydratedPage';
import { NewsletterCaptcha } from '@/components/site/newsletter/NewsletterCaptcha';
import { captchaEnabled } from '@/lib/content/auth/captcha';
import { config } from '@/lib/config';
import { isNewsletterTopic } from '@/lib/content/model/newsletter';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { searchParam } from '@/lib/public/paging';

// Reads its search parameters (the outcome of a sign-up), so it renders on every request.
export const dynamic = 'force-dynamic';

const problems = ['email', 'topics', 'memberTopic', 'captcha', 'rate'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/newsletter'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'newsletter');
  return routePageMetadata(language, 'newsletter', t('description'));
}

/** The newsletter's sign-up page, where the footer's form and this page's form land after a post. */
export default async function NewsletterPage({ params, searchParams }: PageProps<'/[locale]/newsletter'>) {
  const { language, t } = await openPage(params, 'newsletter');
  const query = await searchParams;
  const pending = searchParam(query.pending) === '1';
  const problem = problems.find((name) => name === searchParam(query.problem));
  const typedTopics = [query.topics ?? []].flat().filter(isNewsletterTopic);
  // The captcha is on when the server can verify tokens; the footer's form (no script) then lands here to retry.
  const captchaSiteKey = captchaEnabled() ? config().recaptcha.siteKey : undefined;
  return (
    <PublicPage language={language} route="newsletter">
      {pending ? (
        <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
          <p>
            <strong>{t('pendingTitle')}</strong>
          </p>
          <p>{t('pending')}</p>
        </div>
      ) : (
        <>
          <p>{t('intro')}</p>
          {problem && (
            <div className={`${form.notice} ${form.noticeError}`} role="alert">
              <p>
                <strong>{t('errorTitle')}</strong>
              </p>
              <p>{t(`problem.${problem}`)}</p>
            </div>
          )}
          <section aria-labelledby="newsletter-form-title">
            <h2 id="newsletter-form-title" className="section-title">
              {t('formTitle')}
            </h2>
            <SubscribeForm
              language={language}
              place="page"
              email={searchParam(query.email)}
              topics={problem ? typedTopics : undefined}
              problem={problem}
            />
            {captchaSiteKey && (
              <>
                <HydratedPage part="newsletter captcha" />
                <NewsletterCaptcha
                  siteKey={captchaSiteKey}
                  formId="newsletter-form"
                  language={language === 'en' ? 'en' : 'zh-TW'}
                />
              </>
            )}
          </section>
        </>
      )}
    </PublicPage>
  );
}

import { PublicPage } from '@/components/site/PublicPage';
import form from '@/components/site/form.module.css';
import styles from '@/components/site/newsletter/newsletter.module.css';
import { MEMBER_BULLETINS, publicNewsletterTopics, type NewsletterTopic } from '@/lib/content/model/newsletter';
import { subscriberByToken } from '@/lib/content/operations/newsletter';
import { isMemberAddress } from '@/lib/content/storage/newsletter-subscribers';
import { wireLanguages } from '@/lib/i18n/languages';
import { openPage } from '@/lib/i18n/params';
import { routeHref } from '@/lib/public/links';
import { searchParam } from '@/lib/public/paging';
import { personalPageMetadata } from '@/lib/public/personal-pages';
import { newsletterPaths } from '@/lib/routing/personal';

export const dynamic = 'force-dynamic';

export const generateMetadata = ({ params }: PageProps<'/[locale]/newsletter/manage'>) =>
  personalPageMetadata(params, { namespace: 'newsletter', key: 'manageTitle' });

/**
 * A subscriber's own page, linked from every mailing's footer: topics (bulletins for members only too
 * when the address is a Member's), language, unsubscribe. Plain
 * forms posted to `POST /api/newsletter/manage` and `/unsubscribe`, which send the browser back here.
 */
export default async function ManagePage({ params, searchParams }: PageProps<'/[locale]/newsletter/manage'>) {
  const { language, t } = await openPage(params, 'newsletter');
  const query = await searchParams;
  const token = searchParam(query.token);
  const done = searchParam(query.done);
  const subscriber = await subscriberByToken(token);
  const below = [{ label: t('manageTitle'), path: newsletterPaths.manage }];
  const tokenQuery = subscriber ? `?token=${encodeURIComponent(subscriber.token)}` : '';
  // Bulletins for members only are offered while the address is an active Member account's.
  const topics: readonly NewsletterTopic[] =
    subscriber?.status === 'active' && (await isMemberAddress(subscriber.email))
      ? [...publicNewsletterTopics, MEMBER_BULLETINS]
      : publicNewsletterTopics;
  return (
    <PublicPage language={language} route="newsletter" title={t('manageTitle')} below={below}>
      {!subscriber ? (
        <div className={`${form.notice} ${form.noticeError}`} role="alert">
          <p>{t('unknownToken')}</p>
          <p>
            <a href={routeHref(language, 'newsletter')}>{t('subscribeAgain')}</a>
          </p>
        </div>
      ) : (
        <>
          {done === 'confirmed' && (
            <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
              <p>{t('confirmed')}</p>
            </div>
          )}
          {done === 'saved' && (
            <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
              <p>{t('saved')}</p>
            </div>
          )}
          {done === 'unsubscribed' && (
            <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
              <p>{t('unsubscribed')}</p>
            </div>
          )}
          <p>{t('manageIntro', { email: subscriber.email })}</p>
          <dl>
            <dt>{t('statusLabel')}</dt>
            <dd>
              {t(
                `status.${subscriber.status === 'active' ? 'active' : subscriber.status === 'pending' ? 'pending' : 'unsubscribed'}`,
              )}
            </dd>
          </dl>
          {subscriber.status === 'active' && (
            <>
              <form method="post" action={`/api/newsletter/manage${tokenQuery}`} className={styles.form}>
                <fieldset className={styles.topics}>
                  <legend>{t('topics')}</legend>
                  {topics.map((topic) => (
                    <label key={topic} className={styles.choice}>
                      <input
                        type="checkbox"
                        name="topics"
                        value={topic}
                        defaultChecked={subscriber.topics.includes(topic)}
                      />
                      {t(`topic.${topic}`)}
                    </label>
                  ))}
                </fieldset>
                <fieldset className={styles.topics}>
                  <legend>{t('language')}</legend>
                  {wireLanguages.map((language) => (
                    <label key={language} className={styles.choice}>
                      <input type="radio" name="lang" value={language} defaultChecked={subscriber.lang === language} />
                      <span lang={language === 'tw' ? 'zh-Hant-TW' : 'en'}>{t(`languages.${language}`)}</span>
                    </label>
                  ))}
                </fieldset>
                <div className={styles.actions}>
                  <button type="submit" className={form.button}>
                    {t('save')}
                  </button>
                </div>
              </form>
              <form method="post" action={`/api/newsletter/unsubscribe${tokenQuery}`} className={styles.form}>
                <input type="hidden" name="List-Unsubscribe" value="One-Click" />
                <input type="hidden" name="page" value="1" />
                <div className={styles.actions}>
                  <button type="submit" className={`${form.button} ${form.secondary}`}>
                    {t('unsubscribeButton')}
                  </button>
                </div>
              </form>
            </>
          )}
          {subscriber.status === 'unsubscribed' && (
            <p>
              <a href={routeHref(language, 'newsletter')}>{t('subscribeAgain')}</a>
            </p>
          )}
        </>
      )}
    </PublicPage>
  );
}

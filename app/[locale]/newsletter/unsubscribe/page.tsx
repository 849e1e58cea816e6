import { PublicPage } from '@/components/site/PublicPage';
import form from '@/components/site/form.module.css';
import styles from '@/components/site/newsletter/newsletter.module.css';
import { subscriberByToken } from '@/lib/content/operations/newsletter';
import { openPage } from '@/lib/i18n/params';
import { routeHref } from '@/lib/public/links';
import { searchParam } from '@/lib/public/paging';
import { personalPageMetadata } from '@/lib/public/personal-pages';
import { newsletterPaths } from '@/lib/routing/personal';

export const dynamic = 'force-dynamic';

export const generateMetadata = ({ params }: PageProps<'/[locale]/newsletter/unsubscribe'>) =>
  personalPageMetadata(params, { namespace: 'newsletter', key: 'unsubscribeTitle' });

/**
 * Where a GET of a mailing's unsubscribe link lands: it changes nothing and shows one button, which
 * posts `List-Unsubscribe=One-Click` to the same link as a mail client would.
 */
export default async function UnsubscribePage({ params, searchParams }: PageProps<'/[locale]/newsletter/unsubscribe'>) {
  const { language, t } = await openPage(params, 'newsletter');
  const token = searchParam((await searchParams).token);
  const subscriber = await subscriberByToken(token);
  const below = [{ label: t('unsubscribeTitle'), path: newsletterPaths.unsubscribe }];
  return (
    <PublicPage language={language} route="newsletter" title={t('unsubscribeTitle')} below={below}>
      {!subscriber ? (
        <div className={`${form.notice} ${form.noticeError}`} role="alert">
          <p>{t('unknownToken')}</p>
          <p>
            <a href={routeHref(language, 'newsletter')}>{t('subscribeAgain')}</a>
          </p>
        </div>
      ) : subscriber.status === 'unsubscribed' ? (
        <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
          <p>{t('unsubscribed')}</p>
        </div>
      ) : (
        <form
          method="post"
          action={`/api/newsletter/unsubscribe?token=${encodeURIComponent(subscriber.token)}`}
          className={styles.form}
        >
          <p>{t('unsubscribeIntro', { email: subscriber.email })}</p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <input type="hidden" name="page" value="1" />
          <div className={styles.actions}>
            <button type="submit" className={form.button}>
              {t('unsubscribeButton')}
            </button>
          </div>
        </form>
      )}
    </PublicPage>
  );
}

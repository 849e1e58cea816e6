import { PublicPage } from '@/components/site/PublicPage';
import form from '@/components/site/form.module.css';
import styles from '@/components/site/newsletter/newsletter.module.css';
import { openPage } from '@/lib/i18n/params';
import { routeHref } from '@/lib/public/links';
import { searchParam } from '@/lib/public/paging';
import { personalPageMetadata } from '@/lib/public/personal-pages';
import { newsletterPaths } from '@/lib/routing/personal';

export const dynamic = 'force-dynamic';

export const generateMetadata = ({ params }: PageProps<'/[locale]/newsletter/confirm'>) =>
  personalPageMetadata(params, { namespace: 'newsletter', key: 'confirmTitle' });

/**
 * The confirmation link's page. Opening it changes nothing (mail scanners open links too): its one
 * button posts the token to `POST /api/newsletter/confirm`, which sends the browser back here with
 * the outcome (the manage page once confirmed).
 */
export default async function ConfirmPage({ params, searchParams }: PageProps<'/[locale]/newsletter/confirm'>) {
  const { language, t } = await openPage(params, 'newsletter');
  const query = await searchParams;
  const token = searchParam(query.token);
  const below = [{ label: t('confirmTitle'), path: newsletterPaths.confirm }];
  let body;
  if (searchParam(query.invalid) === '1' || !token) {
    body = (
      <div className={`${form.notice} ${form.noticeError}`} role="alert">
        <p>{t('invalid')}</p>
        <p>
          <a href={routeHref(language, 'newsletter')}>{t('subscribeAgain')}</a>
        </p>
      </div>
    );
  } else {
    body = (
      <form method="post" action="/api/newsletter/confirm" className={styles.form}>
        <p>{t('confirmIntro')}</p>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="lang" value={language} />
        <div className={styles.actions}>
          <button type="submit" className={form.button}>
            {t('confirmButton')}
          </button>
        </div>
      </form>
    );
  }
  return (
    <PublicPage language={language} route="newsletter" title={t('confirmTitle')} below={below}>
      {body}
    </PublicPage>
  );
}

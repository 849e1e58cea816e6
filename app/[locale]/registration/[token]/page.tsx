import { notFound } from 'next/navigation';
import QRCode from 'qrcode';
import { DateText } from '@/components/site/DateText';
import { RequiredMark } from '@/components/site/FormErrorSummary';
import { PublicPage } from '@/components/site/PublicPage';
import form from '@/components/site/form.module.css';
import { messageIn } from '@/lib/content/model/errors';
import { fromWireDateTime } from '@/lib/content/model/wire-dates';
import { config } from '@/lib/config';
import { detailHref } from '@/lib/public/links';
import { searchParam } from '@/lib/public/paging';
import { cancelSignUp, saveAnswers } from '@/lib/public/registration/action';
import { registrationByToken } from '@/lib/public/registration/manage';
import { personalPageMetadata } from '@/lib/public/personal-pages';
import { registrationPath } from '@/lib/routing/personal';
import { languageOf, translationsIn } from '@/lib/i18n/params';

// A person's own sign-up: rendered on every request, never kept by a cache (lib/public/cache-headers.ts
// leaves the path out, so Next.js's no-store stands) and never indexed.
export const dynamic = 'force-dynamic';

export const generateMetadata = ({ params }: PageProps<'/[locale]/registration/[token]'>) =>
  personalPageMetadata(params, { namespace: 'registration', key: 'manageTitle' });

/**
 * The manage page of one sign-up (`/{lang}/registration/{token}`, the link of its e-mails): the
 * confirmation after signing up, the sign-up with its QR code for the door, its asked fields to
 * change and the cancel button. Both forms post to server actions, so the page works without JavaScript.
 */
export default async function ManageRegistrationPage({
  params,
  searchParams,
}: PageProps<'/[locale]/registration/[token]'>) {
  const language = await languageOf(params);
  const { token } = await params;
  const query = await searchParams;
  const registration = await registrationByToken(language, token);
  if (!registration) notFound();
  const t = await translationsIn(language, 'registration');
  const timeZone = config().siteTimeZone;
  const start = fromWireDateTime(registration.activity.startAt, timeZone);
  const qr = await QRCode.toString(registration.code, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  const error = searchParam(query.error);
  const errorField = searchParam(query.field);
  const live = registration.status !== 'cancelled';
  const notice = (text: string, kind: 'success' | 'error' = 'success') => (
    <div className={`${form.notice} ${kind === 'success' ? form.noticeSuccess : form.noticeError}`} role="status">
      <p>{text}</p>
    </div>
  );
  return (
    <PublicPage
      language={language}
      route="activities"
      title={t('manageTitle')}
      below={[{ label: t('manageTitle'), path: registrationPath(token) }]}
    >
      {searchParam(query.new) === '1' &&
        live &&
        notice(registration.status === 'confirmed' ? t('confirmedNotice') : t('waitlistedNotice'))}
      {searchParam(query.saved) === '1' && notice(t('saved'))}
      {searchParam(query.cancelled) === '1' && notice(t('cancelledNotice'))}
      {error &&
        notice(
          messageIn(language, /^\w{1,40}$/.test(error) ? error : 'notFound', {
            field: errorField && /^\w{1,20}$/.test(errorField) ? t(`fields.${errorField}`) : '',
          }),
          'error',
        )}
      <dl className="definition-list">
        <div>
          <dt>{t('activity')}</dt>
          <dd>
            <a href={detailHref(language, 'activities', registration.activity.id)}>{registration.activity.title}</a>
          </dd>
        </div>
        <div>
          <dt>{t('when')}</dt>
          <dd>{start && <DateText language={language} value={start} style="datetime" />}</dd>
        </div>
        {registration.activity.location && (
          <div>
            <dt>{t('where')}</dt>
            <dd>{registration.activity.location}</dd>
          </div>
        )}
        <div>
          <dt>{t('fields.name')}</dt>
          <dd>{registration.name}</dd>
        </div>
        <div>
          <dt>{t('fields.seats')}</dt>
          <dd>{registration.seats}</dd>
        </div>
        <div>
          <dt>{t('statusLabel')}</dt>
          <dd>{t(`status.${registration.status}`)}</dd>
        </div>
        <div>
          <dt>{t('code')}</dt>
          <dd>
            <strong>{registration.code}</strong>
          </dd>
        </div>
      </dl>
      {registration.status === 'confirmed' && (
        <section aria-labelledby="qr-title">
          <h2 id="qr-title" className="section-title">
            {t('qrTitle')}
          </h2>
          <div
            role="img"
            aria-label={t('qrAlt', { code: registration.code })}
            style={{ width: '12rem', maxWidth: '100%' }}
            dangerouslySetInnerHTML={{ __html: qr }}
          />
        </section>
      )}
      <p>{t('bookmark')}</p>
      {live && registration.askFields.length > 0 && (
        <section aria-labelledby="change-title">
          <h2 id="change-title" className="section-title">
            {t('changeTitle')}
          </h2>
          <form action={saveAnswers} noValidate>
            <input type="hidden" name="language" value={language} />
            <input type="hidden" name="token" value={token} />
            {registration.askFields.map(({ name, required }) => (
              <div key={name} className={form.field}>
                <label htmlFor={`manage-${name}`} className={form.label}>
                  {t(`fields.${name}`)}
                  {required && <RequiredMark word={t('required')} />}
                </label>
                <input
                  id={`manage-${name}`}
                  name={name}
                  required={required}
                  defaultValue={registration.answers[name] ?? ''}
                  className={form.control}
                  aria-invalid={errorField === name ? true : undefined}
                />
              </div>
            ))}
            <p>
              <button type="submit" className={form.button}>
                {t('save')}
              </button>
            </p>
          </form>
        </section>
      )}
      {live && (
        <section aria-labelledby="cancel-title">
          <h2 id="cancel-title" className="section-title">
            {t('cancelTitle')}
          </h2>
          <p>{t('cancelText')}</p>
          <form action={cancelSignUp}>
            <input type="hidden" name="language" value={language} />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={`${form.button} ${form.secondary}`}>
              {t('cancel')}
            </button>
          </form>
        </section>
      )}
    </PublicPage>
  );
}

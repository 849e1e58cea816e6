import type { ActorAccount } from '@/lib/content/model/actor';
import { isNewsletterTopic } from '@/lib/content/model/newsletter';
import { subscriberByEmail } from '@/lib/content/operations/newsletter';
import { htmlLang, type WireLanguage } from '@/lib/i18n/languages';
import { formatSiteDate } from '@/lib/public/dates';
import { ownEntry } from '@/lib/public/member/entry';
import { queryValue } from '@/lib/public/member/page';
import { newsletterTokenPath } from '@/lib/routing/personal';
import form from '../form.module.css';
import { MemberList } from '../members/MemberList';
import { SubscribeForm } from '../newsletter/SubscribeForm';
import { MemberField, MemberForm } from './MemberForm';
import { translationsIn } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';

const inputTypes: Record<string, { type?: string; autoComplete?: string }> = {
  address: { autoComplete: 'street-address' },
  phone: { type: 'tel' },
  fax: { type: 'tel' },
  website: { type: 'url', autoComplete: 'url' },
  department: {},
  contactPerson: { autoComplete: 'name' },
};

/**
 * The member page's part about the Member's institution: its entry as the directory shows it, the
 * change awaiting approval or its rejection, and the form proposing a change (a plain multipart
 * post, so it works without JavaScript); then the newsletter's form with the Member's address.
 */
export async function MemberEntry({
  language,
  account,
  query,
}: {
  language: WireLanguage;
  account: ActorAccount;
  query: Record<string, string | string[] | undefined>;
}) {
  const t = await translationsIn(language, 'memberEntry');
  const { email, shown, visible, fields, pending } = await ownEntry(language, account);
  const errorKey = queryValue(query.entryError);
  const errorField = fields.find((f) => f.name === queryValue(query.field));
  const logoError = errorKey === 'logo' || errorKey === 'entryLogoTooLarge';
  const error = !errorKey
    ? null
    : errorField
      ? t('errors.invalid', { field: errorField.label })
      : t.has(`errors.${errorKey}` as 'errors.logo')
        ? t(`errors.${errorKey}` as 'errors.logo')
        : t('errors.invalidForm');
  const date = (value: string | null) => formatSiteDate(value, language, 'datetime') ?? '';
  return (
    <>
      <section aria-labelledby="member-entry">
        <h2 id="member-entry" className="section-title">
          {t('title')}
        </h2>
        <p>{t('intro')}</p>
        {visible ? null : <p>{t('hidden')}</p>}
        <MemberList language={language} members={[shown]} />
        {queryValue(query.entry) === 'sent' ? (
          <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
            <p>{t('sent')}</p>
          </div>
        ) : null}
        {pending?.status === 'pending' ? (
          <p className={form.notice} id="member-entry-pending">
            {t('pending', {
              date: date(pending.submittedAt),
              fields: pending.changed.join(language === 'en' ? ', ' : '、'),
            })}
          </p>
        ) : pending?.status === 'rejected' ? (
          <div className={form.notice} id="member-entry-rejected">
            <p>{t('rejected', { date: date(pending.submittedAt) })}</p>
            <blockquote>{pending.comment}</blockquote>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="member-entry-form">
        <h2 id="member-entry-form" className="section-title">
          {t('formTitle')}
        </h2>
        <p>{t('formIntro')}</p>
        <MemberForm language={language} name="entry" encType="multipart/form-data" error={error} submit={t('submit')}>
          {fields.map((f) => (
            <MemberField
              key={f.name}
              id={`member-entry-${f.name}`}
              name={f.name}
              label={f.label}
              type={inputTypes[f.name]?.type}
              autoComplete={inputTypes[f.name]?.autoComplete}
              defaultValue={f.value}
              required={false}
              invalid={errorField?.name === f.name}
              errorId="entry-error"
            />
          ))}
          <div className={form.field}>
            <label htmlFor="member-entry-logo" className={form.label}>
              {t('logo')}
            </label>
            <input
              id="member-entry-logo"
              name="logo"
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
              aria-describedby={`member-entry-logo-hint${logoError ? ' entry-error' : ''}`}
              aria-invalid={logoError || undefined}
            />
            <p id="member-entry-logo-hint" className={form.hint}>
              {t('logoHint')}
            </p>
          </div>
        </MemberForm>
      </section>
      <section aria-labelledby="member-newsletter">
        <MemberNewsletter language={language} email={email} />
      </section>
    </>
  );
}

/**
 * The newsletter for the Member's own address. Subscribed: the topics, and the subscriber's manage
 * page (where bulletins for members only are offered) one link away, as every mailing's footer
 * links it; the session proves the address is the Member's, since the account came from a link
 * mailed to it. Otherwise the sign-up form, whose confirmation goes to that address.
 */
async function MemberNewsletter({ language, email }: { language: WireLanguage; email: string }) {
  const t = await translationsIn(language, 'memberEntry.newsletter');
  const topicNames = await translationsIn(language, 'newsletter.topic');
  const subscriber = email ? await subscriberByEmail(email) : null;
  if (subscriber?.status === 'active') {
    const topics = subscriber.topics.filter(isNewsletterTopic).map((topic) => topicNames(topic));
    return (
      <>
        <h2 id="member-newsletter" className="section-title">
          {t('subscribedTitle')}
        </h2>
        <p>{t('subscribed', { email, topics: new Intl.ListFormat(htmlLang[language]).format(topics) })}</p>
        <p>
          <a href={sitePath(language, newsletterTokenPath('manage', subscriber.token))}>{t('manage')}</a>
        </p>
      </>
    );
  }
  return (
    <>
      <h2 id="member-newsletter" className="section-title">
        {t('title')}
      </h2>
      <p>{subscriber?.status === 'pending' ? t('pending', { email }) : t('intro')}</p>
      <SubscribeForm language={language} place="page" email={email} memberTopic />
    </>
  );
}

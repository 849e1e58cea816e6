import {
  MEMBER_BULLETINS,
  NEWSLETTER_CONSENT_VERSION,
  newsletterTopics,
  publicNewsletterTopics,
  type NewsletterTopic,
} from '@/lib/content/model/newsletter';
import { type WireLanguage } from '@/lib/i18n/languages';
import form from '../form.module.css';
import styles from './newsletter.module.css';
import { translationsIn } from '@/lib/i18n/params';

interface Props {
  language: WireLanguage;
  /** The footer's compact form or the newsletter page's. */
  place: 'footer' | 'page';
  /** What was typed before a refused post, and its problem's field. */
  email?: string;
  topics?: NewsletterTopic[];
  problem?: 'email' | 'topics' | 'memberTopic' | 'captcha' | 'rate';
  /** Offers bulletins for members only: the member area's form, for a signed-in Member's address. */
  memberTopic?: boolean;
}

/**
 * The sign-up form. A plain form posted to `POST /api/newsletter/subscribe`, which answers a form
 * post with a 303 to the newsletter page, so it works without JavaScript; the language of the mails
 * is the page's, the consent wording and its version are shown beside the button.
 */
export async function SubscribeForm({
  language,
  place,
  email = '',
  topics = [...newsletterTopics],
  problem,
  memberTopic = false,
}: Props) {
  const t = await translationsIn(language, 'newsletter');
  const id = (name: string) => `newsletter-${place}-${name}`;
  const emailProblem = problem === 'email';
  const topicsProblem = problem === 'topics' || problem === 'memberTopic';
  const offered: readonly NewsletterTopic[] = memberTopic
    ? [...publicNewsletterTopics, MEMBER_BULLETINS]
    : publicNewsletterTopics;
  return (
    <form
      method="post"
      action="/api/newsletter/subscribe"
      className={`${styles.form} ${place === 'footer' ? styles.footerForm : ''}`}
      id={place === 'page' ? 'newsletter-form' : undefined}
      aria-labelledby={place === 'footer' ? 'footer-newsletter' : undefined}
    >
      <input type="hidden" name="lang" value={language} />
      <input type="hidden" name="form" value={place} />
      <input type="hidden" name="captcha" value="" />
      <div className={form.field}>
        <label htmlFor={id('email')} className={form.label}>
          {t('email')}
        </label>
        <input
          id={id('email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={email}
          className={form.control}
          aria-invalid={emailProblem || undefined}
          aria-describedby={emailProblem ? id('email-error') : undefined}
        />
        {emailProblem && (
          <p id={id('email-error')} className={form.error}>
            {t('problem.email')}
          </p>
        )}
      </div>
      <fieldset className={styles.topics} aria-describedby={topicsProblem ? id('topics-error') : undefined}>
        <legend>{t('topics')}</legend>
        {offered.map((topic) => (
          <label key={topic} className={styles.choice}>
            <input type="checkbox" name="topics" value={topic} defaultChecked={topics.includes(topic)} />
            {t(`topic.${topic}`)}
          </label>
        ))}
        {topicsProblem && (
          <p id={id('topics-error')} className={form.error}>
            {t(`problem.${problem === 'memberTopic' ? 'memberTopic' : 'topics'}`)}
          </p>
        )}
      </fieldset>
      <p className={styles.consent} id={id('consent')}>
        {t('consent')} <span>({t('consentVersion', { version: NEWSLETTER_CONSENT_VERSION })})</span>
      </p>
      <div className={styles.actions}>
        <button type="submit" className={form.button} aria-describedby={id('consent')}>
          {t('submit')}
        </button>
      </div>
    </form>
  );
}

'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { GoogleReCaptchaProvider, useGoogleReCaptcha } from 'react-google-recaptcha-v3';
import { sendContactMessage } from '@/lib/public/contact/action';
import { contactFields, initialContactState, type ContactField } from '@/lib/public/contact/form';
import type { WireLanguage } from '@/lib/i18n/languages';
import styles from './contact.module.css';
import form from '../form.module.css';
import { submitWithCaptcha, useScriptRuns } from '../captcha-form';
import { FormErrorSummary, RequiredMark } from '../FormErrorSummary';

interface Props {
  language: WireLanguage;
  /** reCAPTCHA v3's site key when the captcha is on; the form then needs JavaScript. */
  captchaSiteKey?: string;
}

/** How each field is typed and filled in (autocomplete purposes: WCAG 1.3.5). */
const inputs: Record<
  ContactField,
  { type?: string; autoComplete?: string; required: boolean; maxLength: number; multiline?: boolean }
> = {
  name: { autoComplete: 'name', required: true, maxLength: 100 },
  email: { type: 'email', autoComplete: 'email', required: true, maxLength: 200 },
  phone: { type: 'tel', autoComplete: 'tel', required: false, maxLength: 50 },
  subject: { required: true, maxLength: 200 },
  message: { required: true, maxLength: 5000, multiline: true },
};

const fieldId = (field: ContactField) => `contact-${field}`;

/**
 * The contact form. It posts to a server action, so it works without JavaScript: the page comes
 * back with each field's error beside it, a summary linking to them, and the typed values. With the
 * captcha on, a reCAPTCHA v3 token is added on submit (only this page loads Google's script); without
 * script there is no token, so the form says it needs JavaScript and the server refuses the message.
 */
export function ContactForm({ language, captchaSiteKey }: Props) {
  if (!captchaSiteKey) return <ContactFields language={language} />;
  return (
    <GoogleReCaptchaProvider reCaptchaKey={captchaSiteKey} language={language === 'tw' ? 'zh-TW' : 'en'}>
      <CaptchaContactFields language={language} />
    </GoogleReCaptchaProvider>
  );
}

function CaptchaContactFields({ language }: { language: WireLanguage }) {
  const { executeRecaptcha } = useGoogleReCaptcha();
  return (
    <ContactFields
      language={language}
      captchaToken={executeRecaptcha ? () => executeRecaptcha('contact') : async () => ''}
    />
  );
}

function ContactFields({ language, captchaToken }: { language: WireLanguage; captchaToken?: () => Promise<string> }) {
  const t = useTranslations('contact');
  // The server action is the form's action, which is what lets it post without JavaScript.
  const [state, formAction, pending] = useActionState(sendContactMessage, null);
  // With the captcha on and script running, the token is fetched first and sent with the fields.
  const onSubmit = captchaToken ? submitWithCaptcha(captchaToken, 'captchaToken', formAction) : undefined;
  const current = state ?? initialContactState();
  const problems = contactFields.filter((field) => current.errors[field]);
  const count = problems.length + (current.formError ? 1 : 0);
  const scriptRuns = useScriptRuns();

  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className={styles.form} aria-describedby="contact-intro">
      <FormErrorSummary
        id="contact-error-title"
        title={t('errorTitle')}
        summary={t('errorSummary', { count })}
        formError={current.formError}
        problems={problems.map((field) => ({ fieldId: fieldId(field), message: current.errors[field] ?? '' }))}
        answer={state}
      />
      <p id="contact-intro">{t('intro')}</p>
      <input type="hidden" name="language" value={language} />
      {contactFields.map((field) => {
        const spec = inputs[field];
        const id = fieldId(field);
        const error = current.errors[field];
        const hint = field === 'email' || field === 'phone' ? t(`hints.${field}`) : undefined;
        const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
        const common = {
          id,
          name: field,
          defaultValue: current.values[field],
          required: spec.required,
          maxLength: spec.maxLength,
          autoComplete: spec.autoComplete,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          className: form.control,
        };
        return (
          // After an answer React resets the form to these default values: the values the server sent back.
          <div key={field} className={`${form.field} ${styles.field}`}>
            <label htmlFor={id} className={form.label}>
              {t(`fields.${field}`)}
              {spec.required && <RequiredMark word={t('required')} className={styles.required} />}
            </label>
            {hint && (
              <p id={`${id}-hint`} className={form.hint}>
                {hint}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className={form.error}>
                {error}
              </p>
            )}
            {spec.multiline ? <textarea {...common} rows={8} /> : <input {...common} type={spec.type ?? 'text'} />}
          </div>
        );
      })}
      {captchaToken && (
        <>
          {!scriptRuns && <p className={form.notice}>{t('needsJavaScript')}</p>}
          <p className={form.hint}>{t('captchaNotice')}</p>
        </>
      )}
      <p>
        <button type="submit" className={form.button} disabled={pending}>
          {pending ? t('sending') : t('submit')}
        </button>
      </p>
    </form>
  );
}

'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { GoogleReCaptchaProvider, useGoogleReCaptcha } from 'react-google-recaptcha-v3';
import type { AskedField } from '@/lib/content/model/registration';
import type { WireLanguage } from '@/lib/i18n/languages';
import { signUp } from '@/lib/public/registration/action';
import { initialSignUpState } from '@/lib/public/registration/form';
import form from '../form.module.css';
import { submitWithCaptcha, useScriptRuns } from '../captcha-form';
import { FormErrorSummary, RequiredMark } from '../FormErrorSummary';

interface Props {
  language: WireLanguage;
  activityId: number;
  maxSeats: number;
  askFields: AskedField[];
  consentText: string | null;
  /** reCAPTCHA v3's site key when the captcha is on; the form then needs JavaScript. */
  captchaSiteKey?: string;
  /** The values a signed-in Member's form starts with (name, e-mail, organisation, member type). */
  prefill?: Record<string, string>;
}

/** How each field is typed and filled in (autocomplete purposes: WCAG 1.3.5). */
const inputs: Record<string, { type?: string; autoComplete?: string; maxLength: number; multiline?: boolean }> = {
  name: { autoComplete: 'name', maxLength: 100 },
  email: { type: 'email', autoComplete: 'email', maxLength: 254 },
  organization: { autoComplete: 'organization', maxLength: 200 },
  jobTitle: { autoComplete: 'organization-title', maxLength: 100 },
  phone: { type: 'tel', autoComplete: 'tel', maxLength: 50 },
  memberType: { maxLength: 100 },
  dietary: { maxLength: 200 },
  note: { maxLength: 1000, multiline: true },
};

const fieldId = (field: string) => `signup-${field}`;

/**
 * The sign-up form of an activity. Like the contact form it posts to a server action, so it works
 * without JavaScript: a refusal brings the page back with each field's error and the typed values; a
 * sign-up goes on to its manage page, which confirms it. With the captcha on, a reCAPTCHA v3 token is
 * added on submit.
 */
export function SignUpForm(props: Props) {
  if (!props.captchaSiteKey) return <SignUpFields {...props} />;
  return (
    <GoogleReCaptchaProvider reCaptchaKey={props.captchaSiteKey} language={props.language === 'tw' ? 'zh-TW' : 'en'}>
      <CaptchaSignUpFields {...props} />
    </GoogleReCaptchaProvider>
  );
}

function CaptchaSignUpFields(props: Props) {
  const { executeRecaptcha } = useGoogleReCaptcha();
  return <SignUpFields {...props} captcha={executeRecaptcha ? () => executeRecaptcha('register') : async () => ''} />;
}

function SignUpFields({
  language,
  activityId,
  maxSeats,
  askFields,
  consentText,
  captcha,
  prefill,
}: Props & { captcha?: () => Promise<string> }) {
  const t = useTranslations('registration');
  const [state, formAction, pending] = useActionState(signUp, null);
  const onSubmit = captcha ? submitWithCaptcha(captcha, 'captcha', formAction) : undefined;
  const initial = initialSignUpState();
  const current = state ?? { ...initial, values: { ...initial.values, ...prefill } };
  const fields: { name: string; required: boolean }[] = [
    { name: 'name', required: true },
    { name: 'email', required: true },
    ...askFields,
  ];
  const problems = [...fields.map((f) => f.name), 'seats', 'consent'].filter((name) => current.errors[name]);
  const count = problems.length + (current.formError ? 1 : 0);
  const scriptRuns = useScriptRuns();

  const label = (name: string, required: boolean) => (
    <label htmlFor={fieldId(name)} className={form.label}>
      {t(`fields.${name}`)}
      {required && <RequiredMark word={t('required')} />}
    </label>
  );
  const errorOf = (name: string) =>
    current.errors[name] ? (
      <p id={`${fieldId(name)}-error`} className={form.error}>
        {current.errors[name]}
      </p>
    ) : null;

  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-describedby="signup-intro">
      <FormErrorSummary
        id="signup-error-title"
        title={t('errorTitle')}
        summary={t('errorSummary', { count })}
        formError={current.formError}
        problems={problems.map((name) => ({ fieldId: fieldId(name), message: current.errors[name] ?? '' }))}
        answer={state}
      />
      <p id="signup-intro">{t('intro')}</p>
      <input type="hidden" name="language" value={language} />
      <input type="hidden" name="activityId" value={activityId} />
      {fields.map(({ name, required }) => {
        const spec = inputs[name];
        const id = fieldId(name);
        const error = current.errors[name];
        const hint = name === 'email' ? t('hints.email') : undefined;
        const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
        const common = {
          id,
          name,
          defaultValue: current.values[name] ?? '',
          required,
          maxLength: spec.maxLength,
          autoComplete: spec.autoComplete,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          className: form.control,
        };
        return (
          <div key={name} className={form.field}>
            {label(name, required)}
            {hint && (
              <p id={`${id}-hint`} className={form.hint}>
                {hint}
              </p>
            )}
            {errorOf(name)}
            {spec.multiline ? <textarea {...common} rows={4} /> : <input {...common} type={spec.type ?? 'text'} />}
          </div>
        );
      })}
      {maxSeats > 1 && (
        <div className={form.field}>
          {label('seats', true)}
          <p id={`${fieldId('seats')}-hint`} className={form.hint}>
            {t('hints.seats', { max: maxSeats })}
          </p>
          {errorOf('seats')}
          <input
            id={fieldId('seats')}
            name="seats"
            type="number"
            min={1}
            max={maxSeats}
            required
            defaultValue={current.values.seats ?? '1'}
            aria-invalid={current.errors.seats ? true : undefined}
            aria-describedby={[`${fieldId('seats')}-hint`, current.errors.seats && `${fieldId('seats')}-error`]
              .filter(Boolean)
              .join(' ')}
            className={form.control}
          />
        </div>
      )}
      <fieldset className={form.field}>
        <legend className={form.label}>{t('consentTitle')}</legend>
        {consentText && <p style={{ whiteSpace: 'pre-line' }}>{consentText}</p>}
        {errorOf('consent')}
        <input
          id={fieldId('consent')}
          name="consent"
          type="checkbox"
          required
          defaultChecked={current.values.consent === 'on'}
          aria-invalid={current.errors.consent ? true : undefined}
          aria-describedby={current.errors.consent ? `${fieldId('consent')}-error` : undefined}
        />{' '}
        <label htmlFor={fieldId('consent')}>{t('consent')}</label>
      </fieldset>
      {captcha && (
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

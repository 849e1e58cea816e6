import type { ReactNode } from 'react';
import { type WireLanguage } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';
import { memberPaths } from '@/lib/routing/member';
import { memberFormToken } from '@/lib/public/member/page';
import form from '../form.module.css';
import styles from './member.module.css';
import { translationsIn } from '@/lib/i18n/params';

/**
 * A member-area form: a plain POST to `/{lang}/member/forms/{name}` (no JavaScript needed) carrying
 * the XSRF token, with the refusal the page came back with (post/redirect/get) above it.
 */
export async function MemberForm({
  language,
  name,
  error,
  submit,
  children,
  encType,
}: {
  language: WireLanguage;
  name: string;
  /** `multipart/form-data` for a form that sends a file. */
  encType?: 'multipart/form-data';
  /** The message of the refusal to show, if any. */
  error?: string | null;
  submit: string;
  children: ReactNode;
}) {
  const t = await translationsIn(language, 'memberArea');
  const action = sitePath(language, memberPaths.form(name));
  return (
    <form method="post" action={action} encType={encType} className={styles.form} noValidate>
      {error ? (
        <div className={`${form.notice} ${form.noticeError}`} role="alert" id={`${name}-error`}>
          <p>
            <strong>{t('errorTitle')}</strong>
          </p>
          <p>{error}</p>
        </div>
      ) : null}
      <input type="hidden" name="xsrf" value={await memberFormToken()} />
      {children}
      <p>
        <button type="submit" className={form.button}>
          {submit}
        </button>
      </p>
    </form>
  );
}

/** One labelled input of a member-area form. */
export function MemberField({
  id,
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
  invalid,
  errorId,
  defaultValue,
  inputMode,
  required = true,
}: {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  invalid?: boolean;
  errorId?: string;
  defaultValue?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  required?: boolean;
}) {
  const describedBy = [hint ? `${id}-hint` : '', invalid && errorId ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`${form.field} ${styles.field}`}>
      <label htmlFor={id} className={form.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className={form.control}
        required={required}
        defaultValue={defaultValue}
        inputMode={inputMode}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className={form.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

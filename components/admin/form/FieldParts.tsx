'use client';

import { useTranslations } from 'next-intl';
import styles from './form.module.css';

/** The ids that tie a control to its label, hint and error (aria-describedby, error summary links). */
export interface FieldIds {
  input: string;
  label: string;
  hint: string;
  error: string;
}

export function fieldIds(key: string): FieldIds {
  const input = `field-${key}`;
  return { input, label: `${input}-label`, hint: `${input}-hint`, error: `${input}-error` };
}

/** `aria-describedby` for a control: its hint, then its error, when present. */
export function describedBy(ids: FieldIds, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined;
}

export function RequiredMark({ required }: { required: boolean }) {
  const t = useTranslations('adminForm');
  return required ? <span className={styles.required}> {t('required')}</span> : null;
}

/** The hint under a label and the error message after it, each with the id controls point at. */
export function HintAndError({ ids, hint, error }: { ids: FieldIds; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

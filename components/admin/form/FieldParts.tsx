'use client';

import type { ReactNode } from 'react';
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

/**
 * The frame of an upload field (image, attachments): a fieldset named by the field's label, its
 * hint and error, the controls, and the lines announcing uploads and their failures.
 */
export function UploadGroup(props: {
  ids: FieldIds;
  label: string;
  required: boolean;
  hint?: string;
  error?: string;
  /** The name of the file being uploaded, if any. */
  busy: string | null;
  status: string;
  problem: string;
  children: ReactNode;
}) {
  const { ids, hint, error } = props;
  const t = useTranslations('adminForm');
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy(ids, hint, error)}>
      <legend className={styles.label}>
        {props.label}
        <RequiredMark required={props.required} />
      </legend>
      <HintAndError ids={ids} hint={hint} error={error} />
      {props.children}
      <p role="status" className={styles.status}>
        {props.busy ? t('uploading', { name: props.busy }) : props.status}
      </p>
      {props.problem && (
        <p role="alert" className={styles.error}>
          {props.problem}
        </p>
      )}
    </fieldset>
  );
}

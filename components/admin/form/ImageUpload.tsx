'use client';

import { useState, type ChangeEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { FormValues } from '@/lib/admin-form/values';
import { uploadFile } from '@/lib/client/resources';
import { MediaAltForm } from '../MediaAltForm';
import { MediaPicker } from '../MediaPicker';
import { apiMessage } from './api-errors';
import { UploadGroup, type FieldIds } from './FieldParts';
import { useUploads } from './uploads';
import styles from './form.module.css';

/** What the upload endpoint takes as an image (lib/uploads/sniff.ts decides for sure). */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * An image field: the stored upload's preview with its text alternative in both languages (kept in
 * the media library; public pages fall back to the row's title without one), a file input that
 * uploads at once, a button that picks an upload from the media library instead, and a remove button.
 */
export function ImageUpload(props: {
  name: string;
  label: string;
  ids: FieldIds;
  error?: string;
  required: boolean;
  alt: string;
  titleLabel: string;
}) {
  const { ids, error, required } = props;
  const t = useTranslations('adminForm');
  const { control } = useFormContext<FormValues>();
  const {
    field: { value, onChange, onBlur, ref },
  } = useController({ name: props.name, control });
  const id = typeof value === 'string' ? value : '';
  const { uploads, remember } = useUploads(id ? [id] : []);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [uploadError, setUploadError] = useState('');
  const [picking, setPicking] = useState(false);
  const current = id ? uploads[id] : undefined;
  const tMedia = useTranslations('admin.media');

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(file.name);
    setUploadError('');
    setStatus('');
    try {
      const upload = await uploadFile(file);
      remember(upload);
      onChange(upload.id);
      setStatus(t('image.uploaded', { name: upload.name }));
    } catch (failure) {
      setUploadError(t('uploadFailed', { name: file.name, message: apiMessage(failure) ?? t('uploadFailedGeneric') }));
    } finally {
      setBusy(null);
      input.value = '';
    }
  }

  function remove() {
    onChange('');
    setStatus(t('image.removed'));
    document.getElementById(ids.input)?.focus();
  }

  const hint = t('image.altFromTitle', { field: props.titleLabel });
  return (
    <UploadGroup
      ids={ids}
      label={props.label}
      required={required}
      hint={hint}
      error={error}
      busy={busy}
      status={status}
      problem={uploadError}
    >
      {!id && <p className={styles.muted}>{t('image.none')}</p>}
      {id && current && current !== 'missing' && (
        <figure className={styles.preview}>
          {/* A stored upload shown as is: next/image's optimiser adds nothing in the back office. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={current.url} alt={props.alt} />
          <figcaption>{current.name}</figcaption>
        </figure>
      )}
      {id && current && current !== 'missing' && <MediaAltForm key={id} upload={current} onSaved={remember} />}
      {id && current === 'missing' && <p className={styles.muted}>{t('files.missing')}</p>}
      <div className={styles.inline}>
        <label htmlFor={ids.input} className={styles.subLabel}>
          {id ? t('image.replace') : t('image.choose')}
        </label>
        <input
          id={ids.input}
          type="file"
          accept={IMAGE_TYPES}
          onChange={onFile}
          onBlur={onBlur}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        <button type="button" className={styles.button} onClick={() => setPicking(true)}>
          {tMedia('pickImage')}
        </button>
        {picking && (
          <MediaPicker
            kind="image"
            onClose={() => setPicking(false)}
            onPick={(item) => {
              remember(item);
              onChange(item.id);
              setPicking(false);
              setStatus(t('image.picked', { name: item.name }));
            }}
          />
        )}
        {id && (
          <button type="button" className={styles.button} onClick={remove}>
            {t('image.remove')}
          </button>
        )}
      </div>
    </UploadGroup>
  );
}

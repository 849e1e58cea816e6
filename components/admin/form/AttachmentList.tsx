'use client';

import { useEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { fileKind, formatFileSize } from '@/lib/admin-form/format';
import type { FormValues } from '@/lib/admin-form/values';
import type { WireLanguage } from '@/lib/i18n/languages';
import { renameUpload, uploadFile } from '@/lib/client/resources';
import { MediaPicker } from '../MediaPicker';
import { apiMessage } from './api-errors';
import { UploadGroup, type FieldIds } from './FieldParts';
import { useUploads } from './uploads';
import styles from './form.module.css';

type Action = 'rename' | 'name' | 'up' | 'down' | 'remove';

/**
 * A `files` field: the attachments in order with name, type and size; upload several at once;
 * rename (the display name, `PUT /api/upload/{id}`), move up or down, remove. Every change is
 * announced in a status line, and focus stays on the row being worked on.
 */
export function AttachmentList(props: {
  name: string;
  label: string;
  ids: FieldIds;
  error?: string;
  required: boolean;
  language: WireLanguage;
}) {
  const { ids, error, required, language } = props;
  const t = useTranslations('adminForm');
  const { control } = useFormContext<FormValues>();
  const {
    field: { value, onChange, onBlur, ref },
  } = useController({ name: props.name, control });
  const list = useMemo(() => (Array.isArray(value) ? value : []), [value]);
  const { uploads, remember } = useUploads(list);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [uploadError, setUploadError] = useState('');
  const [picking, setPicking] = useState(false);
  const tMedia = useTranslations('admin.media');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  // The control to focus once the change it follows has rendered (a moved row, the rename box).
  const pendingFocus = useRef<string | null>(null);
  const setFocusTarget = (id: string) => {
    pendingFocus.current = id;
  };
  const controlId = (id: string, action: Action) => `${ids.input}-${id}-${action}`;

  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  const nameOf = (id: string) => {
    const upload = uploads[id];
    return upload && upload !== 'missing' ? upload.name : id;
  };

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    if (!files.length) return;
    setUploadError('');
    setStatus('');
    const added: string[] = [];
    const failures: string[] = [];
    for (const file of files) {
      setBusy(file.name);
      try {
        const upload = await uploadFile(file);
        remember(upload);
        added.push(upload.id);
      } catch (failure) {
        failures.push(t('uploadFailed', { name: file.name, message: apiMessage(failure) ?? t('uploadFailedGeneric') }));
      }
    }
    setBusy(null);
    input.value = '';
    if (added.length) {
      onChange([...list, ...added]);
      setStatus(t('files.uploaded', { count: added.length }));
    }
    setUploadError(failures.join(' '));
  }

  function move(index: number, by: -1 | 1) {
    const target = index + by;
    if (target < 0 || target >= list.length) return;
    const next = [...list];
    [next[index], next[target]] = [next[target], next[index]];
    onChange(next);
    setStatus(t('files.moved', { name: nameOf(list[index]), position: target + 1 }));
    // At the ends the other button is the one that still works.
    const edge = (by === -1 && target === 0) || (by === 1 && target === list.length - 1);
    setFocusTarget(controlId(list[index], edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'));
  }

  function remove(index: number) {
    const name = nameOf(list[index]);
    const next = list.filter((_, i) => i !== index);
    onChange(next);
    setStatus(t('files.removed', { name }));
    setFocusTarget(next.length ? controlId(next[Math.min(index, next.length - 1)], 'remove') : ids.input);
  }

  async function saveName() {
    if (!renaming) return;
    const name = renaming.name.trim();
    if (!name || name === nameOf(renaming.id)) {
      cancelRename();
      return;
    }
    try {
      const renamed = await renameUpload(renaming.id, name);
      remember(renamed);
      setStatus(t('files.renamed', { name: renamed.name }));
      setUploadError('');
      setFocusTarget(controlId(renaming.id, 'rename'));
      setRenaming(null);
    } catch (failure) {
      setUploadError(apiMessage(failure) ?? t('uploadFailedGeneric'));
    }
  }

  function cancelRename() {
    if (renaming) setFocusTarget(controlId(renaming.id, 'rename'));
    setRenaming(null);
  }

  function onNameKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter would submit the whole form; here it saves the name.
    if (event.key === 'Enter') {
      event.preventDefault();
      void saveName();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancelRename();
    }
  }

  return (
    <UploadGroup
      ids={ids}
      label={props.label}
      required={required}
      error={error}
      busy={busy}
      status={status}
      problem={uploadError}
    >
      {list.length === 0 ? (
        <p className={styles.muted}>{t('files.empty')}</p>
      ) : (
        <table className={styles.fileTable}>
          <caption className={styles.visuallyHidden}>{t('files.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('files.name')}</th>
              <th scope="col">{t('files.kind')}</th>
              <th scope="col">{t('files.size')}</th>
              <th scope="col">{t('files.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((id, index) => {
              const upload = uploads[id];
              const known = upload && upload !== 'missing' ? upload : null;
              const name = nameOf(id);
              return (
                <tr key={id}>
                  <td>
                    {renaming?.id === id ? (
                      <span className={styles.inline}>
                        <label htmlFor={controlId(id, 'name')} className={styles.visuallyHidden}>
                          {t('files.newName', { name })}
                        </label>
                        <input
                          id={controlId(id, 'name')}
                          className={styles.control}
                          value={renaming.name}
                          onChange={(event) => setRenaming({ id, name: event.target.value })}
                          onKeyDown={onNameKey}
                        />
                        <button type="button" className={styles.button} onClick={() => void saveName()}>
                          {t('files.saveName')}
                        </button>
                        <button type="button" className={styles.button} onClick={cancelRename}>
                          {t('files.cancelRename')}
                        </button>
                      </span>
                    ) : known ? (
                      <a href={known.url} download={known.name}>
                        {known.name}
                      </a>
                    ) : (
                      <span>{upload === 'missing' ? t('files.missing') : id}</span>
                    )}
                  </td>
                  <td>{known ? fileKind(known.name, known.type) : ''}</td>
                  <td>{known ? formatFileSize(known.size, language) : ''}</td>
                  <td className={styles.rowActions}>
                    <button
                      type="button"
                      id={controlId(id, 'rename')}
                      className={styles.button}
                      aria-label={t('files.renameNamed', { name })}
                      disabled={!known}
                      onClick={() => {
                        setRenaming({ id, name });
                        setFocusTarget(controlId(id, 'name'));
                      }}
                    >
                      {t('files.rename')}
                    </button>
                    <button
                      type="button"
                      id={controlId(id, 'up')}
                      className={styles.button}
                      aria-label={t('files.moveUpNamed', { name })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      {t('files.moveUp')}
                    </button>
                    <button
                      type="button"
                      id={controlId(id, 'down')}
                      className={styles.button}
                      aria-label={t('files.moveDownNamed', { name })}
                      disabled={index === list.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      {t('files.moveDown')}
                    </button>
                    <button
                      type="button"
                      id={controlId(id, 'remove')}
                      className={styles.button}
                      aria-label={t('files.removeNamed', { name })}
                      onClick={() => remove(index)}
                    >
                      {t('files.remove')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className={styles.inline}>
        <label htmlFor={ids.input} className={styles.subLabel}>
          {t('files.add')}
        </label>
        <input
          id={ids.input}
          type="file"
          multiple
          onChange={onFiles}
          onBlur={onBlur}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        <button type="button" className={styles.button} onClick={() => setPicking(true)}>
          {tMedia('pickFile')}
        </button>
        {picking && (
          <MediaPicker
            onClose={() => setPicking(false)}
            onPick={(item) => {
              remember(item);
              if (!list.includes(item.id)) onChange([...list, item.id]);
              setPicking(false);
              setStatus(t('files.picked', { name: item.name }));
            }}
          />
        )}
      </div>
    </UploadGroup>
  );
}

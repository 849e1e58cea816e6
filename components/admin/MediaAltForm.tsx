'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { media, type MediaItem, type Upload } from '@/lib/client/resources';
import { useReportError } from './Toasts';

/**
 * An image's text alternative in both languages (`media/update/{id}`), where the media library
 * lists it and where a form shows the image it chose. A group of controls, not a <form>, so it may
 * stand inside a resource form; Enter in a box saves.
 */
export function MediaAltForm({ upload, onSaved }: { upload: Upload; onSaved?: (item: MediaItem) => void }) {
  const t = useTranslations('admin.media');
  const uid = useId();
  const reportError = useReportError();
  const [alt, setAlt] = useState({ altTw: upload.altTw ?? '', altEn: upload.altEn ?? '' });
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (busy) return;
    setBusy(true);
    setStatus('');
    try {
      const saved = await media.update(upload.id, alt);
      setAlt({ altTw: saved.altTw, altEn: saved.altEn });
      setStatus(t('altSaved'));
      onSaved?.(saved);
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };

  return (
    <div role="group" aria-label={t('altOf', { name: upload.name })} className="media-alt">
      {(['altTw', 'altEn'] as const).map((key) => (
        <div key={key} className="admin-field">
          <label htmlFor={`${uid}-${key}`}>{t(key)}</label>
          <input
            id={`${uid}-${key}`}
            type="text"
            lang={key === 'altTw' ? 'zh-Hant-TW' : 'en'}
            maxLength={500}
            value={alt[key]}
            onChange={(event) => setAlt({ ...alt, [key]: event.target.value })}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void save();
            }}
          />
        </div>
      ))}
      <button type="button" onClick={() => void save()} aria-disabled={busy || undefined}>
        {t('altSave')}
      </button>
      <p role="status" className="media-status">
        {status}
      </p>
    </div>
  );
}

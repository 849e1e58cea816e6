'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type MouseEvent } from 'react';
import useSWR from 'swr';
import { formatWireDate } from '@/lib/admin/cells';
import { useClientLanguage } from '@/lib/client/hooks';
import { media, type MediaItem } from '@/lib/client/resources';
import { useAdminSession } from './AdminSession';
import { saveFile } from './saveFile';
import { useReportError, useToast } from './Toasts';

const percent = (value: number | null) => Math.round((value ?? 0.5) * 100);

/** The types a replacement image may have (the server checks the bytes). */
const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp,image/avif';

/**
 * An image's focal point, its replacement and its original, in the media library. The point is
 * set by clicking the picture, or with the two sliders (keyboard); the crops of fixed ratio keep it
 * in view. 取代檔案 / Replace file puts a new file under the same address, and the files it put
 * aside can be brought back until they expire; 下載原始檔 / Download original saves the file as
 * uploaded (visitors only get the copies without its metadata).
 */
export function MediaImageTools({ item, onChanged }: { item: MediaItem; onChanged: () => void }) {
  const t = useTranslations('admin.media');
  const uid = useId();
  const toast = useToast();
  const reportError = useReportError();
  const [point, setPoint] = useState({ x: percent(item.focalX), y: percent(item.focalY) });
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setStatus('');
    try {
      await work();
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };

  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));
    setPoint({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
  };

  const saveFocus = () =>
    run(async () => {
      const saved = await media.update(item.id, { focalX: point.x / 100, focalY: point.y / 100 });
      setPoint({ x: percent(saved.focalX), y: percent(saved.focalY) });
      setStatus(t('focusSaved'));
      onChanged();
    });

  const replace = () =>
    run(async () => {
      if (!file) return;
      await media.replace(item.id, file);
      setFile(null);
      toast.success(t('replaced', { name: item.name }));
      onChanged();
    });

  const download = () => run(async () => saveFile(await media.original(item.id, item.name)));

  // The files earlier replacements put aside (only an image replaced at least once has any).
  const { language } = useAdminSession();
  const clientLanguage = useClientLanguage();
  const earlier = useSWR(item.version > 1 ? ['media-history', clientLanguage, item.id, item.version] : null, () =>
    media.history(item.id),
  );
  const restore = (version: number) =>
    run(async () => {
      await media.restore(item.id, version);
      toast.success(t('restored', { name: item.name, version }));
      await earlier.mutate();
      onChanged();
    });

  return (
    <div role="group" aria-label={t('imageOf', { name: item.name })} className="media-tools">
      <p id={`${uid}-hint`} className="admin-hint">
        {t('focusHint')}
      </p>
      {item.preview ? (
        <button
          type="button"
          className="media-focus"
          onClick={pick}
          aria-describedby={`${uid}-hint`}
          aria-label={t('focusPick', { name: item.name, x: point.x, y: point.y })}
        >
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={item.preview} alt="" width={item.width ?? undefined} height={item.height ?? undefined} />
          <span className="media-focus__mark" style={{ left: `${point.x}%`, top: `${point.y}%` }} aria-hidden="true" />
        </button>
      ) : null}
      {(['x', 'y'] as const).map((axis) => (
        <div key={axis} className="admin-field">
          <label htmlFor={`${uid}-${axis}`}>{t(axis === 'x' ? 'focusX' : 'focusY')}</label>
          <input
            id={`${uid}-${axis}`}
            type="range"
            min={0}
            max={100}
            step={1}
            value={point[axis]}
            aria-valuetext={`${point[axis]}%`}
            onChange={(event) => setPoint({ ...point, [axis]: Number(event.target.value) })}
          />
        </div>
      ))}
      <button type="button" onClick={() => void saveFocus()} aria-disabled={busy || undefined}>
        {t('focusSave')}
      </button>
      <div className="admin-field">
        <label htmlFor={`${uid}-file`}>{t('replaceFile')}</label>
        <input
          id={`${uid}-file`}
          type="file"
          accept={IMAGE_TYPES}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <button type="button" onClick={() => void replace()} disabled={!file} aria-disabled={busy || undefined}>
        {t('replace')}
      </button>
      <button type="button" onClick={() => void download()} aria-disabled={busy || undefined}>
        {t('original')}
      </button>
      {earlier.data?.length ? (
        <section aria-labelledby={`${uid}-earlier`}>
          <h3 id={`${uid}-earlier`}>{t('earlier')}</h3>
          <ul className="media-earlier">
            {earlier.data.map((entry) => (
              <li key={entry.version}>
                {t('earlierEntry', {
                  version: entry.version,
                  size: entry.width && entry.height ? `${entry.width}×${entry.height}` : entry.type,
                  replacedAt: formatWireDate(entry.replacedAt, language, true),
                  keptUntil: formatWireDate(entry.keptUntil, language, false),
                })}{' '}
                <button
                  type="button"
                  onClick={() => void restore(entry.version)}
                  aria-disabled={busy || undefined}
                  aria-label={t('restoreVersion', { version: entry.version, name: item.name })}
                >
                  {t('restore')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p role="status" className="media-status">
        {busy ? t('working') : status}
      </p>
    </div>
  );
}

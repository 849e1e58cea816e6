'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import useSWR from 'swr';
import { formatFileSize, fileKind } from '@/lib/admin-form/format';
import { totalPages } from '@/lib/admin/pager';
import { media, type MediaItem } from '@/lib/client/resources';
import { useAdminSession } from './AdminSession';
import { LoadStatus } from './LoadStatus';

const PICKER_PAGE_SIZE = 8;
const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * A modal dialog (the native <dialog>: focus stays inside, Escape closes, focus goes back to the
 * button that opened it) listing the media library's uploads, images only when `kind` says so,
 * with a keyword search, paging and a Choose button per upload. It is placed outside the resource
 * form in the page, so its search is a form of its own.
 */
export function MediaPicker({
  kind,
  onPick,
  onClose,
}: {
  kind?: 'image';
  onPick: (item: MediaItem) => void;
  onClose: () => void;
}) {
  const t = useTranslations('admin.media');
  const tList = useTranslations('admin.list');
  const { language } = useAdminSession();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const request = {
    page,
    pageSize: PICKER_PAGE_SIZE,
    ...(kind ? { type: kind } : {}),
    ...(keyword ? { keyword } : {}),
  };
  const { data, error, isLoading, mutate } = useSWR(['media-picker', language, request], () => media.list(request));
  const pages = totalPages(data?.total ?? 0, PICKER_PAGE_SIZE);

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    element?.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setKeyword(String(new FormData(event.currentTarget).get('keyword') ?? '').trim());
    setPage(1);
  };

  return createPortal(
    <dialog
      ref={dialog}
      className="media-picker"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // React events bubble along the component tree, through the portal: keys, changes and the
      // search's submit must not reach the resource form or editor panel that opened the dialog.
      onKeyDown={(event) => {
        event.stopPropagation();
        // A search box eats the first Escape (it clears itself): the dialog closes on any.
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      onChange={stop}
      onSubmit={stop}
    >
      <h2 id={titleId}>{t(kind === 'image' ? 'pickImage' : 'pickFile')}</h2>
      <form role="search" className="admin-filters" onSubmit={search}>
        <div className="admin-field">
          <label htmlFor={`${titleId}-keyword`}>{tList('keyword')}</label>
          <input id={`${titleId}-keyword`} name="keyword" type="search" defaultValue={keyword} />
        </div>
        <div className="admin-filter-buttons">
          <button type="submit">{tList('search')}</button>
        </div>
      </form>
      <LoadStatus error={error} loading={isLoading && !data} retry={mutate} />
      {data ? (
        <ul className="media-picker-list">
          {data.data.length === 0 ? <li>{tList('empty')}</li> : null}
          {data.data.map((item) => (
            <li key={item.id}>
              <MediaThumb item={item} />
              <span className="media-picker-name">
                {item.name}
                <small>
                  {fileKind(item.name, item.type)}, {formatFileSize(item.size, language)}
                </small>
              </span>
              <button type="button" onClick={() => onPick(item)} aria-label={t('chooseRow', { name: item.name })}>
                {t('choose')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="media-picker-pages">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('previous')}
        </button>
        <span aria-live="polite">{t('pageOf', { page, pages })}</span>
        <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('next')}
        </button>
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}

/** An image's small preview (its text alternative in the back office's language), or nothing for other files. */
export function MediaThumb({ item }: { item: MediaItem }) {
  const { language } = useAdminSession();
  if (!item.type.startsWith('image/')) return <span className="media-thumb" aria-hidden="true" />;
  // The small copy the server made (lib/uploads/variants.ts): next/image's optimiser adds nothing.
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      className="media-thumb"
      src={item.preview ?? item.url}
      alt={(language === 'en' ? item.altEn : item.altTw) || item.name}
      loading="lazy"
    />
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import useSWR from 'swr';
import { fileKind, formatFileSize } from '@/lib/admin-form/format';
import { formatWireDate } from '@/lib/admin/cells';
import { DEFAULT_LIST_PAGE_SIZE } from '@/lib/admin/list';
import { mediaFilterKeys, mediaRequest, mediaSearch } from '@/lib/admin/media';
import { clampPage, totalPages } from '@/lib/admin/pager';
import { adminPath, sectionFieldOf } from '@/lib/admin/paths';
import { useClientLanguage } from '@/lib/client/hooks';
import { CANCELLED, media, type MediaUse } from '@/lib/client/resources';
import { findResource } from '@/lib/content/model/registry';
import { isWireLanguage } from '@/lib/i18n/languages';
import { useAdminSession } from './AdminSession';
import { GuardedLink } from './LeaveGuard';
import { FilterForm } from './FilterForm';
import { ListTable, LoadStatus } from './LoadStatus';
import { MediaAltForm } from './MediaAltForm';
import { MediaImageTools } from './MediaImageTools';
import { MediaThumb } from './MediaPicker';
import { Pager } from './Pager';
import { ScreenTitle } from './ScreenTitle';
import { useReportError, useToast } from './Toasts';

/**
 * The media library: every upload, newest first, with a preview, its name, type, size, upload time
 * and where it is used (links to the rows' forms); filters by type, unused and keyword live in the
 * URL. Images get their text alternative, focal point and replacement here, and staff download
 * their original; an upload nothing uses may be deleted.
 */
export function MediaScreen() {
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  const pathname = usePathname();
  const query = new URLSearchParams(useSearchParams().toString());
  const request = mediaRequest(query, DEFAULT_LIST_PAGE_SIZE);
  const { data, error, isLoading, mutate } = useSWR(['media', useClientLanguage(), request], () => media.list(request));
  const pages = totalPages(data?.total ?? 0, DEFAULT_LIST_PAGE_SIZE);
  const toast = useToast();
  const reportError = useReportError();
  const [busy, setBusy] = useState(false);
  const title = t('media.title');

  const remove = async (id: string, name: string) => {
    setBusy(true);
    try {
      if ((await media.remove(id)) !== CANCELLED) {
        toast.success(t('media.deleted', { name }));
        await mutate();
      }
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };

  const placeOf = (use: MediaUse) => {
    if (use.state === 'settings') return t('media.settings', { lang: use.lang ?? '' });
    const definition = findResource(use.resource);
    const name =
      use.title ||
      t('media.untitled', { resource: definition?.label[language] ?? use.resource, id: String(use.rowId) });
    const label = `${definition?.label[language] ?? use.resource}: ${name}`;
    if (use.state === 'trash') return t('media.inTrash', { title: label });
    if (use.state === 'revision') return t('media.inRevision', { title: label });
    // A row's form, in the back office of the row's language; rows of per-section lists are named only.
    const rowLanguage = use.lang && isWireLanguage(use.lang) ? use.lang : language;
    if (!definition || sectionFieldOf(definition) || use.rowId === null) return label;
    return (
      <GuardedLink href={adminPath(rowLanguage, { kind: 'edit', resource: use.resource, id: use.rowId })}>
        {label}
      </GuardedLink>
    );
  };

  return (
    <>
      <ScreenTitle title={title} />
      <p className="admin-hint">{t('media.hint')}</p>
      <FilterForm keys={mediaFilterKeys}>
        <div className="admin-field">
          <label htmlFor="media-type">{t('media.type')}</label>
          <select id="media-type" name="type" defaultValue={query.get('type') ?? ''}>
            <option value="">{t('list.all')}</option>
            <option value="image">{t('media.images')}</option>
            <option value="file">{t('media.files')}</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="media-keyword">{t('list.keyword')}</label>
          <input id="media-keyword" name="keyword" type="search" defaultValue={query.get('keyword') ?? ''} />
        </div>
        <div className="admin-field admin-check">
          <input
            id="media-unused"
            name="unused"
            type="checkbox"
            value="1"
            defaultChecked={query.get('unused') === '1'}
          />
          <label htmlFor="media-unused">{t('media.unused')}</label>
        </div>
      </FilterForm>
      <LoadStatus error={error} loading={isLoading && !data} retry={mutate} />
      {data ? (
        <ListTable
          name={title}
          total={data.total}
          columns={[
            t('media.preview'),
            t('media.name'),
            t('media.type'),
            t('media.size'),
            t('media.uploaded'),
            t('media.usedIn'),
            t('media.alt'),
            t('columns.actions'),
          ]}
          empty={t('list.empty')}
        >
          {data.data.map((item) => (
            <tr key={item.id} data-media-id={item.id}>
              <td>
                <MediaThumb item={item} />
              </td>
              <td>
                <a href={item.url} target="_blank" rel="noopener noreferrer">
                  {item.name}
                </a>
              </td>
              <td>{fileKind(item.name, item.type)}</td>
              <td>{formatFileSize(item.size, language)}</td>
              <td>{formatWireDate(item.createdAt, language, true)}</td>
              <td>
                {item.usedBy.length ? (
                  <ul className="media-uses">
                    {item.usedBy.map((use) => (
                      <li key={`${use.resource}/${use.rowId}/${use.lang}`}>{placeOf(use)}</li>
                    ))}
                  </ul>
                ) : (
                  t('media.notUsed')
                )}
              </td>
              <td>
                {item.type.startsWith('image/') ? (
                  <details>
                    <summary>{(language === 'en' ? item.altEn : item.altTw) || t('media.altNone')}</summary>
                    <MediaAltForm upload={item} onSaved={() => void mutate()} />
                  </details>
                ) : null}
              </td>
              <td className="admin-actions">
                {item.preview ? (
                  <details>
                    <summary>{t('media.image')}</summary>
                    <MediaImageTools item={item} onChanged={() => void mutate()} />
                  </details>
                ) : null}
                {item.usedBy.length === 0 ? (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void remove(item.id, item.name)}
                    aria-label={t('media.deleteRow', { name: item.name })}
                  >
                    {t('list.delete')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {data ? (
        <Pager
          page={clampPage(request.page, pages)}
          pages={pages}
          href={(page) => `${pathname}${mediaSearch({ ...Object.fromEntries(query), page: String(page) })}`}
        />
      ) : null}
    </>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { resourceApi } from '@/lib/client/resources';
import { useAdminSession } from './AdminSession';
import { useReportError, useToast } from './Toasts';
import { formatWireDate } from '@/lib/admin/cells';

/**
 * The "last updated" date a board or committee shows on the public site (`getupdatetime`,
 * `changeupdatetime`): set on purpose, not by every edit.
 */
export function UpdateStamp({ resource, section }: { resource: string; section: number }) {
  const t = useTranslations('admin');
  const { language } = useAdminSession();
  const toast = useToast();
  const reportError = useReportError();
  const [busy, setBusy] = useState(false);
  const api = resourceApi(resource);
  const { data, mutate } = useSWR(['updatetime', language, resource, section], () =>
    api.call<{ date: string | null }>('GET', `getupdatetime/${section}`),
  );
  const stamp = async () => {
    setBusy(true);
    try {
      await mutate(await api.call<{ date: string | null }>('POST', `changeupdatetime/${section}`), {
        revalidate: false,
      });
      toast.success(t('toast.stamped'));
    } catch (error) {
      reportError(error);
    }
    setBusy(false);
  };
  const date = data?.date ? formatWireDate(data.date, language, true) : null;
  return (
    <div className="admin-stamp">
      <span>
        {t('stamp.label')}:{' '}
        <output data-testid="update-stamp">{data === undefined ? '…' : (date ?? t('stamp.none'))}</output>
      </span>
      <button type="button" onClick={stamp} disabled={busy}>
        {t('stamp.update')}
      </button>
    </div>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { exportFile, type Query } from '@/lib/client/resources';
import { useReportError } from './Toasts';

/**
 * 匯出 / Export: the rows the list's filters, keyword, status and sort select (every page) as a CSV
 * or XLSX file, downloaded under the name the server gives it (docs/back-office.md).
 */
export function ExportButtons({ path, body, query }: { path: string; body: object; query?: Query }) {
  const t = useTranslations('admin');
  const reportError = useReportError();
  const [busy, setBusy] = useState(false);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const file = await exportFile(path, format, body, query);
      const url = URL.createObjectURL(file.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // The download has started from the address; freeing it at once can cancel it in some browsers.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };
  return (
    <div className="admin-export" role="group" aria-label={t('export.label')}>
      <button type="button" onClick={() => download('csv')} disabled={busy}>
        {t('export.csv')}
      </button>
      <button type="button" onClick={() => download('xlsx')} disabled={busy}>
        {t('export.xlsx')}
      </button>
      <output aria-live="polite">{busy ? t('export.busy') : ''}</output>
    </div>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { exportFile, type Query } from '@/lib/client/resources';
import { saveFile } from './saveFile';
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
      saveFile(await exportFile(path, format, body, query));
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

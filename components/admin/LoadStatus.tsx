'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

/** What a screen shows while its data loads, or when loading failed (with a retry button). */
export function LoadStatus({ error, loading, retry }: { error: unknown; loading: boolean; retry: () => unknown }) {
  const t = useTranslations('admin');
  return (
    <>
      {error ? (
        <div role="alert" className="admin-error">
          {t('loadFailed')}{' '}
          <button type="button" onClick={() => retry()}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {loading ? <p role="status">{t('loading')}</p> : null}
    </>
  );
}

/** A screen's data table: `{name}, {total} in all` as its caption, scrolling sideways when narrow. */
export function AdminTable({ name, total, children }: { name: string; total: number; children: ReactNode }) {
  const t = useTranslations('admin');
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{t('list.caption', { name, total: t('list.total', { total }) })}</caption>
        {children}
      </table>
    </div>
  );
}

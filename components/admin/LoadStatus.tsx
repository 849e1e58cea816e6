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
  const caption = t('list.caption', { name, total: t('list.total', { total }) });
  // A wide table scrolls within its frame; the frame takes focus so the keyboard can scroll it too.
  return (
    <div className="admin-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table">
        <caption>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A screen's data table with its column headers, and one row saying `empty` when it has no rows. */
export function ListTable({
  name,
  total,
  columns,
  empty,
  children,
}: {
  name: string;
  total: number;
  columns: string[];
  empty: string;
  children: ReactNode[];
}) {
  return (
    <AdminTable name={name} total={total}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {children.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        ) : (
          children
        )}
      </tbody>
    </AdminTable>
  );
}

/** A filter form's buttons: search, and clear while a filter is set. */
export function FilterButtons({ active, onClear }: { active: boolean; onClear: () => void }) {
  const t = useTranslations('admin.list');
  return (
    <div className="admin-filter-buttons">
      <button type="submit">{t('search')}</button>
      {active ? (
        <button type="button" onClick={onClear}>
          {t('clear')}
        </button>
      ) : null}
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { formatWireDate } from '@/lib/admin/cells';
import { adminPath } from '@/lib/admin/paths';
import { useClientLanguage } from '@/lib/client/hooks';
import { resourceApi, review, type Row } from '@/lib/client/resources';
import { useAdminSession } from './AdminSession';
import { useReportError, useToast } from './Toasts';

/** How many due rows the dashboard lists. */
const DUE_LISTED = 10;

/**
 * Under a public row's form: its 下次檢視日 (a date to set) and 最後檢視, and 「已檢視」, which
 * records that the row was checked as it is and moves its date on by the cycle.
 */
export function ReviewDates({ resource, row, onChanged }: { resource: string; row: Row; onChanged: () => unknown }) {
  const t = useTranslations('admin.reviewCycle');
  const { language } = useAdminSession();
  const toast = useToast();
  const reportError = useReportError();
  const dateId = useId();
  const current = typeof row.reviewAt === 'string' ? row.reviewAt.slice(0, 10) : '';
  const [date, setDate] = useState(current);
  const [busy, setBusy] = useState(false);
  const api = resourceApi(resource);
  const id = Number(row.id);

  const run = async (work: () => Promise<Row>, done: (answer: Row) => string) => {
    setBusy(true);
    try {
      const answer = await work();
      toast.success(done(answer));
      if (typeof answer.reviewAt === 'string') setDate(answer.reviewAt.slice(0, 10));
      await onChanged();
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };

  return (
    <section className="admin-review-dates" aria-labelledby="review-dates-heading">
      <h2 id="review-dates-heading">{t('title')}</h2>
      <p>
        {t('reviewedAt')}:{' '}
        {typeof row.reviewedAt === 'string' ? formatWireDate(row.reviewedAt, language, false) : t('never')}
      </p>
      <div className="admin-field">
        <label htmlFor={dateId}>{t('reviewAt')}</label>
        <input id={dateId} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </div>
      <div className="admin-actions">
        <button
          type="button"
          disabled={busy || date === current}
          onClick={() =>
            run(
              () => api.update({ id, reviewAt: date || null }),
              () => t('dateSaved'),
            )
          }
        >
          {t('setDate')}
        </button>
        <button
          type="button"
          className="admin-button-primary"
          disabled={busy}
          aria-describedby="reviewed-hint"
          onClick={() =>
            run(
              () => api.call<Row>('POST', `reviewed/${id}`),
              (answer) => t('reviewedDone', { date: formatWireDate(String(answer.reviewAt ?? ''), language, false) }),
            )
          }
        >
          {t('reviewed')}
        </button>
      </div>
      <p id="reviewed-hint" className="admin-hint">
        {t('reviewedHint')}
      </p>
    </section>
  );
}

/** The dashboard's rows past their review date, the longest overdue first, each linking to its form. */
export function DueForReview() {
  const t = useTranslations('admin');
  const { language } = useAdminSession();
  const { data, error } = useSWR(['review-due', useClientLanguage()], () =>
    review.due({ page: 1, pageSize: DUE_LISTED }),
  );
  if (!data) return <p role="status">{error ? t('loadFailed') : t('loading')}</p>;
  if (!data.data.length) return <p>{t('reviewCycle.dueNone')}</p>;
  return (
    <ul className="admin-message-list">
      {data.data.map((row) => (
        <li key={`${row.resource}/${row.rowId}`}>
          <Link
            href={adminPath(language, {
              kind: 'edit',
              resource: row.resource,
              id: row.rowId,
              ...(row.section === undefined ? {} : { section: row.section }),
            })}
          >
            {row.title}
          </Link>
          <span>
            {row.resourceLabel} · {t('reviewCycle.reviewAt')} {formatWireDate(row.reviewAt, language, false)}
          </span>
        </li>
      ))}
    </ul>
  );
}

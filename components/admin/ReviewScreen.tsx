'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { useId, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { formatWireDate } from '@/lib/admin/cells';
import { DEFAULT_LIST_PAGE_SIZE } from '@/lib/admin/list';
import { clampPage, totalPages } from '@/lib/admin/pager';
import { useClientLanguage } from '@/lib/client/hooks';
import { resourceApi, review, type PendingEntry } from '@/lib/client/resources';
import { useAdminSession } from './AdminSession';
import { ListTable, LoadStatus } from './LoadStatus';
import { Pager } from './Pager';
import { PendingDiff } from './PendingChange';
import { PreviewLink } from './PreviewLink';
import { ScreenTitle } from './ScreenTitle';
import { useReportError, useToast } from './Toasts';
import { useInvalidateResource } from './useInvalidate';

/** The SWR key of the count the menu's badge shows; the screen refreshes it after each decision. */
export const reviewCountKey = (language: string) => ['review-count', language] as const;

/**
 * 待審核 / Awaiting approval (Admins): every change Users submitted in this language, newest first;
 * opening one shows its diff to the live version, a preview link, and approve or reject with a
 * comment (required to reject, shown to the author).
 */
export function ReviewScreen() {
  const t = useTranslations('admin');
  const { language } = useAdminSession();
  const clientLanguage = useClientLanguage();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const { data, error, isLoading, mutate } = useSWR(['review-open', clientLanguage, page], () =>
    review.open({ page, pageSize: DEFAULT_LIST_PAGE_SIZE }),
  );
  const [chosen, setChosen] = useState<PendingEntry | null>(null);
  const pages = totalPages(data?.total ?? 0, DEFAULT_LIST_PAGE_SIZE);
  const title = t('review.title');

  return (
    <>
      <ScreenTitle title={title} />
      <p className="admin-hint">{t('review.hint')}</p>
      <LoadStatus error={error} loading={isLoading && !data} retry={mutate} />
      {data ? (
        <ListTable
          name={title}
          total={data.total}
          columns={[
            t('review.row'),
            t('review.resource'),
            t('review.kind'),
            t('review.submittedBy'),
            t('review.submittedAt'),
            t('columns.actions'),
          ]}
          empty={t('review.empty')}
        >
          {data.data.map((entry) => (
            <tr key={entry.id} data-row-id={entry.rowId} aria-current={chosen?.id === entry.id ? 'true' : undefined}>
              <td>{entry.title}</td>
              <td>{entry.resourceLabel}</td>
              <td>{t(`review.kinds.${entry.kind}`)}</td>
              <td>{entry.submittedByName ?? '—'}</td>
              <td>{formatWireDate(entry.submittedAt, language, true)}</td>
              <td className="admin-actions">
                <button
                  type="button"
                  aria-expanded={chosen?.id === entry.id}
                  onClick={() => setChosen(chosen?.id === entry.id ? null : entry)}
                  aria-label={t('review.openRow', { title: entry.title })}
                >
                  {t('review.open')}
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {data ? <Pager page={clampPage(page, pages)} pages={pages} href={(p) => `${pathname}?page=${p}`} /> : null}
      {chosen ? (
        <ReviewDecision
          key={chosen.id}
          entry={chosen}
          onDone={async () => {
            setChosen(null);
            await mutate();
          }}
          onClose={() => setChosen(null)}
        />
      ) : null}
    </>
  );
}

/** One submission: its diff, a preview of the row, and the reviewer's comment with approve and reject. */
function ReviewDecision({
  entry,
  onDone,
  onClose,
}: {
  entry: PendingEntry;
  onDone: () => Promise<void>;
  onClose: () => void;
}) {
  const t = useTranslations('admin');
  const clientLanguage = useClientLanguage();
  const toast = useToast();
  const reportError = useReportError();
  const invalidate = useInvalidateResource();
  const { mutate: mutateKey } = useSWRConfig();
  const api = resourceApi(entry.resource);
  const { data: change, error } = useSWR(['pending', clientLanguage, entry.resource, entry.rowId, entry.id], () =>
    api.pending(entry.rowId),
  );
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const commentId = useId();
  const headingId = useId();

  const decide = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      await Promise.all([invalidate(entry.resource), mutateKey(reviewCountKey(clientLanguage))]);
      await onDone();
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };

  return (
    <section className="admin-review-decision" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {entry.title} <span className="admin-hint-inline">({entry.resourceLabel})</span>
      </h2>
      {change ? (
        <>
          <PendingDiff change={change} />
          {change.kind !== 'delete' ? (
            <p>
              <PreviewLink resource={entry.resource} row={{ ...change.live, pending: { id: change.id } }}>
                {t('form.preview')}
              </PreviewLink>
            </p>
          ) : null}
        </>
      ) : (
        <p role="status">{error ? t('loadFailed') : t('loading')}</p>
      )}
      <div className="admin-field">
        <label htmlFor={commentId}>{t('review.comment')}</label>
        <textarea id={commentId} rows={3} value={comment} onChange={(event) => setComment(event.target.value)} />
      </div>
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button-primary"
          disabled={busy || !change}
          onClick={() => decide(() => api.approve(entry.rowId, comment), t('toast.approved'))}
        >
          {t('review.approve')}
        </button>
        <button
          type="button"
          disabled={busy || !change}
          onClick={() => decide(() => api.reject(entry.rowId, comment), t('toast.rejected'))}
        >
          {t('review.reject')}
        </button>
        <button type="button" disabled={busy} onClick={onClose}>
          {t('review.close')}
        </button>
      </div>
    </section>
  );
}

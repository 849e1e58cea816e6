'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { formatWireDate } from '@/lib/admin/cells';
import { adminPath } from '@/lib/admin/paths';
import { revisionDiff } from '@/lib/admin-form/revision-diff';
import { useClientLanguage } from '@/lib/client/hooks';
import { resourceApi, review, type PendingChange } from '@/lib/client/resources';
import { findResource } from '@/lib/content/model/registry';
import { useAdminSession } from './AdminSession';
import { changeSide, FieldSidesTable } from './FieldSidesTable';

/** How many submissions the dashboard lists. */
const NEWEST_SUBMISSIONS = 10;

/**
 * A submission's change, field by field, as the live row has it and as approval would leave it
 * (a new row: every filled field; a deletion: a sentence saying so).
 */
export function PendingDiff({ change }: { change: PendingChange }) {
  const definition = findResource(change.resource)!;
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  if (change.kind === 'delete' || !change.proposed) return <p>{t('review.deletion')}</p>;
  const fields = revisionDiff(definition, change.kind === 'new' ? {} : change.live, change.proposed, language, {
    yes: t('yes'),
    no: t('no'),
  });
  if (!fields.length) return <p>{t('review.noDiff')}</p>;
  return (
    <FieldSidesTable
      rows={fields}
      headings={[t('review.field'), t('review.live'), t('review.proposed')]}
      cell={changeSide}
      caption={t('review.diffTitle', { title: change.title })}
      className="admin-table admin-pending-diff"
    />
  );
}

/**
 * Above a row's form: the change of it that awaits approval (since when, by whom, and its diff to
 * the live version), or the reviewer's comment on the last one that was rejected.
 */
export function PendingBanner({ resource, rowId, pendingId }: { resource: string; rowId: number; pendingId?: number }) {
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  const { data } = useSWR(['pending', useClientLanguage(), resource, rowId, pendingId ?? 0], () =>
    resourceApi(resource)
      .pending(rowId)
      .catch(() => null),
  );
  if (!data) return null;
  if (data.status === 'rejected')
    return (
      <p className="admin-pending admin-pending-rejected" role="note">
        {t('review.rejectedNote', {
          date: formatWireDate(data.decidedAt ?? '', language, true),
          name: data.decidedByName ?? '—',
          comment: data.comment ?? '',
        })}
      </p>
    );
  if (data.status !== 'pending') return null;
  return (
    <section className="admin-pending" aria-labelledby="pending-heading">
      <h2 id="pending-heading">
        {t('review.pendingSince', {
          date: formatWireDate(data.submittedAt, language, true),
          kind: t(`review.kinds.${data.kind}`),
          name: data.submittedByName ?? '—',
        })}
      </h2>
      <PendingDiff change={data} />
    </section>
  );
}

/** The signed-in account's own submissions and their state (awaiting, approved, rejected with the comment). */
export function MySubmissions() {
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  const { data, error } = useSWR(['review-mine', useClientLanguage()], () =>
    review.mine({ page: 1, pageSize: NEWEST_SUBMISSIONS }),
  );
  if (!data) return <p role="status">{error ? t('loadFailed') : t('loading')}</p>;
  if (!data.data.length) return <p>{t('review.mineEmpty')}</p>;
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th scope="col">{t('review.row')}</th>
          <th scope="col">{t('review.kind')}</th>
          <th scope="col">{t('review.submittedAt')}</th>
          <th scope="col">{t('review.status')}</th>
          <th scope="col">{t('review.reviewerComment')}</th>
        </tr>
      </thead>
      <tbody>
        {data.data.map((entry) => (
          <tr key={entry.id} data-status={entry.status}>
            <th scope="row">
              {entry.kind === 'delete' && entry.status === 'approved' ? (
                entry.title
              ) : (
                <Link
                  href={adminPath(language, {
                    kind: 'edit',
                    resource: entry.resource,
                    id: entry.rowId,
                    ...(entry.section === undefined ? {} : { section: entry.section }),
                  })}
                >
                  {entry.title}
                </Link>
              )}{' '}
              <span className="admin-hint-inline">({entry.resourceLabel})</span>
            </th>
            <td>{t(`review.kinds.${entry.kind}`)}</td>
            <td>{formatWireDate(entry.submittedAt, language, true)}</td>
            <td>{t(`review.statuses.${entry.status}`)}</td>
            <td>{entry.comment ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

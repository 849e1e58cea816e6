'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { revisionDiff } from '@/lib/admin-form/revision-diff';
import { changeSide, FieldSidesTable } from './FieldSidesTable';
import { useClientLanguage } from '@/lib/client/hooks';
import { resourceApi, type Row } from '@/lib/client/resources';
import { findResource } from '@/lib/content/model/registry';
import { useAdminSession } from './AdminSession';
import { useReportError } from './Toasts';
import { formatWireDate } from '@/lib/admin/cells';

/**
 * A row's saved revisions under its form: who saved each and when; choosing one shows, field by
 * field, what restoring it would change in the row as it is now, and a button that restores it.
 */
export function RevisionHistory({
  resource,
  rowId,
  current,
  onRestored,
}: {
  resource: string;
  rowId: number;
  current: Row;
  onRestored: () => Promise<void>;
}) {
  const definition = findResource(resource)!;
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  const reportError = useReportError();
  const api = resourceApi(resource);
  const clientLanguage = useClientLanguage();
  const { data: revisions, mutate } = useSWR(['revisions', clientLanguage, resource, rowId, current.updatedAt], () =>
    api.revisions(rowId),
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const { data: values } = useSWR(chosen === null ? null : ['revision', clientLanguage, resource, rowId, chosen], () =>
    api.revision(rowId, chosen as number),
  );
  const [busy, setBusy] = useState(false);
  const changes = values ? revisionDiff(definition, current, values, language, { yes: t('yes'), no: t('no') }) : [];

  const restore = async () => {
    if (chosen === null) return;
    setBusy(true);
    try {
      await api.restoreRevision(rowId, chosen);
      setChosen(null);
      await mutate();
      await onRestored();
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };

  return (
    <section className="admin-revisions" aria-labelledby="revisions-heading">
      <h2 id="revisions-heading">{t('revisions.title')}</h2>
      {!revisions ? <p role="status">{t('loading')}</p> : null}
      {revisions?.length === 0 ? <p>{t('revisions.none')}</p> : null}
      {revisions?.length ? (
        <ol className="admin-revision-list">
          {revisions.map((entry, index) => (
            <li key={entry.revision}>
              <button
                type="button"
                aria-pressed={chosen === entry.revision}
                onClick={() => setChosen(chosen === entry.revision ? null : entry.revision)}
              >
                {t('revisions.entry', {
                  revision: entry.revision,
                  savedAt: formatWireDate(entry.savedAt, language, true),
                  account: entry.accountName ?? '—',
                })}
                {index === 0 ? ` ${t('revisions.current')}` : ''}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {chosen !== null && values ? (
        <div className="admin-revision-diff" role="region" aria-label={t('revisions.diffTitle', { revision: chosen })}>
          <h3>{t('revisions.diffTitle', { revision: chosen })}</h3>
          {changes.length === 0 ? (
            <p>{t('revisions.same')}</p>
          ) : (
            <FieldSidesTable
              rows={changes}
              headings={[t('revisions.field'), t('revisions.now'), t('revisions.then')]}
              cell={changeSide}
            />
          )}
          <button type="button" className="admin-button-primary" disabled={busy} onClick={restore}>
            {t('revisions.restore', { revision: chosen })}
          </button>
        </div>
      ) : null}
    </section>
  );
}

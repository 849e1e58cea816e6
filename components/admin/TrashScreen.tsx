'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import useSWR from 'swr';
import { DEFAULT_LIST_PAGE_SIZE } from '@/lib/admin/list';
import { clampPage, totalPages } from '@/lib/admin/pager';
import { adminPath } from '@/lib/admin/paths';
import { useClientLanguage } from '@/lib/client/hooks';
import { CANCELLED, resourceApi, type Row } from '@/lib/client/resources';
import { findResource } from '@/lib/content/model/registry';
import { useAdminSession } from './AdminSession';
import { GuardedLink } from './LeaveGuard';
import { ListTable, LoadStatus } from './LoadStatus';
import { Pager } from './Pager';
import { ScreenTitle } from './ScreenTitle';
import { useReportError, useToast } from './Toasts';
import { useInvalidateResource } from './useInvalidate';
import { formatWireDate } from '@/lib/admin/cells';

/**
 * A resource's trash: deleted rows of this language, latest first, each with who deleted it and
 * when; restore puts a row back in its list, and Admins may purge it for good (with a confirm).
 */
export function TrashScreen({ resource }: { resource: string }) {
  const definition = findResource(resource)!;
  const { language, account } = useAdminSession();
  const t = useTranslations('admin');
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const toast = useToast();
  const reportError = useReportError();
  const invalidate = useInvalidateResource();
  const [busy, setBusy] = useState(false);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const api = resourceApi(resource);
  const { data, error, isLoading, mutate } = useSWR(['trash', useClientLanguage(), resource, page], () =>
    api.trash({ page, pageSize: DEFAULT_LIST_PAGE_SIZE }),
  );
  const pages = totalPages(data?.total ?? 0, DEFAULT_LIST_PAGE_SIZE);
  const title = t('trash.title', { name: definition.label[language] });
  const rowTitle = (row: Row) => String(row[definition.titleField] ?? '') || t('list.untitled', { id: String(row.id) });

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      if ((await work()) !== CANCELLED) {
        toast.success(done);
        await Promise.all([mutate(), invalidate(resource)]);
      }
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };

  return (
    <>
      <ScreenTitle title={title}>
        <GuardedLink href={adminPath(language, { kind: 'list', resource })}>{t('form.backToList')}</GuardedLink>
      </ScreenTitle>
      <p className="admin-hint">{t('trash.hint')}</p>
      <LoadStatus error={error} loading={isLoading && !data} retry={mutate} />
      {data ? (
        <ListTable
          name={title}
          total={data.total}
          columns={[
            definition.fields[definition.titleField]?.label[language] ?? 'id',
            t('trash.deletedAt'),
            t('trash.deletedBy'),
            t('columns.actions'),
          ]}
          empty={t('trash.empty')}
        >
          {data.data.map((row) => {
            const name = rowTitle(row);
            return (
              <tr key={String(row.id)} data-row-id={String(row.id)}>
                <td>{name}</td>
                <td>{formatWireDate(String(row.deletedAt ?? ''), language, true)}</td>
                <td>{String(row.deletedByName ?? '')}</td>
                <td className="admin-actions">
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => run(() => api.restore(Number(row.id)), t('toast.restored'))}
                    aria-label={t('trash.restoreRow', { title: name })}
                  >
                    {t('trash.restore')}
                  </button>
                  {account.role === 1 ? (
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => run(() => api.purge(Number(row.id)), t('toast.purged'))}
                      aria-label={t('trash.purgeRow', { title: name })}
                    >
                      {t('trash.purge')}
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </ListTable>
      ) : null}
      {data ? <Pager page={clampPage(page, pages)} pages={pages} href={(p) => `${pathname}?page=${p}`} /> : null}
    </>
  );
}

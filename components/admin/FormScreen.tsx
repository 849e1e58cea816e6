'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ResourceForm } from '@/components/admin/form';
import { draftKey } from '@/lib/admin-form/drafts';
import { adminPath, sectionFieldOf, sectionPath } from '@/lib/admin/paths';
import { useRow } from '@/lib/client/hooks';
import { keepsHistory, traits } from '@/lib/content/model/define';
import { findResource } from '@/lib/content/model/registry';
import { useAdminSession } from './AdminSession';
import { GuardedLink, useLeaveGuard } from './LeaveGuard';
import { ReviewDates } from './ReviewDates';
import { RevisionHistory } from './RevisionHistory';
import { ScreenTitle } from './ScreenTitle';
import { useToast } from './Toasts';
import { useInvalidateResource } from './useInvalidate';
import { PendingBanner } from './PendingChange';
import { PreviewLink } from './PreviewLink';
import { MemberAccountsPanel } from './MemberAccountsPanel';
import { AccountSecurityPanel } from './SessionsPanel';

/** The form of any resource (the form helper's ResourceForm) in the back office's frame. */
export function FormScreen({ resource, section, rowId }: { resource: string; section?: number; rowId?: number }) {
  const definition = findResource(resource)!;
  const { language, account } = useAdminSession();
  const t = useTranslations('admin');
  const router = useRouter();
  const toast = useToast();
  const { setDirty, confirmLeave } = useLeaveGuard();
  const invalidate = useInvalidateResource();
  const path = sectionPath(section);
  const { data: row, mutate: reloadRow } = useRow(resource, rowId ?? null, path);
  const sectionLabel =
    section === undefined
      ? undefined
      : sectionFieldOf(definition)?.list.find((s) => s.value === section)?.label[language];
  const name = sectionLabel ? `${definition.label[language]}：${sectionLabel}` : definition.label[language];
  const listHref = adminPath(language, { kind: 'list', resource, ...(section === undefined ? {} : { section }) });
  // A restored revision changes the stored row under the form: the form is built again from it.
  const [formVersion, setFormVersion] = useState(0);

  return (
    <>
      <ScreenTitle title={t(rowId === undefined ? 'form.newTitle' : 'form.editTitle', { name })}>
        <GuardedLink href={listHref}>{t('form.backToList')}</GuardedLink>
        {row ? (
          <PreviewLink resource={resource} row={row}>
            {t('form.preview')}
          </PreviewLink>
        ) : null}
        {resource === 'webactivity' && rowId !== undefined ? (
          <GuardedLink href={adminPath(language, { kind: 'registrations', id: rowId })}>
            {t('registrations.title')}
          </GuardedLink>
        ) : null}
      </ScreenTitle>
      {rowId !== undefined && row ? (
        <PendingBanner resource={resource} rowId={rowId} pendingId={(row.pending as { id?: number } | undefined)?.id} />
      ) : null}
      <ResourceForm
        key={formVersion}
        resource={resource}
        rowId={rowId}
        path={path}
        draftKey={draftKey(account.username, resource, rowId, section)}
        onDirtyChange={setDirty}
        onSaved={async (saved, { stay }) => {
          setDirty(false);
          // A User's save while publishing needs approval waits for an Admin: say so.
          toast.success(t(saved.pending ? 'toast.submitted' : 'toast.saved'));
          await invalidate(resource);
          // Kept open: a new row's form becomes its edit form, with its history and preview.
          if (!stay) router.push(listHref);
          else if (rowId === undefined)
            router.replace(
              adminPath(language, {
                kind: 'edit',
                resource,
                id: Number(saved.id),
                ...(section === undefined ? {} : { section }),
              }),
            );
        }}
        onCancel={() => {
          if (confirmLeave()) router.push(listHref);
        }}
      />
      {resource === 'webmemberdept' && rowId !== undefined && row && account.role === 1 ? (
        <MemberAccountsPanel memberId={rowId} />
      ) : null}
      {resource === 'account' && rowId !== undefined && row && account.role === 1 ? (
        <AccountSecurityPanel accountId={rowId} username={String(row.username ?? '')} />
      ) : null}
      {rowId !== undefined && row && traits(definition).read === 'public' ? (
        <ReviewDates key={String(row.version)} resource={resource} row={row} onChanged={() => reloadRow()} />
      ) : null}
      {rowId !== undefined && row && keepsHistory(definition) ? (
        <RevisionHistory
          resource={resource}
          rowId={rowId}
          current={row}
          onRestored={async () => {
            setDirty(false);
            toast.success(t('toast.restored'));
            await invalidate(resource);
            setFormVersion((version) => version + 1);
          }}
        />
      ) : null}
    </>
  );
}

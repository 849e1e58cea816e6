'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { adminPath } from '@/lib/admin/paths';
import { useRow } from '@/lib/client/hooks';
import { resourceApi } from '@/lib/client/resources';
import { findResource } from '@/lib/content/model/registry';
import { useAdminSession } from './AdminSession';
import { GuardedLink, useLeaveGuard } from './LeaveGuard';
import { ScreenTitle } from './ScreenTitle';
import { useReportError, useToast } from './Toasts';
import { useInvalidateResource } from './useInvalidate';

/** The message fields shown as they came from the visitor. */
const shownFields = ['name', 'email', 'phone', 'subject', 'message'] as const;

/**
 * One contact message (kept for good, never deleted): what the visitor wrote, read-only,
 * and the handling staff record: its status and a reply note.
 */
export function ContactScreen({ id }: { id: number }) {
  const definition = findResource('webcontact')!;
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  const router = useRouter();
  const toast = useToast();
  const reportError = useReportError();
  const { setDirty } = useLeaveGuard();
  const invalidate = useInvalidateResource();
  const { data: row, error } = useRow('webcontact', id);
  const [busy, setBusy] = useState(false);
  const inbox = adminPath(language, { kind: 'list', resource: 'webcontact' });
  const status = definition.fields.status;
  const replyNote = definition.fields.replyNote;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await resourceApi('webcontact').update({
        id,
        status: Number(form.get('status')),
        replyNote: String(form.get('replyNote') ?? ''),
      });
      setDirty(false);
      toast.success(t('toast.saved'));
      await invalidate('webcontact');
      router.push(inbox);
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };

  return (
    <>
      <ScreenTitle title={row ? `${t('contact.title')}：${String(row.subject ?? '')}` : t('contact.title')}>
        <GuardedLink href={inbox}>{t('contact.back')}</GuardedLink>
      </ScreenTitle>
      {error ? <p role="alert">{t('loadFailed')}</p> : null}
      {!row && !error ? <p role="status">{t('loading')}</p> : null}
      {row ? (
        <>
          <dl className="admin-details">
            {shownFields.map((key) => (
              <div key={key}>
                <dt>{definition.fields[key].label[language]}</dt>
                <dd className={key === 'message' ? 'admin-pre' : undefined}>{String(row[key] ?? '')}</dd>
              </div>
            ))}
            <div>
              <dt>{t('contact.received')}</dt>
              <dd>{String(row.createdAt ?? '').replace('T', ' ')}</dd>
            </div>
          </dl>
          <form className="admin-form-plain" onSubmit={save} onChange={() => setDirty(true)}>
            <div className="admin-field">
              <label htmlFor="contact-status">{status.label[language]}</label>
              <select id="contact-status" name="status" defaultValue={String(row.status ?? 0)}>
                {status.kind === 'choice'
                  ? status.choices.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label[language]}
                      </option>
                    ))
                  : null}
              </select>
            </div>
            <div className="admin-field">
              <label htmlFor="contact-reply">{replyNote.label[language]}</label>
              <textarea
                id="contact-reply"
                name="replyNote"
                rows={6}
                maxLength={replyNote.kind === 'longtext' ? replyNote.max : undefined}
                defaultValue={String(row.replyNote ?? '')}
              />
            </div>
            <button type="submit" className="admin-button-primary" disabled={busy}>
              {t('contact.save')}
            </button>
          </form>
        </>
      ) : null}
    </>
  );
}

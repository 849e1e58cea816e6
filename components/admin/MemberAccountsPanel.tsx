'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { formatWireDate } from '@/lib/admin/cells';
import { adminPath } from '@/lib/admin/paths';
import { memberAccounts } from '@/lib/client/member-accounts';
import { useAdminSession } from './AdminSession';
import { GuardedLink } from './LeaveGuard';
import { errorText, useToast } from './Toasts';

/**
 * 會員帳號 on a member institution's form (Admins): its Member accounts with their last sign-in, and
 * the invitations not taken up, each to resend (a new 7-day link) or revoke.
 */
export function MemberAccountsPanel({ memberId }: { memberId: number }) {
  const { language } = useAdminSession();
  const t = useTranslations('admin.memberAccounts');
  const tAdmin = useTranslations('admin');
  const toast = useToast();
  const { data, error, mutate } = useSWR(['member/accounts', memberId, language], () =>
    memberAccounts.roster(memberId),
  );
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
    } catch (failure) {
      toast.error(errorText(failure));
    }
    await mutate();
    setBusy(false);
  };

  return (
    <section aria-labelledby="member-accounts" className="security-section">
      <h2 id="member-accounts">{t('heading')}</h2>
      {error ? <p role="alert">{errorText(error)}</p> : null}
      {!data && !error ? <p role="status">{tAdmin('loading')}</p> : null}
      {data ? (
        <>
          <p>{t('intro', { count: data.data.length + data.invitations.length, max: data.max })}</p>
          <p>
            <GuardedLink href={`${adminPath(language, { kind: 'audit' })}?memberId=${memberId}`}>
              {t('auditLink')}
            </GuardedLink>
          </p>
          {data.data.length ? (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption>{t('accounts')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('name')}</th>
                    <th scope="col">{t('email')}</th>
                    <th scope="col">{t('lastLogin')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((row) => (
                    <tr key={row.id}>
                      <th scope="row">
                        {row.name}
                        {row.keyContact ? ` (${t('keyContact')})` : ''}
                        {row.isDisabled ? ` (${t('disabled')})` : ''}
                      </th>
                      <td>{row.email}</td>
                      <td>{row.lastLoginAt ? formatWireDate(row.lastLoginAt, language, true) : t('never')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t('noAccounts')}</p>
          )}
          {data.invitations.length ? (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption>{t('invitations')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('name')}</th>
                    <th scope="col">{t('email')}</th>
                    <th scope="col">{t('expiresAt')}</th>
                    <th scope="col">{t('actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.invitations.map((row) => (
                    <tr key={row.id}>
                      <th scope="row">{row.name}</th>
                      <td>{row.email}</td>
                      <td>
                        {formatWireDate(row.expiresAt, language, true)}
                        {row.expired ? ` (${t('expired')})` : ''}
                      </td>
                      <td>
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() => act(() => memberAccounts.resend(row.id), t('resent', { email: row.email }))}
                        >
                          {t('resend', { email: row.email })}
                        </button>{' '}
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() => act(() => memberAccounts.revoke(row.id), t('revoked', { email: row.email }))}
                        >
                          {t('revoke', { email: row.email })}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

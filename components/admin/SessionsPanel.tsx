'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { formatWireDate } from '@/lib/admin/cells';
import { checkLogin } from '@/lib/client/auth';
import { security } from '@/lib/client/security';
import { accountSessions, type SessionView } from '@/lib/client/sessions';
import { useAdminSession } from './AdminSession';
import { errorText, useToast } from './Toasts';

/**
 * Sign-in sessions in the back office: the security screen's list of the account's own sessions
 * (「結束」 each, or every other one at once), the same list of another account on its form for
 * Admins with the reset of its second factor, and the security screen's note while the
 * second-factor policy asks the account to set one up.
 */

/** The sessions of the signed-in account, or (Admins) of `accountId`, with their End buttons. */
export function SessionsSection({ accountId }: { accountId?: number }) {
  const { language } = useAdminSession();
  const t = useTranslations('admin.sessions');
  const tAdmin = useTranslations('admin');
  const toast = useToast();
  const { data, error, mutate } = useSWR(['account/sessions', accountId ?? 'own', language], () =>
    accountSessions.list(accountId),
  );
  const [busy, setBusy] = useState(false);
  const own = accountId === undefined;
  const others = data?.filter((session) => !session.current) ?? [];

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      toast.success(t('ended'));
    } catch (failure) {
      toast.error(errorText(failure));
    }
    await mutate();
    setBusy(false);
  };

  return (
    <section aria-labelledby={`sessions-${accountId ?? 'own'}`} className="security-section">
      <h2 id={`sessions-${accountId ?? 'own'}`}>{t('heading')}</h2>
      <p>{own ? t('intro') : t('introOther')}</p>
      {error ? <p role="alert">{errorText(error)}</p> : null}
      {!data && !error ? <p role="status">{tAdmin('loading')}</p> : null}
      {data && !data.length ? <p>{t('none')}</p> : null}
      {data?.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table sessions-table">
            <thead>
              <tr>
                <th scope="col">{t('browser')}</th>
                <th scope="col">{t('address')}</th>
                <th scope="col">{t('createdAt')}</th>
                <th scope="col">{t('lastSeenAt')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((session: SessionView) => (
                <tr key={session.id} aria-current={session.current ? 'true' : undefined}>
                  <td title={session.userAgent}>
                    {session.browser || t('unknownBrowser')}
                    {session.current ? <strong className="sessions-current"> {t('current')}</strong> : null}
                  </td>
                  <td>{session.address}</td>
                  <td>{formatWireDate(session.createdAt, language, true)}</td>
                  <td>{formatWireDate(session.lastSeenAt, language, true)}</td>
                  <td>
                    {session.current ? null : (
                      <button
                        type="button"
                        disabled={busy}
                        aria-label={t('endOne', {
                          browser: session.browser || t('unknownBrowser'),
                          address: session.address,
                        })}
                        onClick={() => void act(() => accountSessions.end(session.id))}
                      >
                        {t('end')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {others.length ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            if (window.confirm(own ? t('confirmEndOthers') : t('confirmEndAll')))
              void act(() => accountSessions.endOthers(accountId));
          }}
        >
          {own ? t('endOthers') : t('endAll')}
        </button>
      ) : null}
    </section>
  );
}

/**
 * On an account's form, for Admins: that account's sessions, and turning its second factor off for
 * one who lost both phone and recovery codes (with confirmation; the audit log records it).
 */
export function AccountSecurityPanel({ accountId, username }: { accountId: number; username: string }) {
  const t = useTranslations('admin.sessions');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    if (!window.confirm(t('confirmReset', { name: username }))) return;
    setBusy(true);
    try {
      const { reset: had } = await accountSessions.resetSecondFactor(accountId);
      toast.success(had ? t('resetDone') : t('resetNone'));
    } catch (failure) {
      toast.error(errorText(failure));
    }
    setBusy(false);
  };
  return (
    <>
      <section aria-labelledby="account-second-factor" className="security-section">
        <h2 id="account-second-factor">{t('resetHeading')}</h2>
        <p>{t('resetIntro')}</p>
        <button type="button" disabled={busy} onClick={() => void reset()}>
          {t('reset')}
        </button>
      </section>
      <SessionsSection accountId={accountId} />
    </>
  );
}

/**
 * While the second-factor policy covers the account and it has none: says why the back office shows
 * only this screen; once the account has one (the security state changes), asks the server again
 * and lets the rest of the back office open.
 */
export function SecondFactorRequiredNote() {
  const { language, account, updateAccount } = useAdminSession();
  const t = useTranslations('admin.sessions');
  const { data } = useSWR(account.secondFactorRequired ? ['account/security', language] : null, () => security.state());
  useEffect(() => {
    if (!account.secondFactorRequired || !data) return;
    let live = true;
    checkLogin().then(
      (result) => {
        if (live && result && !result.secondFactorRequired) updateAccount?.(result);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [account.secondFactorRequired, data, updateAccount]);
  if (!account.secondFactorRequired) return null;
  return (
    <p role="alert" className="security-required">
      {t('required')}
    </p>
  );
}

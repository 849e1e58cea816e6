'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { resetPassword } from '@/lib/client/auth';
import { clientSettings, configureClient } from '@/lib/client/settings';
import type { WireLanguage } from '@/lib/i18n/languages';
import { loginPath } from '@/lib/routing/back-office';
import { errorText } from './Toasts';

/**
 * The mailed reset link's page: a new password typed twice, sent with the link's token. The
 * server's answer (done, or why not: a used or expired link, a too-short password) is shown here.
 */
export function ResetPasswordScreen({ language, token }: { language: WireLanguage; token: string }) {
  if (clientSettings().language !== language) configureClient({ language });
  const t = useTranslations('admin.reset');
  const tAdmin = useTranslations('admin');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(token ? null : t('noToken'));
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) {
      setProblem(t('mismatch'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setDone(await resetPassword(token, password));
    } catch (error) {
      const status = (error as { status?: number }).status;
      setProblem(status === 400 || status === 429 ? errorText(error) : t('failed'));
    }
    setBusy(false);
  };

  return (
    <main id="main" className="admin-login">
      <div className="admin-login-box">
        <h1>{t('title')}</h1>
        <p className="admin-login-site">{tAdmin('title')}</p>
        {done ? (
          <>
            <p role="status" className="admin-login-sent">
              {done}
            </p>
            <p>
              <Link href={loginPath(language)}>{t('toLogin')}</Link>
            </p>
          </>
        ) : (
          <form method="post" onSubmit={submit} aria-describedby={problem ? 'reset-problem' : undefined}>
            <div className="admin-field">
              <label htmlFor="reset-password">{t('password')}</label>
              <input
                id="reset-password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={8}
                maxLength={200}
                aria-describedby="reset-hint"
              />
              <small id="reset-hint">{t('hint')}</small>
            </div>
            <div className="admin-field">
              <label htmlFor="reset-confirm">{t('confirm')}</label>
              <input
                id="reset-confirm"
                name="confirm"
                type="password"
                autoComplete="new-password"
                required
                minLength={8}
                maxLength={200}
              />
            </div>
            <div id="reset-problem" role="alert" className="admin-login-problem">
              {problem}
            </div>
            <button type="submit" className="admin-button-primary" disabled={busy || !token}>
              {busy ? t('submitting') : t('submit')}
            </button>
            <p>
              <Link href={loginPath(language)}>{t('toLogin')}</Link>
            </p>
          </form>
        )}
      </div>
    </main>
  );
}

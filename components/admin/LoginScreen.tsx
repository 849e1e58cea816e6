'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState, type FormEvent, type ReactNode } from 'react';
import { GoogleReCaptchaProvider, useGoogleReCaptcha } from 'react-google-recaptcha-v3';
import {
  forgotPassword,
  login,
  loginSecondStep,
  loginSecondStepWithPasskey,
  loginWithPasskey,
  type LoginResult,
  type SecondFactorChallenge,
} from '@/lib/client/auth';
import { PasskeyCeremonyError, usePasskeysSupported } from '@/lib/client/passkeys';
import { clientSettings, configureClient } from '@/lib/client/settings';
import { safeReturnTo } from '@/lib/admin/paths';
import type { WireLanguage } from '@/lib/i18n/languages';
import { loginPath } from '@/lib/routing/back-office';
import { ProblemAndSubmit } from './ProblemAndSubmit';
import { errorText } from './Toasts';

/** A fresh captcha token for one action, or none when captcha is off. */
type CaptchaSource = (action: 'login' | 'forgot') => Promise<string | undefined>;

/**
 * Sign-in: username, password and an invisible reCAPTCHA v3 when a site key is
 * configured (without one, no captcha script is loaded at all), or a passkey alone (`passkeys`:
 * the server can check them). Wrong credentials and a locked account each get their own message;
 * success goes to the page that sent the visitor here.
 */
export function LoginScreen({
  language,
  siteKey,
  passkeys = false,
  notice,
}: {
  language: WireLanguage;
  siteKey: string | null;
  passkeys?: boolean;
  notice?: ReactNode;
}) {
  if (clientSettings().language !== language) configureClient({ language });
  if (!siteKey) return <LoginForm language={language} passkeys={passkeys} notice={notice} />;
  return (
    <GoogleReCaptchaProvider
      reCaptchaKey={siteKey}
      language={language === 'tw' ? 'zh-TW' : 'en'}
      useRecaptchaNet={false}
    >
      <CaptchaLoginForm language={language} passkeys={passkeys} notice={notice} />
    </GoogleReCaptchaProvider>
  );
}

function CaptchaLoginForm({
  language,
  passkeys,
  notice,
}: {
  language: WireLanguage;
  passkeys: boolean;
  notice?: ReactNode;
}) {
  const { executeRecaptcha } = useGoogleReCaptcha();
  const captcha: CaptchaSource = async (action) => (executeRecaptcha ? executeRecaptcha(action) : undefined);
  return <LoginForm language={language} captcha={captcha} passkeys={passkeys} notice={notice} />;
}

/**
 * What a refused passkey sign-in says: the browser gave no passkey (cancelled, timed out), the
 * server's reason, or that the sign-in is not possible now.
 */
function passkeyProblem(error: unknown, t: (key: 'passkeyCancelled' | 'failed') => string): string {
  if (error instanceof PasskeyCeremonyError) return t('passkeyCancelled');
  const status = (error as { status?: number }).status;
  return status === 429 || status === 400 ? errorText(error) : t('failed');
}

function LoginForm({
  language,
  captcha,
  passkeys,
  notice,
}: {
  language: WireLanguage;
  captcha?: CaptchaSource;
  passkeys: boolean;
  notice?: ReactNode;
}) {
  const t = useTranslations('admin.login');
  const tAdmin = useTranslations('admin');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  // A full load, as sign-out's: the back office is another root layout, which Next.js's router reaches
  // by a second, full navigation after its own. A sign-out clicked between the two was overtaken by it.
  const toWanted = () =>
    window.location.replace(
      safeReturnTo(language, new URLSearchParams(window.location.search).get('next'), window.location.origin),
    );

  const signInWithPasskey = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result: LoginResult = await loginWithPasskey();
      if (result.success) {
        toWanted();
        return;
      }
      setProblem(result.locked ? t('locked') : t('passkeyWrong'));
    } catch (error) {
      setProblem(passkeyProblem(error, t));
    }
    setBusy(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(null);
    try {
      // A fresh captcha token for every attempt: they expire after two minutes and work once.
      const result = await login(
        String(form.get('username') ?? ''),
        String(form.get('password') ?? ''),
        await captcha?.('login'),
      );
      if (result.success) {
        toWanted();
        return;
      }
      if (result.secondFactor) {
        setChallenge(result.secondFactor);
        setBusy(false);
        return;
      }
      setProblem(t(result.locked ? 'locked' : 'wrong'));
    } catch (error) {
      // Too many attempts (429) and the like: the server says why, in this language.
      const status = (error as { status?: number }).status;
      setProblem(status === 429 ? errorText(error) : t('failed'));
    }
    setBusy(false);
  };

  const other = language === 'tw' ? 'en' : 'tw';
  return (
    <main id="main" className="admin-login">
      <div className="admin-login-box">
        <p className="admin-login-lang">
          <Link href={loginPath(other)} lang={other === 'en' ? 'en' : 'zh-Hant-TW'}>
            {t('switchLanguage')}
          </Link>
        </p>
        <h1>{t('title')}</h1>
        <p className="admin-login-site">{tAdmin('title')}</p>
        {notice}
        {challenge ? (
          <SecondStep
            challenge={challenge}
            onSignedIn={toWanted}
            onStartOver={() => {
              setChallenge(null);
              setProblem(null);
            }}
          />
        ) : (
          <>
            {/* Before the script runs (or without it) the browser submits the form itself: by POST, to
            this page, which ignores it, so a password never ends up in an address. */}
            <form method="post" onSubmit={submit} aria-describedby={problem ? 'login-problem' : undefined}>
              <div className="admin-field">
                <label htmlFor="login-username">{t('username')}</label>
                <input id="login-username" name="username" autoComplete="username" required maxLength={64} autoFocus />
              </div>
              <div className="admin-field">
                <label htmlFor="login-password">{t('password')}</label>
                <input
                  id="login-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  maxLength={200}
                />
              </div>
              <div id="login-problem" role="alert" className="admin-login-problem">
                {problem}
              </div>
              <button type="submit" className="admin-button-primary" disabled={busy}>
                {busy ? t('submitting') : t('submit')}
              </button>
            </form>
            {passkeys ? <PasskeyButton busy={busy} onClick={() => void signInWithPasskey()} /> : null}
            <ForgotPassword captcha={captcha} />
          </>
        )}
        {captcha ? <p className="admin-login-captcha">{t('captchaNotice')}</p> : null}
      </div>
    </main>
  );
}

/**
 * The second step of a sign-in for an account with a second factor: one box for a code from the
 * authenticator app or a recovery code, typed or filled in by the browser (`one-time-code`), and
 * focused, so the keyboard goes straight on from the password.
 */
function SecondStep({
  challenge,
  onSignedIn,
  onStartOver,
}: {
  challenge: SecondFactorChallenge;
  onSignedIn: () => void;
  onStartOver: () => void;
}) {
  const t = useTranslations('admin.login');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get('code') ?? '');
    setBusy(true);
    setProblem(null);
    try {
      const result = await loginSecondStep(challenge.ticket, code);
      if (result.success) {
        onSignedIn();
        return;
      }
      setProblem(result.locked ? t('locked') : (result.message ?? t('codeWrong')));
      form.reset();
    } catch (error) {
      const status = (error as { status?: number }).status;
      setProblem(status === 429 || status === 400 ? errorText(error) : t('failed'));
    }
    setBusy(false);
  };

  const verifyWithPasskey = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await loginSecondStepWithPasskey(challenge.ticket);
      if (result.success) {
        onSignedIn();
        return;
      }
      setProblem(result.locked ? t('locked') : (result.message ?? t('passkeyWrong')));
    } catch (error) {
      setProblem(passkeyProblem(error, t));
    }
    setBusy(false);
  };

  return (
    <section aria-labelledby="login-second-title">
      <h2 id="login-second-title">{t('secondTitle')}</h2>
      <p id="login-second-intro">{challenge.methods.includes('totp') ? t('secondIntro') : t('secondIntroPasskey')}</p>
      <form method="post" onSubmit={submit} aria-describedby={problem ? 'login-code-problem' : undefined}>
        <div className="admin-field">
          <label htmlFor="login-code">{t('code')}</label>
          <input
            id="login-code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            aria-describedby="login-second-intro"
            required
            maxLength={64}
            autoFocus
          />
        </div>
        <ProblemAndSubmit
          problemId="login-code-problem"
          problem={problem}
          busy={busy}
          submit={t('verify')}
          busyText={t('verifying')}
          back={{ text: t('startOver'), onClick: onStartOver }}
        />
      </form>
      {challenge.methods.includes('passkey') ? (
        <PasskeyButton busy={busy} secondStep onClick={() => void verifyWithPasskey()} />
      ) : null}
    </section>
  );
}

/**
 * 使用通行金鑰登入 / Sign in with a passkey (or, in the second step, use one): shown only where the
 * browser has WebAuthn, known after the first render, so the server's HTML and the first render agree.
 */
function PasskeyButton({ busy, secondStep, onClick }: { busy: boolean; secondStep?: boolean; onClick: () => void }) {
  const t = useTranslations('admin.login');
  const supported = usePasskeysSupported(false);
  if (!supported) return null;
  return (
    <div className="admin-login-passkey">
      <p className="admin-login-or">{t('or')}</p>
      <button type="button" onClick={onClick} disabled={busy}>
        {t(secondStep ? 'passkeySecond' : 'passkey')}
      </button>
    </div>
  );
}

/**
 * 忘記密碼 / Forgot password: a username or e-mail address, answered with the server's message,
 * which is the same whether or not an account matched.
 */
function ForgotPassword({ captcha }: { captcha?: CaptchaSource }) {
  const t = useTranslations('admin.login');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('nameOrEmail') ?? '');
    setBusy(true);
    setAnswer(null);
    setProblem(null);
    try {
      setAnswer(await forgotPassword(name, await captcha?.('forgot')));
    } catch (error) {
      setProblem(errorText(error));
    }
    setBusy(false);
  };

  return (
    <details className="admin-login-forgot">
      <summary>{t('forgot')}</summary>
      <p>{t('forgotIntro')}</p>
      <form method="post" onSubmit={submit}>
        <div className="admin-field">
          <label htmlFor="forgot-name">{t('forgotName')}</label>
          <input id="forgot-name" name="nameOrEmail" autoComplete="username" required maxLength={254} />
        </div>
        <div role="alert" className="admin-login-problem">
          {problem}
        </div>
        <p role="status" className="admin-login-sent">
          {answer}
        </p>
        <button type="submit" className="admin-button-primary" disabled={busy}>
          {busy ? t('forgotSending') : t('forgotSubmit')}
        </button>
      </form>
    </details>
  );
}

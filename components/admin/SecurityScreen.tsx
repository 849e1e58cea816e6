'use client';

import { useTranslations } from 'next-intl';
import QRCode from 'qrcode';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { PasskeyCeremonyError, passkeys, usePasskeysSupported, type Passkey } from '@/lib/client/passkeys';
import { security, type SecurityState } from '@/lib/client/security';
import { useAdminSession } from './AdminSession';
import { ProblemAndSubmit } from './ProblemAndSubmit';
import { ScreenTitle } from './ScreenTitle';
import { SecondFactorRequiredNote, SessionsSection } from './SessionsPanel';
import { errorText, useToast } from './Toasts';

/**
 * 帳號安全 / Account security: the signed-in account's own second factors. Enrolment shows the
 * authenticator's QR code and its key in groups of four, and turns it on with a first code; passkeys
 * are listed, added (a name, then the browser's ceremony) and removed; the ten recovery codes of a
 * first second factor are shown once, with copy and print. Turning a factor off, removing a passkey
 * and new recovery codes ask for the password.
 */
export function SecurityScreen() {
  const { language } = useAdminSession();
  const t = useTranslations('admin.security');
  const tAdmin = useTranslations('admin');
  const { data, error, mutate } = useSWR(['account/security', language], () => security.state());
  const list = useSWR(['account/passkey/list', language], () => passkeys.list());
  const [codes, setCodes] = useState<string[] | null>(null);
  const hasPasskey = (list.data?.length ?? 0) > 0;

  const showCodes = (recoveryCodes: string[], state: SecurityState) => {
    setCodes(recoveryCodes);
    void mutate(state, { revalidate: false });
  };

  return (
    <>
      <ScreenTitle title={t('title')} />
      <SecondFactorRequiredNote />
      <p>{t('intro')}</p>
      {error ? <p role="alert">{errorText(error)}</p> : null}
      {!data && !error ? <p role="status">{tAdmin('loading')}</p> : null}
      {data ? (
        <>
          <section aria-labelledby="security-totp" className="security-section">
            <h2 id="security-totp">{t('totpHeading')}</h2>
            <p className="security-state">{data.totp ? t('on') : hasPasskey ? t('totpNotSet') : t('off')}</p>
            {!data.totp ? (
              <Enrolment
                onEnabled={(recoveryCodes) => showCodes(recoveryCodes, { totp: true, recoveryCodesLeft: 10 })}
              />
            ) : (
              <PasswordForm
                id="security-disable"
                heading={t('disableHeading')}
                intro={t('disableIntro')}
                submit={t('disable')}
                done={t('disabled')}
                action={async (password) => {
                  setCodes(null);
                  void mutate(await security.disable(password), { revalidate: false });
                }}
              />
            )}
          </section>
          <PasskeysSection
            entries={list.data}
            problem={list.error ? errorText(list.error) : null}
            onChanged={async (recoveryCodes) => {
              await list.mutate();
              if (recoveryCodes) showCodes(recoveryCodes, { ...data, recoveryCodesLeft: recoveryCodes.length });
              else void mutate();
            }}
          />
          {data.totp || hasPasskey || codes ? (
            <section aria-labelledby="security-recovery" className="security-section">
              <h2 id="security-recovery">{t('recoveryHeading')}</h2>
              {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
              <p>{t('codesLeft', { count: data.recoveryCodesLeft })}</p>
              <PasswordForm
                id="security-new-codes"
                heading={t('newCodesHeading')}
                intro={t('newCodesIntro')}
                submit={t('newCodes')}
                action={async (password) => {
                  const { recoveryCodes } = await security.newRecoveryCodes(password);
                  showCodes(recoveryCodes, { ...data, recoveryCodesLeft: recoveryCodes.length });
                }}
              />
            </section>
          ) : null}
          <p className="security-note">{t('lostPhone')}</p>
        </>
      ) : null}
      <SessionsSection />
    </>
  );
}

/**
 * 通行金鑰 / Passkeys: the account's passkeys in a table (name, added, last used) with a remove
 * button each, which asks for the password; below, a name and the button that starts the browser's
 * ceremony. `onChanged` gets the recovery codes a first second factor brings.
 */
function PasskeysSection({
  entries,
  problem,
  onChanged,
}: {
  entries: Passkey[] | undefined;
  problem: string | null;
  onChanged: (recoveryCodes?: string[]) => Promise<void>;
}) {
  const t = useTranslations('admin.security');
  const toast = useToast();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [busy, setBusy] = useState(false);
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const supported = usePasskeysSupported(true);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '');
    setBusy(true);
    setAddProblem(null);
    try {
      const { recoveryCodes } = await passkeys.add(name);
      form.reset();
      toast.success(t('passkeyAdded'));
      await onChanged(recoveryCodes);
    } catch (failure) {
      setAddProblem(failure instanceof PasskeyCeremonyError ? t('passkeyCancelled') : errorText(failure));
    }
    setBusy(false);
  };

  return (
    <section aria-labelledby="security-passkeys" className="security-section">
      <h2 id="security-passkeys">{t('passkeysHeading')}</h2>
      <p>{t('passkeysIntro')}</p>
      {problem ? <p role="alert">{problem}</p> : null}
      {entries && entries.length === 0 ? <p>{t('passkeysNone')}</p> : null}
      {entries && entries.length > 0 ? (
        <table className="security-passkeys">
          <caption className="visually-hidden">{t('passkeysCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('passkeyName')}</th>
              <th scope="col">{t('passkeyCreated')}</th>
              <th scope="col">{t('passkeyLastUsed')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <th scope="row">{entry.name}</th>
                <td>{entry.createdAt}</td>
                <td>{entry.lastUsedAt ?? t('passkeyNeverUsed')}</td>
                <td>
                  <button
                    type="button"
                    aria-label={t('passkeyRemoveLabel', { name: entry.name })}
                    onClick={() => setRemoving(entry)}
                  >
                    {t('passkeyRemove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {removing ? (
        <PasswordForm
          key={removing.id}
          id="security-passkey-remove"
          heading={t('passkeyRemoveHeading', { name: removing.name })}
          intro={t('passkeyRemoveIntro')}
          submit={t('passkeyRemove')}
          done={t('passkeyRemoved')}
          focus
          onCancel={() => setRemoving(null)}
          action={async (password) => {
            await passkeys.remove(removing.id, password);
            setRemoving(null);
            await onChanged();
          }}
        />
      ) : null}
      {supported ? (
        <section aria-labelledby="security-passkey-add" className="security-subsection">
          <h3 id="security-passkey-add">{t('passkeyAddHeading')}</h3>
          <form method="post" onSubmit={add}>
            <div className="admin-field">
              <label htmlFor="security-passkey-name">{t('passkeyNameLabel')}</label>
              <input id="security-passkey-name" name="name" autoComplete="off" required maxLength={100} />
            </div>
            <div role="alert" className="admin-login-problem">
              {addProblem}
            </div>
            <button type="submit" className="admin-button-primary" disabled={busy}>
              {busy ? t('passkeyAdding') : t('passkeyAdd')}
            </button>
          </form>
        </section>
      ) : (
        <p>{t('passkeyUnsupported')}</p>
      )}
    </section>
  );
}

/** The key as authenticator apps ask for it when typed: groups of four letters. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function Enrolment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const t = useTranslations('admin.security');
  const toast = useToast();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [qr, setQr] = useState<{ url: string; svg: string } | null>(null);
  const svg = setup && qr?.url === setup.otpauthUrl ? qr.svg : null;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!setup) return;
    let live = true;
    QRCode.toString(setup.otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (markup) => live && setQr({ url: setup.otpauthUrl, svg: markup }),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [setup]);

  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setSetup(await security.setup());
    } catch (failure) {
      setProblem(errorText(failure));
    }
    setBusy(false);
  };

  const enable = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setProblem(null);
    try {
      const { recoveryCodes } = await security.enable(code);
      toast.success(t('enabled'));
      onEnabled(recoveryCodes);
    } catch (failure) {
      setProblem(errorText(failure));
      setBusy(false);
    }
  };

  if (!setup) {
    return (
      <>
        <div role="alert" className="admin-login-problem">
          {problem}
        </div>
        <button type="button" className="admin-button-primary" onClick={() => void start()} disabled={busy}>
          {busy ? t('starting') : t('start')}
        </button>
      </>
    );
  }
  return (
    <ol className="security-steps">
      <li>
        <p>{t('step1')}</p>
        {svg ? (
          // The markup is the QR library's own SVG of our otpauth address: no text from elsewhere.
          <div className="security-qr" role="img" aria-label={t('qrLabel')} dangerouslySetInnerHTML={{ __html: svg }} />
        ) : null}
      </li>
      <li>
        <p>{t('step2')}</p>
        <p>
          {t('secretLabel')}{' '}
          <code className="security-secret" translate="no">
            {grouped(setup.secret)}
          </code>
        </p>
      </li>
      <li>
        <form method="post" onSubmit={enable} aria-describedby={problem ? 'security-enable-problem' : undefined}>
          <p>{t('step3')}</p>
          <div className="admin-field">
            <label htmlFor="security-code">{t('code')}</label>
            <input
              id="security-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              required
            />
          </div>
          <ProblemAndSubmit
            problemId="security-enable-problem"
            problem={problem}
            busy={busy}
            submit={t('enable')}
            busyText={t('enabling')}
            back={{ text: t('cancel'), onClick: () => setSetup(null) }}
          />
        </form>
      </li>
    </ol>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations('admin.security');
  const [status, setStatus] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that led here is gone: the codes' heading takes the focus, so the keyboard starts there.
  useEffect(() => heading.current?.focus(), [codes]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setStatus(t('copied'));
    } catch {
      setStatus('');
    }
  };
  return (
    <section aria-labelledby="security-codes" className="security-codes">
      <h3 id="security-codes" ref={heading} tabIndex={-1}>
        {t('codesHeading')}
      </h3>
      <p>{t('codesIntro')}</p>
      <ol className="security-code-list" translate="no">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className="security-code-actions">
        <button type="button" onClick={() => void copy()}>
          {t('copy')}
        </button>{' '}
        <button type="button" onClick={() => window.print()}>
          {t('print')}
        </button>{' '}
        <button type="button" className="admin-button-primary" onClick={onDone}>
          {t('done')}
        </button>
      </p>
      <p role="status">{status}</p>
    </section>
  );
}

/** A small form that asks for the password before `action`; shows the server's refusal beside it. */
function PasswordForm({
  id,
  heading,
  intro,
  submit,
  done,
  focus,
  onCancel,
  action,
}: {
  id: string;
  heading: string;
  intro: string;
  submit: string;
  done?: string;
  /** Takes the focus when shown (it appears after a button asked for it). */
  focus?: boolean;
  onCancel?: () => void;
  action: (password: string) => Promise<void>;
}) {
  const t = useTranslations('admin.security');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setProblem(null);
    try {
      await action(String(new FormData(form).get('password') ?? ''));
      form.reset();
      if (done) toast.success(done);
    } catch (failure) {
      setProblem(errorText(failure));
    }
    setBusy(false);
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="security-subsection">
      <h3 id={`${id}-heading`}>{heading}</h3>
      <p>{intro}</p>
      <form method="post" onSubmit={send}>
        <div className="admin-field">
          <label htmlFor={`${id}-password`}>{t('password')}</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={200}
            autoFocus={focus}
          />
        </div>
        <div role="alert" className="admin-login-problem">
          {problem}
        </div>
        <button type="submit" disabled={busy}>
          {submit}
        </button>
        {onCancel ? (
          <>
            {' '}
            <button type="button" onClick={onCancel}>
              {t('cancel')}
            </button>
          </>
        ) : null}
      </form>
    </section>
  );
}

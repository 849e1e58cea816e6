'use client';

import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import {
  answerWithPasskey,
  createPasskey,
  PasskeyCeremonyError,
  usePasskeysSupported,
} from '@/lib/client/passkey-ceremony';
import { readCookie } from '@/lib/http/cookies';
import type { WireLanguage } from '@/lib/i18n/languages';
import form from '../form.module.css';
import styles from './member.module.css';

/** The API's double-submit pair (lib/api/xsrf-cookie.ts); proxy.ts gives member-area pages the cookie. */
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The options of a passkey ceremony from the API, as the signed-in Member (the session cookie) or anyone. */
async function ceremonyOptions<T>(path: string, language: WireLanguage): Promise<T> {
  const answer = await fetch(`/api/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      'web-language': language,
      [XSRF_HEADER]: readCookie(document.cookie, XSRF_COOKIE) ?? '',
    },
    body: '{}',
  });
  const body = (await answer.json().catch(() => ({}))) as T & { message?: string };
  if (!answer.ok) throw new Refused(body.message ?? answer.statusText);
  return body;
}

/** The API refused the options, in the page's language. */
class Refused extends Error {}

interface Props {
  language: WireLanguage;
  /** The member form the browser's answer is posted to (`/{lang}/member/forms/{name}`). */
  action: string;
  /** The member-xsrf token every member form echoes. */
  xsrf: string;
}

/**
 * A member form whose `response` field the browser's passkey answer fills before it is posted as
 * any other (post/redirect/get): the server runs the operation and sets what the page shows next.
 */
function CeremonyForm({
  action,
  xsrf,
  problem,
  children,
  onSubmit,
  answer,
}: Pick<Props, 'action' | 'xsrf'> & {
  problem: string | null;
  children: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  answer: React.RefObject<HTMLInputElement | null>;
}) {
  return (
    <form method="post" action={action} className={styles.form} onSubmit={onSubmit} noValidate>
      {problem ? (
        <div className={`${form.notice} ${form.noticeError}`} role="alert">
          <p>{problem}</p>
        </div>
      ) : null}
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="response" ref={answer} />
      {children}
    </form>
  );
}

/** Runs a ceremony, then posts its answer with the form; a problem is worded for the person. */
function useCeremony(words: { cancelled: string; failed: string }) {
  const answer = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (target: HTMLFormElement, ceremony: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await ceremony();
      if (answer.current) answer.current.value = JSON.stringify(response);
      // The native submit: a whole-page post, as without script, so the answer sets the cookie and the page.
      target.submit();
    } catch (error) {
      setProblem(
        error instanceof PasskeyCeremonyError
          ? words.cancelled
          : error instanceof Refused
            ? error.message
            : words.failed,
      );
      setBusy(false);
    }
  };
  return { answer, problem, setProblem, busy, run };
}

/**
 * The member page's "Add a passkey": a name, then the browser makes the passkey for the API's
 * options and the `passkey-add` form stores it. Without WebAuthn (no script, an old browser) it says
 * what it needs.
 */
export function MemberPasskeyAdd({ language, action, xsrf, nameMax }: Props & { nameMax: number }) {
  const t = useTranslations('memberArea');
  const supported = usePasskeysSupported(false);
  const { answer, problem, setProblem, busy, run } = useCeremony({
    cancelled: t('home.passkeys.cancelled'),
    failed: t('home.passkeys.failed'),
  });
  const name = useRef<HTMLInputElement>(null);
  if (!supported) return <p>{t('home.passkeys.needsScript')}</p>;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.current?.value.trim()) {
      // Checked before the ceremony: the device would keep a passkey the server then refuses.
      setProblem(t('errors.passkeyName', { n: nameMax }));
      name.current?.focus();
      return;
    }
    void run(event.currentTarget, async () =>
      createPasskey(await ceremonyOptions('account/passkey/options', language)),
    );
  };
  return (
    <CeremonyForm action={action} xsrf={xsrf} problem={problem} onSubmit={onSubmit} answer={answer}>
      <div className={`${form.field} ${styles.field}`}>
        <label htmlFor="member-passkey-name" className={form.label}>
          {t('home.passkeys.newName')}
        </label>
        <input
          id="member-passkey-name"
          name="name"
          ref={name}
          className={form.control}
          maxLength={nameMax}
          autoComplete="off"
          required
        />
      </div>
      <p>
        <button type="submit" className={form.button} disabled={busy}>
          {t('home.passkeys.add')}
        </button>
      </p>
    </CeremonyForm>
  );
}

/**
 * The sign-in page's "Sign in with a passkey": the browser signs the API's challenge with any passkey
 * of this site, and the `passkey-login` form signs the Member in. Nothing without WebAuthn.
 */
export function MemberPasskeySignIn({ language, action, xsrf }: Props) {
  const t = useTranslations('memberArea.login');
  const supported = usePasskeysSupported(false);
  const { answer, problem, busy, run } = useCeremony({
    cancelled: t('passkeyCancelled'),
    failed: t('passkeyFailed'),
  });
  if (!supported) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(event.currentTarget, async () =>
      answerWithPasskey(await ceremonyOptions('account/passkey/loginoptions', language)),
    );
  };
  return (
    <CeremonyForm action={action} xsrf={xsrf} problem={problem} onSubmit={onSubmit} answer={answer}>
      <p>
        <button type="submit" className={`${form.button} ${form.secondary}`} disabled={busy}>
          {t('passkey')}
        </button>
      </p>
    </CeremonyForm>
  );
}

/**
 * The second step's "Verify with a passkey": the browser answers the challenge the page was rendered
 * with (for the account of the sign-in's ticket, which stays in its HttpOnly cookie), and the `verify`
 * form finishes the sign-in with it. Nothing without WebAuthn: the code form stays.
 */
export function MemberPasskeyVerify({
  action,
  xsrf,
  options,
}: Omit<Props, 'language'> & { options: Parameters<typeof answerWithPasskey>[0] }) {
  const t = useTranslations('memberArea');
  const supported = usePasskeysSupported(false);
  const { answer, problem, busy, run } = useCeremony({
    cancelled: t('login.passkeyCancelled'),
    failed: t('login.passkeyFailed'),
  });
  if (!supported) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(event.currentTarget, () => answerWithPasskey(options));
  };
  return (
    <CeremonyForm action={action} xsrf={xsrf} problem={problem} onSubmit={onSubmit} answer={answer}>
      <p>{t('verify.passkeyIntro')}</p>
      <p>
        <button type="submit" className={`${form.button} ${form.secondary}`} disabled={busy}>
          {t('verify.passkey')}
        </button>
      </p>
    </CeremonyForm>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { formatWireDate } from '@/lib/admin/cells';
import { scanReader } from '@/lib/admin/check-in';
import { adminPath } from '@/lib/admin/paths';
import { registrationsClient, type RosterRow } from '@/lib/client/resources';
import { useAdminSession } from './AdminSession';
import { GuardedLink } from './LeaveGuard';
import { ScreenTitle } from './ScreenTitle';
import { errorText } from './Toasts';

/** The browser's barcode reader where it has one (Chromium on Android, macOS); not in TypeScript's DOM types yet. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;
const barcodeReaderClass = (): BarcodeReaderClass | undefined =>
  (globalThis as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;

const noSubscription = () => () => {};

type Outcome =
  | { kind: 'done'; name: string; seats: number; attendedAt: string; firstCheckIn?: string }
  | { kind: 'refused'; message: string };

/**
 * 報到 / Check-in at the door, made for a phone: the code typed (or the name searched on the roster),
 * or read from the confirmation's QR code with the camera where the browser has `BarcodeDetector`.
 * Each check-in says who it was and for how many; a second says when the first was.
 */
export function CheckInScreen({ id }: { id: number }) {
  const { language } = useAdminSession();
  const t = useTranslations('admin.registrations');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scanning, setScanning] = useState(false);
  const [found, setFound] = useState<RosterRow[] | null>(null);
  // False in the server's HTML; in the browser, whether it has a barcode reader.
  const canScan = useSyncExternalStore(
    noSubscription,
    () => barcodeReaderClass() !== undefined,
    () => false,
  );
  const input = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const busy = useRef(false);

  const checkIn = async (code: string) => {
    if (busy.current || !code.trim()) return;
    busy.current = true;
    try {
      setOutcome({ kind: 'done', ...(await registrationsClient.checkIn(id, code.trim())) });
    } catch (failure) {
      setOutcome({ kind: 'refused', message: errorText(failure) });
    }
    busy.current = false;
    if (input.current) {
      input.current.value = '';
      input.current.focus();
    }
  };

  // The camera runs only while scanning; each code read is checked in once, then the next is awaited.
  useEffect(() => {
    const Reader = barcodeReaderClass();
    if (!scanning || !Reader || !video.current) return;
    const element = video.current;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    const codeOf = scanReader();
    const reader = new Reader({ formats: ['qr_code'] });
    void navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        element.srcObject = media;
        await element.play();
        timer = setInterval(() => {
          void reader.detect(element).then((codes) => {
            const code = codeOf(codes);
            if (code) void checkIn(code);
          });
        }, 400);
      })
      .catch((failure: unknown) => {
        setOutcome({ kind: 'refused', message: errorText(failure) });
        setScanning(false);
      });
    return () => {
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    // checkIn reads only refs and the id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scanning, id]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void checkIn(String(new FormData(event.currentTarget).get('code') ?? ''));
  };

  return (
    <>
      <ScreenTitle title={t('checkinTitle')} />
      <p>
        <GuardedLink href={adminPath(language, { kind: 'registrations', id })}>{t('rosterLink')}</GuardedLink>
      </p>
      <form onSubmit={submit} className="admin-checkin">
        <div className="admin-field">
          <label htmlFor="checkin-code">{t('codeLabel')}</label>
          <input
            ref={input}
            id="checkin-code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-describedby="checkin-hint"
            autoFocus
          />
          <p id="checkin-hint">{t('codeHint')}</p>
        </div>
        <button type="submit" className="admin-button-primary">
          {t('checkin')}
        </button>
      </form>
      <form
        role="search"
        aria-label={t('findTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          const keyword = String(new FormData(event.currentTarget).get('keyword') ?? '').trim();
          if (!keyword) return;
          void registrationsClient
            .roster(id, { page: 1, pageSize: 20, status: 'confirmed', keyword })
            .then((page) => setFound(page.data))
            .catch((failure: unknown) => setOutcome({ kind: 'refused', message: errorText(failure) }));
        }}
      >
        <div className="admin-field">
          <label htmlFor="checkin-find">{t('findLabel')}</label>
          <input id="checkin-find" name="keyword" type="search" autoComplete="off" />
        </div>
        <button type="submit">{t('find')}</button>
      </form>
      {found && (
        <ul aria-label={t('findResults')}>
          {found.length === 0 && <li>{t('findNone')}</li>}
          {found.map((row) => (
            <li key={row.id}>
              {row.name}（{row.seats}）{' '}
              <button type="button" onClick={() => void checkIn(row.code).then(() => setFound(null))}>
                {t('checkinName', { name: row.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {canScan && (
        <p>
          <button type="button" onClick={() => setScanning((on) => !on)} aria-pressed={scanning}>
            {scanning ? t('scanStop') : t('scan')}
          </button>
        </p>
      )}
      {scanning && (
        <video ref={video} muted playsInline style={{ width: '100%', maxWidth: '24rem' }} aria-label={t('camera')} />
      )}
      <div role="status" aria-live="polite" className="admin-checkin-result">
        {outcome?.kind === 'done' && (
          <p>
            <strong>{t('checkedIn', { name: outcome.name, seats: outcome.seats })}</strong>{' '}
            {outcome.firstCheckIn
              ? t('already', { time: formatWireDate(outcome.firstCheckIn, language, true) })
              : t('at', { time: formatWireDate(outcome.attendedAt, language, true) })}
          </p>
        )}
        {outcome?.kind === 'refused' && <p className="admin-error">{outcome.message}</p>}
      </div>
    </>
  );
}

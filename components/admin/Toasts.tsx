'use client';

import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}
interface ToastApi {
  success: (text: string) => void;
  error: (text: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
/** How long a success note stays; errors stay until dismissed, so nobody misses one. */
const SUCCESS_MS = 8000;

/**
 * Success and error notes. Successes are announced politely (role="status"), errors at once
 * (role="alert"); both live in regions that exist from the start, so screen readers hear them.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('admin.toast');
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const push = useCallback(
    (kind: ToastKind, text: string) => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-4), { id, kind, text }]);
      if (kind === 'success') setTimeout(() => dismiss(id), SUCCESS_MS);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({ success: (text) => push('success', text), error: (text) => push('error', text) }),
    [push],
  );
  const region = (kind: ToastKind) => (
    <div
      className={`admin-toasts admin-toasts-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      aria-label={t('region')}
    >
      {toasts
        .filter((toast) => toast.kind === kind)
        .map((toast) => (
          <div key={toast.id} className={`admin-toast admin-toast-${kind}`}>
            <span>{toast.text}</span>
            <button
              type="button"
              className="admin-toast-close"
              onClick={() => dismiss(toast.id)}
              aria-label={t('close')}
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="admin-toast-stack">
        {region('success')}
        {region('error')}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}

/**
 * Shows a failed call as an error note. A 400 has already been shown in an alert and a 401 reloads
 * the page (lib/client/http.ts, docs/client.md#errors), so those are not repeated.
 */
export function useReportError(): (error: unknown) => void {
  const toast = useToast();
  const t = useTranslations('admin.toast');
  return useCallback(
    (error: unknown) => {
      const status = (error as { status?: unknown } | null)?.status;
      if (status === 400 || status === 401) return;
      toast.error(t('failed', { message: errorText(error) }));
    },
    [toast, t],
  );
}

/** The text of an error for a toast: the server's `{message}` when it sent one. */
export function errorText(error: unknown): string {
  const body = (error as { body?: unknown } | null)?.body;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string')
    return (body as { message: string }).message;
  return error instanceof Error ? error.message : String(error);
}

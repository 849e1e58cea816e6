'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';

interface LeaveGuardApi {
  /** A form reports whether it holds unsaved changes. */
  setDirty: (dirty: boolean) => void;
  /** True when leaving is fine: nothing unsaved, or the user confirmed. */
  confirmLeave: () => boolean;
}

const LeaveGuardContext = createContext<LeaveGuardApi | null>(null);

/**
 * The unsaved-changes warning: while a form is dirty, leaving through the back office's own links
 * asks first, and closing or reloading the tab gets the browser's own warning.
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('admin.form');
  const dirty = useRef(false);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const confirmLeave = useCallback(() => {
    if (!dirty.current || !window.confirm(t('unsaved'))) return !dirty.current;
    dirty.current = false;
    return true;
  }, [t]);
  const api = useMemo(() => ({ setDirty, confirmLeave }), [setDirty, confirmLeave]);
  return <LeaveGuardContext.Provider value={api}>{children}</LeaveGuardContext.Provider>;
}

export function useLeaveGuard(): LeaveGuardApi {
  const api = useContext(LeaveGuardContext);
  if (!api) throw new Error('useLeaveGuard outside LeaveGuardProvider');
  return api;
}

/** A link inside the back office that asks before leaving a dirty form. */
export function GuardedLink({ onClick, ...props }: ComponentProps<typeof Link>) {
  const { confirmLeave } = useLeaveGuard();
  const guarded = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!confirmLeave()) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return <Link {...props} onClick={guarded} />;
}

'use client';

import { createContext, useContext } from 'react';
import type { SignedInAccount } from '@/lib/client/auth';
import type { WireLanguage } from '@/lib/i18n/languages';

/** Who is signed in and in which language the back office runs; set by AdminShell once checked. */
export interface AdminSession {
  language: WireLanguage;
  account: SignedInAccount;
  /** Takes a fresh sign-in check (the second factor just set up lifts `secondFactorRequired`). */
  updateAccount?: (account: SignedInAccount) => void;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession outside AdminShell');
  return session;
}

'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { checkLogin, logout, type SignedInAccount } from '@/lib/client/auth';
import { clientSettings, configureClient } from '@/lib/client/settings';
import { clientMessage } from '@/lib/client/messages';
import { getToken, TOKEN_KEY } from '@/lib/client/token';
import { adminPath, otherLanguagePath, parseAdminPath } from '@/lib/admin/paths';
import { clearDrafts } from '@/lib/admin-form/drafts';
import { type WireLanguage } from '@/lib/i18n/languages';
import { adminHome, loginPath } from '@/lib/routing/back-office';
import { sitePath } from '@/lib/routing/site';
import { AdminMenu } from './AdminMenu';
import { AdminSessionContext, useAdminSession } from './AdminSession';
import { GuardedLink, LeaveGuardProvider, useLeaveGuard } from './LeaveGuard';
import { ToastProvider } from './Toasts';

/**
 * The back office's frame: checks the sign-in before showing anything (no stored token, or the
 * server says it is not valid → the language's sign-in page, remembering the wanted page), then
 * the header, the menu and the current screen.
 */
export function AdminShell({ language, children }: { language: WireLanguage; children: ReactNode }) {
  // Before any child asks the API anything: every request carries this language.
  if (clientSettings().language !== language) configureClient({ language });
  const t = useTranslations('admin');
  const router = useRouter();
  const pathname = usePathname();
  const [account, setAccount] = useState<SignedInAccount | null>(null);
  useEffect(() => {
    let live = true;
    const toLogin = () => router.replace(loginPath(language, window.location.pathname + window.location.search));
    if (!getToken()) toLogin();
    else
      checkLogin().then(
        (result) => {
          if (!live) return;
          if (!result) return toLogin();
          configureClient({ signedIn: true });
          setAccount(result);
        },
        () => live && toLogin(),
      );
    return () => {
      live = false;
    };
  }, [language, router]);

  // Signed out or in as someone else in another tab: this tab says so and goes to the sign-in page,
  // which brings it back to the same screen (as after a 401), rather than going on without a token.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      if (getToken()) {
        if (event.oldValue !== event.newValue) window.location.reload();
        return;
      }
      configureClient({ signedIn: false });
      window.alert(clientMessage(language, 'signInAgain'));
      router.replace(loginPath(language, window.location.pathname + window.location.search));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [language, router]);

  if (!account) {
    return (
      <main id="main" className="admin-checking">
        <p role="status">{t('checking')}</p>
      </main>
    );
  }
  return (
    <AdminSessionContext.Provider value={{ language, account, updateAccount: setAccount }}>
      <ToastProvider>
        <LeaveGuardProvider>
          <Frame pathname={pathname}>{children}</Frame>
        </LeaveGuardProvider>
      </ToastProvider>
    </AdminSessionContext.Provider>
  );
}

function Frame({ pathname, children }: { pathname: string; children: ReactNode }) {
  const t = useTranslations('admin.shell');
  const tAdmin = useTranslations('admin');
  const router = useRouter();
  const { confirmLeave } = useLeaveGuard();
  const [menuOpen, setMenuOpen] = useState(false);
  const parsed = parseAdminPath(pathname);
  const language = parsed?.language ?? 'tw';
  const screen = parsed?.screen ?? { kind: 'notFound' as const };
  const session = useAdminSession().account;
  const mustEnrol = session.secondFactorRequired === true && screen.kind !== 'security';
  // The second-factor policy: an account without one sees only the security screen, which says why.
  useEffect(() => {
    if (mustEnrol) router.replace(adminPath(language, { kind: 'security' }));
  }, [mustEnrol, language, router]);

  const signOut = async () => {
    if (!confirmLeave()) return;
    // Requests still under way after this are not a lost sign-in.
    configureClient({ signedIn: false });
    // The next person at this browser finds none of this account's unsaved work.
    clearDrafts(session.username);
    try {
      await logout();
    } finally {
      // A full load, as leaving for another root layout is anyway, done here as one navigation; it
      // drops every answer of this account the page still holds in memory.
      window.location.replace(loginPath(language));
    }
  };

  return (
    <div className={`admin-frame${menuOpen ? ' admin-menu-open' : ''}`}>
      <a className="admin-skip-link" href="#main">
        {tAdmin('skipToContent')}
      </a>
      <header className="admin-header">
        <button
          type="button"
          className="admin-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? t('closeMenu') : t('openMenu')}
        </button>
        <GuardedLink href={adminHome(language)} className="admin-brand">
          {tAdmin('title')}
        </GuardedLink>
        <div className="admin-header-tools">
          <span className="admin-user">
            {t('signedInAs', {
              name: session.displayName || session.username,
              role: session.role === 1 ? t('roleAdmin') : t('roleUser'),
            })}
          </span>
          <GuardedLink
            href={adminPath(language, { kind: 'security' })}
            aria-current={screen.kind === 'security' ? 'page' : undefined}
          >
            {t('security')}
          </GuardedLink>
          <a href={sitePath(language)} target="_blank" rel="noopener noreferrer">
            {t('viewSite')}
          </a>
          <GuardedLink href={otherLanguagePath(pathname)} lang={language === 'tw' ? 'en' : 'zh-Hant-TW'}>
            {t('switchLanguage')}
          </GuardedLink>
          <button type="button" onClick={signOut}>
            {t('signOut')}
          </button>
        </div>
      </header>
      <nav id="admin-nav" className="admin-nav" aria-label={t('menu')}>
        <AdminMenu screen={screen} onNavigate={() => setMenuOpen(false)} />
      </nav>
      <main id="main" className="admin-main" tabIndex={-1}>
        {mustEnrol ? <p role="status">{tAdmin('checking')}</p> : children}
      </main>
    </div>
  );
}

'use client';

import { useLocale, useTranslations } from 'next-intl';
import { adminHome } from '@/lib/routing/back-office';
import { defaultWireLanguage, languageOfLocale } from '@/lib/i18n/languages';

/**
 * The back office's not-found screen for a path that names no screen, in the path's language, in
 * the sign-in page's box (the one screen without the back office's frame). Shown before any
 * sign-in check: it reveals nothing but the way home.
 */
export function AdminNotFound() {
  const t = useTranslations('admin');
  const language = languageOfLocale(useLocale()) ?? defaultWireLanguage;
  return (
    <main id="main" className="admin-login">
      <div className="admin-login-box">
        <h1>{t('notFound.title')}</h1>
        <p>
          <a href={adminHome(language)}>{t('notFound.back')}</a>
        </p>
      </div>
    </main>
  );
}

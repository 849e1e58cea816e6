'use client';

import { useLocale } from 'next-intl';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { errorMessages } from '@/lib/public/error-pages';
import { ErrorPage } from './ErrorPage';

/**
 * The not-found page's content in the layout's language. The layout's provider gives the locale: a
 * server component would ask next-intl, which reads the request headers, and a cached page (a
 * detail page) may not read them.
 */
export function NotFoundContent() {
  const language = toWireLanguage(useLocale() as Locale);
  const t = errorMessages[language];
  return <ErrorPage language={language} title={t.notFoundTitle} text={t.notFoundText} />;
}

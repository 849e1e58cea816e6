'use client';

import { errorMessages } from '@/lib/public/error-pages';
import { ErrorPage } from './ErrorPage';
import { usePageLanguage } from './public-pathname';

/**
 * The not-found page's content in the page's language, read from the URL on the client: a server
 * component would ask next-intl, which reads the request headers, and a cached page (a detail
 * page) may not read them.
 */
export function NotFoundContent() {
  const language = usePageLanguage();
  const t = errorMessages[language];
  return <ErrorPage language={language} title={t.notFoundTitle} text={t.notFoundText} />;
}

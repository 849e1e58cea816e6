import type { Metadata } from 'next';
import { ErrorPage } from '@/components/site/ErrorPage';
import { openPage, languageOf } from '@/lib/i18n/params';
import { errorMessages } from '@/lib/public/error-pages';

/**
 * The public site's 500 page in its frame, as the server sends it for any public page that failed
 * (lib/server/error-pages.ts keeps a copy of this page per language). Asked for itself, it answers
 * 500 too, and is never kept by a cache.
 */
export async function generateMetadata({ params }: PageProps<'/[locale]/server-error'>): Promise<Metadata> {
  const t = errorMessages[await languageOf(params)];
  return { title: t.errorTitle, robots: { index: false, follow: true } };
}

export default async function ServerError({ params }: PageProps<'/[locale]/server-error'>) {
  const { language } = await openPage(params);
  const t = errorMessages[language];
  return <ErrorPage language={language} title={t.errorTitle} text={t.errorText} />;
}

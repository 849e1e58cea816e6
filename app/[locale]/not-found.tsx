import type { Metadata } from 'next';
import { getLocale } from 'next-intl/server';
import { ErrorPage } from '@/components/site/ErrorPage';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { errorMessages } from '@/lib/public/error-pages';

// What notFound() of a page below app/[locale] shows (a hidden, expired or unknown row), inside the
// site's layout: its header, footer and `lang`. The status stays 404.
const language = async () => toWireLanguage((await getLocale()) as Locale);

export async function generateMetadata(): Promise<Metadata> {
  return { title: errorMessages[await language()].notFoundTitle };
}

export default async function NotFound() {
  const wire = await language();
  const t = errorMessages[wire];
  return <ErrorPage language={wire} title={t.notFoundTitle} text={t.notFoundText} />;
}

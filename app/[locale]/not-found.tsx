import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/site/NotFoundContent';
import { defaultWireLanguage, languageOfLocale } from '@/lib/i18n/languages';
import { errorMessages } from '@/lib/public/error-pages';

// What notFound() of a page below app/[locale] shows (a hidden, expired or unknown row), inside the
// site's layout: its header, footer and `lang`. The status stays 404.
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  return { title: errorMessages[languageOfLocale((await params).locale) ?? defaultWireLanguage].notFoundTitle };
}

export default function NotFound() {
  return <NotFoundContent />;
}

import { redirect } from 'next/navigation';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/languages';

/** An unknown path inside a language goes to that language's home page (spec §2). */
export default async function UnknownPath({ params }: PageProps<'/[locale]/[...rest]'>) {
  const { locale } = (await params) as { locale: Locale };
  redirect(getPathname({ href: '/', locale }));
}

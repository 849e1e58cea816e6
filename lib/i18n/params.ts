import { hasLocale } from 'next-intl';
import { notFound } from 'next/navigation';
import { routing } from './routing';
import type { Locale } from './languages';

/**
 * The locale of a `[locale]` route, or a 404. Metadata runs before the layout's own check, and a
 * path such as /favicon.ico reaches `[locale]` as the "locale" favicon.ico.
 */
export async function localeOf(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  return locale;
}

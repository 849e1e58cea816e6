import { hasLocale, type Messages, type NamespaceKeys, type NestedKeyOf } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from './routing';
import { toWireLanguage, type Locale } from './languages';

/**
 * The locale of a `[locale]` route, or a 404. Metadata runs before the layout's own check, and a
 * path such as /favicon.ico reaches `[locale]` as the "locale" favicon.ico.
 */
export async function localeOf(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  return locale;
}

/**
 * The start of every page under `[locale]`: its locale (or a 404), set for the rest of the
 * request's rendering (static rendering needs it), the wire language, and the messages of
 * `namespace` when the page names one.
 */
export async function openPage<NestedKey extends NamespaceKeys<Messages, NestedKeyOf<Messages>> = never>(
  params: Promise<{ locale: string }>,
  namespace?: NestedKey,
) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  return { locale, language: toWireLanguage(locale), t: await getTranslations<NestedKey>({ locale, namespace }) };
}

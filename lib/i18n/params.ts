import type { Messages, NamespaceKeys, NestedKeyOf } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { languageOfLocale, toLocale, type WireLanguage } from './languages';

/*
 * Pages and components pass one language, the wire code of URLs and the API (`tw`, `en`); next-intl
 * names it by its locale (`zh-TW`, `en`). These are the one place where one becomes the other: the
 * `[locale]` segment Next.js hands a page, and next-intl's calls.
 */

/**
 * The language of a `[locale]` route, or a 404. Metadata runs before the layout's own check, and a
 * path such as /favicon.ico reaches `[locale]` as the "locale" favicon.ico.
 */
export async function languageOf(params: Promise<{ locale: string }>): Promise<WireLanguage> {
  return languageOfLocale((await params).locale) ?? notFound();
}

/** Sets the language for the rest of the request's rendering (static rendering needs it). */
export function setPageLanguage(language: WireLanguage): void {
  setRequestLocale(toLocale(language));
}

/** next-intl's translator of `namespace` (all messages when none) in `language`. */
export function translationsIn<NestedKey extends NamespaceKeys<Messages, NestedKeyOf<Messages>> = never>(
  language: WireLanguage,
  namespace?: NestedKey,
) {
  return getTranslations<NestedKey>({ locale: toLocale(language), namespace });
}

/** The messages of `language` as next-intl's request configuration gives them (lib/i18n/request.ts). */
export const messagesIn = (language: WireLanguage) => getMessages({ locale: toLocale(language) });

/**
 * The start of every page under `[locale]`: its language (or a 404), set for the rest of the
 * request's rendering, and the messages of `namespace` when the page names one.
 */
export async function openPage<NestedKey extends NamespaceKeys<Messages, NestedKeyOf<Messages>> = never>(
  params: Promise<{ locale: string }>,
  namespace?: NestedKey,
) {
  const language = await languageOf(params);
  setPageLanguage(language);
  return { language, t: await translationsIn<NestedKey>(language, namespace) };
}

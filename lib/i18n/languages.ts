/**
 * Two names for each language: the wire code (`tw`, `en`) that the old API and site use in URLs, the
 * Web-Language header and the `lang` column, and the locale next-intl uses internally
 * (`tw` is the Twi language in BCP 47, so Chinese is `zh-TW` inside the app).
 */
export const wireLanguages = ['tw', 'en'] as const;
export type WireLanguage = (typeof wireLanguages)[number];

export const locales = ['zh-TW', 'en'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'zh-TW';
export const defaultWireLanguage: WireLanguage = 'tw';

const wireToLocale: Record<WireLanguage, Locale> = { tw: 'zh-TW', en: 'en' };
const localeToWire: Record<Locale, WireLanguage> = { 'zh-TW': 'tw', en: 'en' };

/** Each locale's path prefix: the old site's `/tw` URLs, while the locale stays the valid BCP 47 tag zh-TW. */
export const localePrefixes = { 'zh-TW': '/tw', en: '/en' } as const satisfies Record<Locale, string>;

/** `lang` attribute and hreflang value of each language, and the locale its dates and numbers are formatted in. */
export const htmlLang: Record<WireLanguage, string> = { tw: 'zh-Hant-TW', en: 'en' };

export function toLocale(language: WireLanguage): Locale {
  return wireToLocale[language];
}

export function toWireLanguage(locale: Locale): WireLanguage {
  return localeToWire[locale];
}

/** The language of next-intl's locale (a `[locale]` route segment), or undefined for any other value. */
export function languageOfLocale(value: string | undefined): WireLanguage | undefined {
  const locale = locales.find((known) => known === value);
  return locale && localeToWire[locale];
}

export function otherLanguage(language: WireLanguage): WireLanguage {
  return language === 'tw' ? 'en' : 'tw';
}

export function isWireLanguage(value: unknown): value is WireLanguage {
  return typeof value === 'string' && wireLanguages.some((known) => known === value);
}

/** Reads a Web-Language header value leniently: `tw`, `zh-TW`, `zh-Hant` and `en-US` all count. */
export function parseWireLanguage(value: string | null | undefined): WireLanguage {
  const v = (value ?? '').trim().toLowerCase();
  if (v.startsWith('en')) return 'en';
  return defaultWireLanguage;
}

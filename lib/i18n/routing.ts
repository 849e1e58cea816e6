import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales } from './languages';

export const routing = defineRouting({
  locales,
  defaultLocale,
  // Keep the old site's /tw URLs while the locale stays the valid BCP 47 tag zh-TW.
  localePrefix: { mode: 'always', prefixes: { 'zh-TW': '/tw', en: '/en' } },
  localeDetection: false,
  // The language is in the path; a cookie would only make cacheable public pages carry Set-Cookie.
  localeCookie: false,
  alternateLinks: false,
});

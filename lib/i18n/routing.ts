import { defineRouting } from 'next-intl/routing';
import { defaultLocale, localePrefixes, locales } from './languages';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: { mode: 'always', prefixes: localePrefixes },
  localeDetection: false,
  // The language is in the path; a cookie would only make cacheable public pages carry Set-Cookie.
  localeCookie: false,
  alternateLinks: false,
});

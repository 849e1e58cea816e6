import { useParams, usePathname } from 'next/navigation';
import { defaultLocale, locales, pathBelowPrefix, type Locale } from '@/lib/i18n/languages';
import { twinListPath } from '@/lib/public/first-page-twin';

/*
 * The public site's client components read the page's language and path from Next.js itself, not
 * from next-intl's client provider: that provider would bring its message formatter
 * (intl-messageformat, 40 KB of script) to every public page for these two values. Their strings
 * come as props from the server components that render them.
 */

/** The page's locale: its `[locale]` segment. */
export function usePageLocale(): Locale {
  const segment = useParams<{ locale?: string }>()?.locale;
  return locales.find((locale) => locale === segment) ?? defaultLocale;
}

/**
 * The visitor's path below the language prefix. A list's cached first page renders on its twin
 * route (lib/public/first-pages.ts), whose path must read as the list's own, on the server and in
 * the browser alike.
 */
export function usePublicPathname(): string {
  return twinListPath(pathBelowPrefix(usePathname() ?? '/'));
}

import { useParams, usePathname } from 'next/navigation';
import { defaultWireLanguage, languageOfLocale, type WireLanguage } from '@/lib/i18n/languages';
import { pathBelowPrefix } from '@/lib/routing/site';

/*
 * The public site's client components read the page's language and path from Next.js itself, not
 * from next-intl's client provider: that provider would bring its message formatter
 * (intl-messageformat, 40 KB of script) to every public page for these two values. Their strings
 * come as props from the server components that render them.
 */

/** The page's language: its `[locale]` segment. */
export function usePageLanguage(): WireLanguage {
  return languageOfLocale(useParams<{ locale?: string }>()?.locale) ?? defaultWireLanguage;
}

/** The visitor's path below the language prefix. */
export function usePublicPathname(): string {
  return pathBelowPrefix(usePathname() ?? '/');
}

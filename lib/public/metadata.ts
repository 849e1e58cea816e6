import type { Metadata } from 'next';
import { toWireLanguage, type Locale, type WireLanguage } from '../i18n/languages';
import { translate } from '../i18n/messages';
import { feedKinds, feedPath } from './feeds';
import { siteInfo } from './site';
import { absoluteUrl, hreflangOf } from './urls';

export interface PageMetadataInput {
  locale: Locale;
  /** The page's path below the language prefix (no query string unless it names a distinct page). */
  path: string;
  title: string;
  description?: string;
  /**
   * The page's path in each language when it differs from `path` (a detail page's counterpart);
   * `null` when that language has no counterpart, so no hreflang points at a page that is not the same.
   */
  alternates?: Partial<Record<WireLanguage, string | null>>;
  type?: 'website' | 'article';
  image?: string;
}

/**
 * The title, description, canonical URL, hreflang alternates (with x-default, the Chinese page)
 * and OpenGraph tags of a public page (issue 4 §5).
 */
export async function pageMetadata(input: PageMetadataInput): Promise<Metadata> {
  const language = toWireLanguage(input.locale);
  const site = await siteInfo(language);
  const pathIn = (l: WireLanguage): string | null => (l === language ? input.path : input.alternates?.[l] === undefined ? input.path : input.alternates[l]!);
  const languages: Record<string, string> = {};
  for (const l of ['tw', 'en'] as const) {
    const path = pathIn(l);
    if (path !== null) languages[hreflangOf(l)] = absoluteUrl(`/${l}${path}`);
  }
  const xDefault = pathIn('tw') ?? input.path;
  languages['x-default'] = absoluteUrl(`/${pathIn('tw') === null ? language : 'tw'}${xDefault}`);
  const canonical = absoluteUrl(`/${language}${input.path}`);
  const description = input.description || site.metaDescription || undefined;
  return {
    title: input.title,
    description,
    alternates: {
      canonical,
      languages,
      // The language's RSS feeds, so feed readers find them from any page.
      types: {
        'application/rss+xml': feedKinds.map((kind) => ({ url: absoluteUrl(feedPath(language, kind)), title: translate(language, `site.footer.feed.${kind}`) })),
      },
    },
    openGraph: {
      title: input.title,
      description,
      url: canonical,
      siteName: site.siteName,
      locale: language === 'tw' ? 'zh_TW' : 'en_US',
      alternateLocale: language === 'tw' ? 'en_US' : 'zh_TW',
      type: input.type ?? 'website',
      images: input.image ? [{ url: input.image.startsWith('http') ? input.image : absoluteUrl(input.image) }] : site.logoUrl ? [{ url: absoluteUrl(site.logoUrl) }] : undefined,
    },
  };
}

import { isMembersOnly } from '../content/model/audience';
import type { Metadata } from 'next';
import type { ResourceDefinition } from '../content/model/define';
import { readPublicRow } from '../content/storage/reads';
import type { RowOf } from '../content/model/rows';
import { defaultWireLanguage, languageOfLocale, otherLanguage, type WireLanguage, htmlLang } from '../i18n/languages';
import { sitePath } from '../routing/site';
import { translate } from '../i18n/messages';
import { richTextToPlain } from '../security/sanitize';
import { translationOf } from './detail';
import { errorMessages } from './error-pages';
import { feedKinds, feedPath } from './feeds';
import { publicRowPath } from './row-links';
import { siteInfo } from './site';
import { truncated } from './text';
import { absoluteUrl } from './urls';

interface PageMetadataInput {
  language: WireLanguage;
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
 * and OpenGraph tags of a public page (docs/public-site.md, Search engines).
 */
export async function pageMetadata(input: PageMetadataInput): Promise<Metadata> {
  const language = input.language;
  const site = await siteInfo(language);
  const pathIn = (l: WireLanguage): string | null =>
    l === language ? input.path : input.alternates?.[l] === undefined ? input.path : input.alternates[l]!;
  const languages: Record<string, string> = {};
  for (const l of ['tw', 'en'] as const) {
    const path = pathIn(l);
    if (path !== null) languages[htmlLang[l]] = absoluteUrl(sitePath(l, path));
  }
  const xDefault = pathIn('tw') ?? input.path;
  languages['x-default'] = absoluteUrl(sitePath(pathIn('tw') === null ? language : 'tw', xDefault));
  const canonical = absoluteUrl(sitePath(language, input.path));
  // A page with no text of its own, on a site with no description set, still gets one: search
  // engines would otherwise make one up from whatever the page shows first.
  const description =
    input.description ||
    site.metaDescription ||
    (input.title === site.siteName
      ? site.siteName
      : translate(language, 'site.pageDescription', { title: input.title, siteName: site.siteName }));
  return {
    title: input.title,
    description,
    alternates: {
      canonical,
      languages,
      // The language's RSS feeds, so feed readers find them from any page.
      types: {
        'application/rss+xml': feedKinds.map((kind) => ({
          url: absoluteUrl(feedPath(language, kind)),
          title: translate(language, `site.footer.feed.${kind}`),
        })),
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
      images: input.image
        ? [{ url: input.image.startsWith('http') ? input.image : absoluteUrl(input.image) }]
        : site.logoUrl
          ? [{ url: absoluteUrl(site.logoUrl) }]
          : undefined,
    },
  };
}

/** Search engines show about this much of a description. */
const DESCRIPTION_LENGTH = 160;

interface DetailPage<R> {
  title: string;
  /** Plain or rich text the description is taken from; when empty, the row's content. */
  text?: string | null;
  image?: string | null;
  /** The page's path for a row of its resource; default the row's public path (lib/public/row-links.ts). */
  pathOf?: (row: R) => string;
}

/**
 * The metadata of a detail page: its title, the start of its text as description, its path, and the
 * hreflang of its counterpart in the other language when that is public (else none).
 */
export async function detailPageMetadata<D extends ResourceDefinition>(
  language: WireLanguage,
  definition: D,
  row: RowOf<D>,
  page: DetailPage<RowOf<D>>,
): Promise<Metadata> {
  const other = otherLanguage(language);
  const pathOf = page.pathOf ?? ((r: RowOf<D>) => publicRowPath(definition.name, r)!);
  const counterpartId = translationOf(row);
  const counterpart = counterpartId ? await readPublicRow(definition, other, counterpartId) : undefined;
  const text = richTextToPlain(page.text || ('content' in row && typeof row.content === 'string' ? row.content : ''));
  const metadata = await pageMetadata({
    language,
    path: pathOf(row),
    title: page.title,
    description: text ? truncated(text, DESCRIPTION_LENGTH) : undefined,
    alternates: { [other]: counterpart ? pathOf(counterpart) : null },
    type: 'article',
    image: page.image ?? undefined,
  });
  // Only a signed-in Member is shown a row for members only: never one for search engines.
  return isMembersOnly(row) ? { ...metadata, robots: { index: false, follow: false } } : metadata;
}

/** Whether an error is Next's notFound(), by its digest (no public test; test/server/next-contract.test.ts pins it). */
const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'digest' in error && error.digest === 'NEXT_HTTP_ERROR_FALLBACK;404';

/**
 * A detail page's `generateMetadata` that leaves the 404 to the page: when the row is not there, the
 * metadata is the not-found page's (its title, not indexed) and the page's own notFound() shows
 * `app/[locale]/not-found.tsx` inside the site's layout. Thrown from the metadata, it would find no
 * boundary above the root layout and Next would send a bare error document; left empty, the
 * browser's title would fall back to the site's name once the page hydrates.
 */
export function unlessNotFound<P extends { params: Promise<{ locale: string }> }>(
  read: (props: P) => Promise<Metadata>,
): (props: P) => Promise<Metadata> {
  return async (props) => {
    try {
      return await read(props);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      const language = languageOfLocale((await props.params).locale) ?? defaultWireLanguage;
      return { title: errorMessages[language].notFoundTitle, robots: { index: false } };
    }
  };
}

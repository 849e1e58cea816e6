import type { WebInfo } from '../content/storage/settings';
import { type WireLanguage, htmlLang } from '../i18n/languages';
import { sitePath } from '../routing/site';
import { absoluteUrl } from './urls';

/** schema.org JSON-LD of the public site (docs/public-site.md, Search engines): Organization, NewsArticle, Event. */
type JsonLdObject = Record<string, unknown>;

/** Drops empty values, so no property is sent blank. */
function compact(object: JsonLdObject): JsonLdObject {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

const absolute = (url: string | null | undefined) =>
  url ? (/^https?:\/\//.test(url) ? url : absoluteUrl(url)) : undefined;

/** The association, from the web settings (home page; the publisher of articles). */
export function organizationJsonLd(site: WebInfo, language: WireLanguage): JsonLdObject {
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absoluteUrl('/#organization'),
    name: site.associationName || site.siteName,
    alternateName: site.associationName && site.associationName !== site.siteName ? site.siteName : undefined,
    url: absoluteUrl(sitePath(language)),
    logo: absolute(site.logoUrl),
    address: site.address ? { '@type': 'PostalAddress', streetAddress: site.address } : undefined,
    telephone: site.phone,
    faxNumber: site.fax,
    email: site.email,
    description: site.metaDescription,
  });
}

interface ArticleInput {
  title: string;
  url: string;
  description: string;
  published: Date;
  modified: Date | null;
  image: string | null;
  language: WireLanguage;
  section?: string | null;
}

export function newsArticleJsonLd(article: ArticleInput, site: WebInfo): JsonLdObject {
  return compact({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title.slice(0, 110),
    description: article.description,
    url: absolute(article.url),
    mainEntityOfPage: absolute(article.url),
    datePublished: article.published.toISOString(),
    dateModified: (article.modified ?? article.published).toISOString(),
    image: article.image ? [absolute(article.image)] : undefined,
    inLanguage: htmlLang[article.language],
    articleSection: article.section,
    author: {
      '@type': 'Organization',
      name: site.associationName || site.siteName,
      url: absoluteUrl(sitePath(article.language)),
    },
    publisher: compact({
      '@type': 'Organization',
      name: site.associationName || site.siteName,
      logo: site.logoUrl ? { '@type': 'ImageObject', url: absolute(site.logoUrl) } : undefined,
    }),
  });
}

interface EventInput {
  name: string;
  url: string;
  description: string;
  start: Date;
  end: Date | null;
  location: string;
  organizer: string;
  image: string | null;
  registrationUrl: string;
  language: WireLanguage;
}

/** An activity. Without a location of its own it takes place at the association's address. */
export function eventJsonLd(event: EventInput, site: WebInfo): JsonLdObject {
  const organizerName = event.organizer || site.associationName || site.siteName;
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    description: event.description,
    url: absolute(event.url),
    startDate: event.start.toISOString(),
    endDate: event.end?.toISOString(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: htmlLang[event.language],
    location: compact({
      '@type': 'Place',
      name: event.location || site.associationName || site.siteName,
      address: site.address && !event.location ? site.address : event.location || undefined,
    }),
    image: event.image ? [absolute(event.image)] : undefined,
    organizer: compact({
      '@type': 'Organization',
      name: organizerName,
      url: event.organizer ? undefined : absoluteUrl(sitePath(event.language)),
    }),
    offers: event.registrationUrl
      ? { '@type': 'Offer', url: event.registrationUrl, availability: 'https://schema.org/InStock' }
      : undefined,
  });
}

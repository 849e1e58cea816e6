import { resources } from '../content/model/registry';
import { readPublicList } from '../content/storage/reads';
import type { ResourceDefinition } from '../content/model/define';
import { translate } from '../i18n/messages';
import { isWireLanguage, type WireLanguage } from '../i18n/languages';
import { sitePath } from '../routing/site';
import { announcementRowOf } from './announcements';
import { route, type RouteId } from './routes';
import { publicRowUrl } from './row-links';
import { siteInfo } from './site';
import { summaryText } from './text';
import { absoluteUrl } from './urls';

/**
 * The RSS feeds (docs/public-site.md, Search engines): news and bulletins, one per language, at
 * `/feeds/{language}/{kind}.xml`.
 */
export const feedKinds = ['news', 'bulletins'] as const;
type FeedKind = (typeof feedKinds)[number];

const feedSources: Record<FeedKind, { definition: ResourceDefinition; route: RouteId }> = {
  news: { definition: resources.webnews, route: 'news' },
  bulletins: { definition: resources.webbulletin, route: 'bulletins' },
};

export const FEED_SIZE = 20;

export const feedPath = (language: WireLanguage, kind: FeedKind) => `/feeds/${language}/${kind}.xml`;

/** `tw` + `news.xml` → the feed, or null for anything else. */
export function parseFeed(language: string, file: string): { language: WireLanguage; kind: FeedKind } | null {
  const kind = feedKinds.find((known) => `${known}.xml` === file);
  if (!isWireLanguage(language) || !kind) return null;
  return { language, kind };
}

/** Text for XML content and attributes; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

interface FeedItem {
  title: string;
  url: string;
  description: string;
  published: Date;
}

interface FeedChannel {
  title: string;
  url: string;
  selfUrl: string;
  description: string;
  language: string;
  items: FeedItem[];
}

/** An RSS 2.0 document (with atom:link rel=self, as validators ask). */
export function rssXml(channel: FeedChannel): string {
  const tag = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const newest = channel.items[0]?.published;
  const items = channel.items.map(
    (item) =>
      `<item>${tag('title', item.title)}${tag('link', item.url)}<guid isPermaLink="true">${escapeXml(item.url)}</guid>` +
      `${tag('pubDate', item.published.toUTCString())}${tag('description', item.description)}</item>`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>' +
    `${tag('title', channel.title)}${tag('link', channel.url)}${tag('description', channel.description)}${tag('language', channel.language)}` +
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>` +
    (newest ? tag('lastBuildDate', newest.toUTCString()) : '') +
    items.join('') +
    '</channel></rss>\n'
  );
}

/** The feed's channel: the newest public rows of the language, read through the public cache. */
export async function feedChannel(language: WireLanguage, kind: FeedKind): Promise<FeedChannel> {
  const { definition, route: routeId } = feedSources[kind];
  const [site, { rows }] = await Promise.all([
    siteInfo(language),
    readPublicList(definition, language, { sort: [{ field: 'publishAt', direction: 'desc' }], pageSize: FEED_SIZE }),
  ]);
  const label = translate(language, `site.routes.${routeId}`);
  return {
    title: `${label} | ${site.siteName}`,
    url: absoluteUrl(sitePath(language, route(routeId).path)),
    selfUrl: absoluteUrl(feedPath(language, kind)),
    description: site.metaDescription || label,
    language: language === 'tw' ? 'zh-TW' : 'en',
    items: rows
      .map((stored) => announcementRowOf(definition, stored))
      .map((row) => ({
        title: row.title ?? '',
        url: absoluteUrl(publicRowUrl(language, definition.name, row)!),
        description: summaryText(row, 300),
        published: row.publishAt,
      })),
  };
}

import { cache } from 'react';
import { cachedRead } from '../cache/public-reads';
import { cachedSiteRead } from '../cache/site-reads';
import { SharedLoad } from '../cache/shared-load';
import { visitorResources } from '../content/model/registry';
import { lastContentUpdate, legacyVisitCount, readCounter, readWebInfo } from '../content/storage/settings';
import type { WireLanguage } from '../i18n/languages';

/**
 * The association's public settings (name, logo, contact details): every page shows them, so they
 * are kept until the next write (a settings save invalidates them) or 30 s.
 */
export const siteInfo = cache((language: WireLanguage) =>
  cachedSiteRead(`webinfo:${language}`, () => readWebInfo(language, { includePrivate: false })),
);

interface FooterFigures {
  /** 瀏覽人次: the previous website's count carried over plus this site's visits. */
  visit: number;
  /** The accessibility area's own count. */
  accessible: number;
  legacy: number;
  /** 更新日期: the site's last content update, or null before there is any content. */
  updated: Date | null;
}

/**
 * Tokens that change whenever one of the resources visitors read (or the web settings) is written: a
 * public-cache entry per resource, which every write to it empties (and which expires with the
 * cache's TTL). While every token is the same object, nothing has been written since.
 */
const sources = () => [...visitorResources().map((definition) => definition.name), 'websetting'];
const writeToken = (source: string) => cachedRead(source, 'write-token', async () => ({}));

let lastUpdate: { tokens: object[]; value: SharedLoad<Date | null> } | undefined;

/**
 * The footer's 更新日期 without scanning every content table on every page view: recomputed only
 * after a write (or a cache expiry), shared by concurrent requests.
 */
export async function latestContentUpdate(): Promise<Date | null> {
  const tokens = await Promise.all(sources().map(writeToken));
  if (
    lastUpdate &&
    lastUpdate.tokens.length === tokens.length &&
    lastUpdate.tokens.every((token, i) => token === tokens[i])
  )
    return lastUpdate.value.get();
  const value = lastContentUpdate();
  const entry = { tokens, value: new SharedLoad(value) };
  lastUpdate = entry;
  value.catch(() => {
    if (lastUpdate === entry) lastUpdate = undefined;
  });
  return value;
}

/**
 * The footer's counters and update date, read without counting anything (the browser counts once
 * per session, components/site/VisitCounter.tsx), once per request.
 */
export const footerFigures = cache((): Promise<FooterFigures> =>
  // The counts shown in the HTML may be 30 s old: the browser's own counting call shows its fresh count.
  cachedSiteRead('footer', async () => {
    const [visit, accessible, legacy, updated] = await Promise.all([
      readCounter('visit'),
      readCounter('accessible'),
      legacyVisitCount(),
      latestContentUpdate(),
    ]);
    return { visit: visit + legacy, accessible, legacy, updated };
  }),
);

import { cache } from 'react';
import { lastContentUpdate, legacyVisitCount, readCounter, readWebInfo } from '../content/settings';
import type { WireLanguage } from '../i18n/languages';

/** The association's public settings (name, logo, contact details), read once per request. */
export const siteInfo = cache((language: WireLanguage) => readWebInfo(language, { includePrivate: false }));

export interface FooterFigures {
  /** 瀏覽人次: the previous website's count carried over plus this site's visits. */
  visit: number;
  /** The accessibility area's own count. */
  accessible: number;
  legacy: number;
  /** 更新日期: the site's last content update, or null before there is any content. */
  updated: Date | null;
}

/**
 * The footer's counters and update date, read without counting anything (the browser counts once
 * per session, components/site/VisitCounter.tsx), once per request.
 */
export const footerFigures = cache(async (): Promise<FooterFigures> => {
  const [visit, accessible, legacy, updated] = await Promise.all([readCounter('visit'), readCounter('accessible'), legacyVisitCount(), lastContentUpdate()]);
  return { visit: visit + legacy, accessible, legacy, updated };
});

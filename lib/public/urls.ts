import { config } from '../config';
import { htmlLang, type WireLanguage } from '../i18n/languages';

/** The absolute URL (SITE_URL) of a path that already carries its language prefix. */
export function absoluteUrl(path: string): string {
  return `${config().siteUrl}${path}`;
}

/** Appends search parameters, leaving out empty ones: `withQuery('/tw/news', {page: 2})`. */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.size ? `${path}?${params}` : path;
}

export const hreflangOf = (language: WireLanguage) => htmlLang[language === 'tw' ? 'zh-TW' : 'en'];

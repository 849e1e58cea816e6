import { config } from '../config';
import { htmlLang, type WireLanguage } from '../i18n/languages';
import { absoluteUrl as atOrigin } from '../routing/site';

/** The absolute URL (SITE_URL) of a path that already carries its language prefix. */
export const absoluteUrl = (path: string) => atOrigin(config().siteUrl, path);

export const hreflangOf = (language: WireLanguage) => htmlLang[language === 'tw' ? 'zh-TW' : 'en'];

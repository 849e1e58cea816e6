import tw from '../../messages/tw/errors.json';
import en from '../../messages/en/errors.json';
import type { WireLanguage } from '../i18n/languages';

/** The error pages' strings: their own small namespace, so the client's error boundary carries no other. */
type ErrorMessages = typeof tw;
export const errorMessages: Record<WireLanguage, ErrorMessages> = { tw, en };

/**
 * Where an error page leads, below the language prefix: the home, search and site-map routes of
 * lib/public/routes.ts (test/public/error-pages.test.ts holds them equal). Written out so the client's
 * error boundary does not load the route table, which reads the whole content registry.
 */
export const errorPagePaths = { home: '', search: '/search', siteMap: '/site-map' } as const;

/** The language of a path when no layout could say it: `/en…` (and the back office's `/en-…`) is English. */
export const languageOfPath = (pathname: string | null): WireLanguage =>
  /^\/(en|admin\/en)(\/|-|$)/.test(pathname ?? '') ? 'en' : 'tw';

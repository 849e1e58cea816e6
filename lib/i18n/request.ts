import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { resourceRouteNames } from '../public/routes';
import { routing } from './routing';
import { messagesFor } from './messages';
import { toWireLanguage, type Locale } from './languages';

/** The message files, and the names of the routes resources declare beside the hand-written ones. */
function withRouteNames(locale: Locale) {
  const language = toWireLanguage(locale);
  const messages = messagesFor(language);
  return {
    ...messages,
    site: { ...messages.site, routes: { ...resourceRouteNames(language), ...messages.site.routes } },
  };
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: withRouteNames(locale), timeZone: process.env.SITE_TIME_ZONE || 'Asia/Taipei' };
});

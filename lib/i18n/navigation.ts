import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** next-intl's navigation for the routing of lib/i18n/routing.ts: `/tw` is the zh-TW locale, `/en` is en. */
const navigation = createNavigation(routing);

export const { Link, usePathname, useRouter, getPathname } = navigation;

/**
 * A redirect to a path below the language prefix. Declared with its type, so code after a call is known unreachable.
 */
export const redirect: typeof navigation.redirect = navigation.redirect;

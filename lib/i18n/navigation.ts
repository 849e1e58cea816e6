import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** next-intl's navigation for the routing of lib/i18n/routing.ts: `/tw` is the zh-TW locale, `/en` is en. */
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);

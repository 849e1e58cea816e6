import { createNavigation } from 'next-intl/navigation';
import { withoutFirstPage } from '../public/first-pages';
import { routing } from './routing';

export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);

/**
 * The visitor's path below the language prefix. A list's cached first page renders on its twin
 * route (lib/public/first-pages.ts), whose path must read as the list's own, on the server and in
 * the browser alike.
 */
export function usePublicPathname(): string {
  return withoutFirstPage(usePathname());
}

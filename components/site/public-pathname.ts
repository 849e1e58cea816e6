import { usePathname } from '@/lib/i18n/navigation';
import { withoutFirstPage } from '@/lib/public/first-pages';

/**
 * The visitor's path below the language prefix. A list's cached first page renders on its twin
 * route (lib/public/first-pages.ts), whose path must read as the list's own, on the server and in
 * the browser alike.
 */
export function usePublicPathname(): string {
  return withoutFirstPage(usePathname());
}

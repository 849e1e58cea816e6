import { HYDRATED_PAGE_MARK } from '@/lib/http/hydrated-page';

/**
 * Marks the page it is on as one that keeps Next.js's client runtime (public pages go without it:
 * lib/server/next/framework-scripts.ts), for a part that is React in the browser, named by `part`.
 */
export function HydratedPage({ part }: { part: string }) {
  return <meta name={HYDRATED_PAGE_MARK} content={part} />;
}

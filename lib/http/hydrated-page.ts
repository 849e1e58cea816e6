/**
 * A public page goes without Next.js's client runtime (lib/server/next/framework-scripts.ts) unless it
 * holds a part that is React in the browser (a form): such a page carries `<meta name="hydrated-page">`
 * (components/site/HydratedPage.tsx), and the server leaves its scripts in.
 */
export const HYDRATED_PAGE_MARK = 'hydrated-page';

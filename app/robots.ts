import type { MetadataRoute } from 'next';
import { wireLanguages } from '@/lib/i18n/languages';
import { absoluteUrl } from '@/lib/public/urls';
import { adminHome, loginPath } from '@/lib/routing/back-office';

// SITE_URL is read when the server runs, not when it is built.
export const dynamic = 'force-dynamic';

/** Everything public may be crawled; the API, the back office and the sign-in pages not. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', ...wireLanguages.map(adminHome), ...wireLanguages.map((language) => loginPath(language))],
    },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}

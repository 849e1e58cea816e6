import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/public/urls';

// SITE_URL is read when the server runs, not when it is built.
export const dynamic = 'force-dynamic';

/** Everything public may be crawled; the API, the back office and the sign-in pages not. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/tw-admin', '/en-admin', '/tw-login', '/en-login'] },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}

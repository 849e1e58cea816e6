import { fileURLToPath } from 'node:url';
import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';
import { backOfficeHeaders, securityHeaders, UPLOAD_CSP } from './lib/security/headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WebAssembly and data files from its own package folder at run time.
  // prom-client keeps one registry per loaded copy: loaded from node_modules, the start-up code and
  // the /metrics route share it.
  // nodemailer and exceljs (spreadsheet exports) are loaded from node_modules as published rather than bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'prom-client', 'nodemailer', 'exceljs'],
  poweredByHeader: false,
  // Compression happens after each page's inline scripts are hashed (lib/server/next/script-hashes.ts).
  compress: false,
  // The build checks the application's types; tests are checked by `npm run typecheck`.
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  // Uploads come through the API's own size check (20 MB), not Next's body parser.
  // Whole public pages are kept by the server's own stage (lib/server/stored-pages.ts); Next.js
  // keeps none, in memory or in its file cache (lib/server/next/page-cache.cjs).
  cacheHandler: fileURLToPath(new URL('./lib/server/next/page-cache.cjs', import.meta.url)),
  cacheMaxMemorySize: 0,
  // One small stylesheet: inlining it saves a render-blocking request on phones (Lighthouse).
  experimental: { serverActions: { bodySizeLimit: '1mb' }, inlineCss: true },
  async headers() {
    const dev = process.env.NODE_ENV !== 'production';
    // Uploads keep their own, stricter policy: Next.js would replace the one the route sets.
    return [
      { source: '/((?!uploads/).*)', headers: securityHeaders(dev) },
      { source: '/uploads/:path*', headers: securityHeaders(dev, UPLOAD_CSP) },
      // The back office's addresses (lib/admin/rewrite.ts): /tw-admin/…, /en-login, /tw-reset.
      { source: '/:area((?:tw|en)-(?:admin|login|reset))/:path*', headers: backOfficeHeaders },
    ];
  },
};

/**
 * next-intl's plugin points the build at lib/i18n/request.ts. The production server runs what the
 * build made, and loading the plugin there would load SWC's native compiler too (about 13 MB
 * resident for the life of the process).
 */
export default async function config(phase) {
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin('./lib/i18n/request.ts')(nextConfig);
}

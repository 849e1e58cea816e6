import { withPreview } from '../cache/preview-scope';
import { findPreviewGrant } from '../content/auth/preview';
import { PREVIEW_COOKIE, readCookie } from '../http/cookies';
import { logError } from '../observability/logger';
import type { Stage } from './stage';

/**
 * Serves a page request that carries a valid draft-preview token inside that preview's scope
 * (lib/cache/preview-scope.ts): its row is readable and nothing it reads is cached. Such a page is
 * never indexed and never stored by a shared cache, whatever the page itself would say. The
 * request also carries Next.js's draft-mode cookie (set with the token by app/preview), so Next.js
 * renders it afresh instead of serving or sharing a cached page.
 */
export const previewScope: Stage = async (exchange, next) => {
  const { request, path } = exchange;
  const token = readCookie(request.headers.cookie ?? '', PREVIEW_COOKIE);
  if (!token || (request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/api/')) return next();
  let grant;
  try {
    grant = await findPreviewGrant(token);
  } catch (error) {
    logError(error, 'preview');
  }
  if (!grant) return next();
  exchange.privateAnswer = { ...exchange.privateAnswer, noindex: true };
  return withPreview(grant, next);
};

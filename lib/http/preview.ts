import type http from 'node:http';
import { withPreview } from '../cache/preview-scope';
import { findPreviewGrant } from '../content/auth/preview';
import { logError } from '../observability/logger';
import { readCookie } from './cookies';
import { beforeHead, hookRequests } from './server-hook';

/** The cookie that carries a draft-preview token from /preview to the public pages. */
export const PREVIEW_COOKIE = 'gonghui-preview';

/**
 * Serves a page request that carries a valid draft-preview token inside that preview's scope
 * (lib/cache/preview-scope.ts): its row is readable and nothing it reads is cached. Such a page is
 * never indexed and never stored by a shared cache, whatever the page itself would say. The
 * request also carries Next.js's draft-mode cookie (set with the token by app/preview), so Next.js
 * renders it afresh instead of serving or sharing a cached page.
 */
export function installPreviews(): void {
  hookRequests('preview', (request, response, serve) => {
    const token = readCookie(request.headers.cookie ?? '', PREVIEW_COOKIE);
    if (!token || (request.method !== 'GET' && request.method !== 'HEAD') || request.url?.startsWith('/api/')) return serve();
    findPreviewGrant(token)
      .then((grant) => {
        if (!grant) return serve();
        keepPrivate(response);
        withPreview(grant, serve);
      })
      .catch((error) => {
        logError(error, 'preview');
        serve();
      });
    return true;
  });
}

function keepPrivate(response: http.ServerResponse): void {
  beforeHead(response, () => {
    response.setHeader('cache-control', 'private, no-store');
    response.setHeader('x-robots-tag', 'noindex');
  });
}

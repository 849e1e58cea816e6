import fs from 'node:fs';
import path from 'node:path';

/**
 * The names Next.js gives things on the wire and on disk, as the stages read them. Each is Next.js's
 * own (test/server/next-contract.test.ts compares them with its source), kept here so no stage names
 * one of its own.
 */

/** Where Next.js serves its build files (`/_next/static/…`, immutable: their names change with them). */
export const BUILD_FILES_PATH = '/_next/static/';

/** The client router's state, sent with its own requests; Next.js answers one it cannot read with a 500. */
export const ROUTER_STATE_HEADER = 'next-router-state-tree';
/** A server action sent by script (a form posted without script comes as multipart instead). */
export const ACTION_HEADER = 'next-action';
/** A request of the client router for a page's React payload rather than its HTML. */
export const RSC_HEADER = 'rsc';
/** The client router fetching ahead of a click. */
export const PREFETCH_HEADER = 'next-router-prefetch';

/**
 * The headers of the client router's own requests (payloads, prefetches, actions): an answer to one
 * is not the page a visitor navigates to, so it is never shared or stored.
 */
export const ROUTER_HEADERS: readonly string[] = [
  RSC_HEADER,
  ROUTER_STATE_HEADER,
  PREFETCH_HEADER,
  'next-router-segment-prefetch',
  ACTION_HEADER,
  'next-url',
];

/** Next.js's word on its own page cache (which keeps nothing here: page-cache.cjs); never a stored copy's. */
export const CACHE_STATUS_HEADER = 'x-nextjs-cache';

/** The id of the empty error shell Next.js sends for a page that failed while rendering. */
export const ERROR_SHELL_MARK = '__next_error__';

/** Next.js's draft-mode cookie: a request carrying it with the build's id is rendered for itself alone. */
export const DRAFT_MODE_COOKIE = '__prerender_bypass';

/**
 * The draft-mode cookie of the build in `dir` (`name=id`: Next.js keeps the id in
 * `.next/prerender-manifest.json`); null without a production build (the development server renders
 * every request for itself anyway).
 */
export function draftModeCookie(dir: string): string | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.next', 'prerender-manifest.json'), 'utf8'));
    const id = manifest?.preview?.previewModeId;
    return typeof id === 'string' && id ? `${DRAFT_MODE_COOKIE}=${id}` : null;
  } catch {
    return null;
  }
}

/**
 * Everything of the server that knows Next.js's output or internals, behind this one interface:
 * the rest of the server imports it from here alone (.dependency-cruiser.cjs), and a Next.js upgrade
 * runs test/server/next-contract.test.ts first, which pins what these files assume of it.
 *
 * - `nextRequestHandler`: the prepared application's request handler, the pipeline's last step;
 *   it puts back Node's own `Date`, which preparing Next.js replaces (node-date.ts).
 * - `responseBody`: the last stage, which takes over the response Next.js writes (writeHead, write,
 *   end): the stages' decisions over the head, each page held whole, without the client runtime if
 *   so decided, and its inline scripts' hashes added to its CSP (script-hashes.ts), a redirect's
 *   rendered page dropped, the body compressed.
 * - `withoutFrameworkScripts`: a page without Next.js's client runtime (the framed 500 page's copy).
 * - `isValidRouterState`: Next.js's reading of its router-state header, so the gate refuses what it
 *   would answer with a 500.
 * - the names Next.js uses on the wire and on disk (protocol.ts), and the build's draft-mode cookie.
 * - page-cache.cjs, Next.js's `cacheHandler` that keeps nothing (named by path in next.config.mjs).
 */
export { nextRequestHandler } from './handler';
export { nodeDate, restoreNodeDate } from './node-date';
export { responseBody } from './response';
export { withoutFrameworkScripts } from './framework-scripts';
export { isValidRouterState } from './router-state';
export {
  ACTION_HEADER,
  BUILD_FILES_PATH,
  CACHE_STATUS_HEADER,
  draftModeCookie,
  DRAFT_MODE_COOKIE,
  ERROR_SHELL_MARK,
  PREFETCH_HEADER,
  ROUTER_HEADERS,
  ROUTER_STATE_HEADER,
  RSC_HEADER,
} from './protocol';

/**
 * The HTTP server (`npm start`, `npm run demo`, `npm run dev`): Next.js's documented custom server,
 * with every request passing through the stages below, in this order, before Next.js sees it. A stage
 * answers or calls `next()`; what it decides about the answer's head it records on the exchange
 * (lib/server/stage.ts), and the response stage applies those decisions in one place
 * (lib/server/final-head.ts). Built into dist/server.cjs by scripts/build-server.mjs;
 * docs/architecture.md ("One request's path") tells the story.
 */
import http from 'node:http';
import path from 'node:path';
// First: Next.js sets itself up (its require hook, its polyfills) before the application's modules load.
import { nextRequestHandler, responseBody } from './lib/server/next';
import { apiStage } from './lib/server/api';
import { cacheHeaders } from './lib/server/cache-headers';
import { databaseAwayAnswers } from './lib/server/database-away';
import { drain } from './lib/server/drain';
import { errorPages, ownOrigin } from './lib/server/error-pages';
import { keepConnectionsOpen } from './lib/server/keep-alive';
import { pipeline } from './lib/server/pipeline';
import { memberReads } from './lib/server/member-reads';
import { previewScope } from './lib/server/preview';
import { requestGate } from './lib/server/request-gate';
import { requestLog } from './lib/server/request-log';
import { appRoutePatterns } from './lib/server/route-patterns';
import { openDatabase } from './lib/server/start';
import { staticFiles } from './lib/server/static-files';
import { storedPages } from './lib/server/stored-pages';
import { scriptFreePages } from './lib/server/script-free-pages';
import { flushSearchQueryTally, searchQueryTally } from './lib/server/search-queries';
import { serverOptions } from './lib/server/options';
import type { Stage } from './lib/server/stage';

const options = serverOptions(process.argv.slice(2), process.env);
const dir = process.cwd();
/** Where this server answers, once it listens: the 500 page's copies are rendered through it. */
let origin: URL | null = null;
const framedErrors = errorPages(() => origin);
const draining = drain();

const stages: Stage[] = [
  // The request's id, and its line in the log and its count in the metrics once answered.
  requestLog(appRoutePatterns(path.join(dir, 'app'))),
  // Once told to stop: /readyz answers 503 and every answer closes its connection (lib/server/drain.ts).
  draining.stage,
  // A failure while the database is away is a 503 with Retry-After, not a 500 (for the API too).
  databaseAwayAnswers,
  // The socket's address for the routes; garbled requests refused with a 4xx in their language.
  requestGate,
  // The API (lib/api/dispatch.ts), answered here with its own compression: nothing after this runs for /api.
  apiStage({ dev: options.dev }),
  // A draft preview's scope: its row readable, nothing it reads cached, its answer private and not indexed.
  previewScope,
  // A signed-in Member's pages and uploads: rows for members only readable, the answer private.
  memberReads(dir),
  // Next.js's build files, compressed once each and sent as they are (immutable: never stale).
  staticFiles,
  // A visitor's search counted for the statistics (lib/server/search-queries.ts), pages from the cache too.
  searchQueryTally,
  // Public pages without Next.js's client runtime, unless they hold a form (production only: the
  // development server's runtime reloads pages as the code changes).
  ...(options.dev ? [] : [scriptFreePages]),
  // A public page kept whole and compressed, sent without running Next.js; else the page rendered is
  // stored once finished (production only: the development server renders every change afresh).
  ...(options.dev ? [] : [storedPages]),
  // The cache tier's headers (how long, which surrogate keys) on public pages, and until when they may be kept.
  cacheHeaders,
  // A public page that failed is sent as the site's 500 page in its frame, never kept by a cache (over
  // the cache tier's headers and privacy).
  framedErrors,
  // The decisions above applied to the head, each page's inline scripts hashed into its CSP, the body
  // compressed, the finished page handed back (Next.js's writes taken over: lib/server/next/response.ts).
  responseBody({ hashScripts: !options.dev }),
];

/**
 * The log goes to standard output and error. When whatever read them is gone (the terminal closed,
 * the supervisor's pipe broken), a write fails with EPIPE; unhandled, that error is reported, the
 * report's own write fails again, and the process spins on it at full speed. The server keeps serving
 * without a log instead (the operator's supervisor restarts it if it means to).
 */
function survivePipeLoss(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}

async function main(): Promise<void> {
  survivePipeLoss();
  await openDatabase();
  const handle = await nextRequestHandler({ dir, ...options });
  const server = http.createServer(pipeline(stages, handle));
  keepConnectionsOpen(server);
  // On SIGTERM/SIGINT the requests in flight are answered, and the search counts written, before the database closes.
  draining.onStop(server, { dev: options.dev, afterDrain: flushSearchQueryTally });
  server.listen(options.port, options.hostname, () => {
    origin = ownOrigin(server.address());
    if (!options.dev) void framedErrors.prepare();
    console.log(
      `Gonghui${options.dev ? ' (development)' : ''} listening on http://${options.hostname ?? 'localhost'}:${options.port}`,
    );
  });
}

main().catch((error) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});

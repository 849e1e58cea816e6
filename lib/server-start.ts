import { closeDatabaseOnSignals, connectReady, onDatabaseOpen } from './db';
import { logRequests } from './observability/request-log';
import { collectGarbageWhenGrown } from './runtime/heap';
import { onStartup } from './startup';
import { installRequestGate } from './http/request-gate';
import { installScriptHashes } from './http/script-hashes';
import { keepConnectionsOpen } from './http/keep-alive';
import { installPreviews } from './http/preview';
import { installCacheHeaders } from './public/cache-headers';

/**
 * Puts the request gate in front of Next.js (the socket's address, garbled requests refused), and
 * around it the request log (every request logged and counted, refused ones too: lib/observability),
 * and below them draft previews (lib/http/preview.ts), the compression and the hashing of each
 * page's inline scripts for its CSP, and the cache tier's headers on public pages
 * (lib/public/cache-headers.ts);
 * keeps idle connections open longer than the proxies in front do (lib/http/keep-alive.ts);
 * keeps the heap near its live size (lib/runtime/heap.ts). Opens the database before the first
 * request (migrations, the first Admin, demo content) and closes it cleanly on SIGTERM/SIGINT. A
 * start-up failure is logged (spec §8) and stops the process so a supervisor can restart it,
 * instead of serving errors.
 */
installCacheHeaders();
if (process.env.NODE_ENV === 'production') installScriptHashes();
installPreviews();
installRequestGate();
logRequests();
keepConnectionsOpen();
collectGarbageWhenGrown();
onDatabaseOpen(onStartup);
closeDatabaseOnSignals();
try {
  await connectReady();
} catch (error) {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}

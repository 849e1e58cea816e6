import { closeDatabaseOnSignals, connectReady, onDatabaseOpen } from './db';
import { logRequests } from './observability/request-log';
import { collectGarbageWhenGrown } from './runtime/heap';
import { onStartup } from './startup';

/**
 * Logs and counts every request (lib/observability) and keeps the heap near its live size
 * (lib/runtime/heap.ts). Opens the database before the first request
 * (migrations, the first Admin, demo content) and closes it cleanly on SIGTERM/SIGINT. A start-up
 * failure is logged (spec §8) and stops the process so a supervisor can restart it, instead of
 * serving errors.
 */
logRequests();
collectGarbageWhenGrown();
onDatabaseOpen(onStartup);
closeDatabaseOnSignals();
try {
  await connectReady();
} catch (error) {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}

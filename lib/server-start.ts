import { closeDatabaseOnSignals, connectReady, onDatabaseOpen } from './db';
import { onStartup } from './startup';
import { installRequestGate } from './http/request-gate';

/**
 * Puts the request gate in front of Next.js (socket address, garbled requests), opens the database before the first request (migrations, the first Admin, demo content) and
 * closes it cleanly on SIGTERM/SIGINT. A start-up failure is logged (spec §8) and stops the process
 * so a supervisor can restart it, instead of serving errors.
 */
installRequestGate();
onDatabaseOpen(onStartup);
closeDatabaseOnSignals();
try {
  await connectReady();
} catch (error) {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}

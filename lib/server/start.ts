import { boundStatementsByTimeout, closeDatabaseOnSignals, connectReady, onDatabaseOpen } from '../db';
import { collectGarbageWhenGrown } from '../runtime/heap';
import { onStartup } from './startup';

/**
 * Opens the database before the server listens (migrations, the first Admin, demo content:
 * lib/server/startup.ts) and closes it cleanly on SIGTERM/SIGINT; keeps the heap near its live size
 * (lib/runtime/heap.ts). A start-up failure is logged and stops the process so a supervisor can
 * restart it, instead of serving errors.
 */
export async function openDatabase(): Promise<void> {
  collectGarbageWhenGrown();
  onDatabaseOpen(onStartup);
  boundStatementsByTimeout();
  closeDatabaseOnSignals();
  try {
    await connectReady();
  } catch (error) {
    console.error('Start-up failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

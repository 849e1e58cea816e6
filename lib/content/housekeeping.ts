import { logError } from '../observability/logger';
import { pruneAudit } from './audit';
import { purgeExpiredTrash } from './operations/history';

/** How often each server runs the housekeeping after its first run at start-up. */
export const HOUSEKEEPING_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Drops audit entries older than AUDIT_DAYS and purges rows kept in the trash longer than
 * TRASH_DAYS, with their uploads. Idempotent, so several servers may each run it.
 */
export async function runHousekeeping(now = new Date()): Promise<{ auditPruned: number; trashPurged: number }> {
  const auditPruned = await pruneAudit(now);
  const trashPurged = await purgeExpiredTrash(now);
  return { auditPruned, trashPurged };
}

/** Runs the housekeeping now and then daily; a failure is logged and tried again the next day. */
export function scheduleHousekeeping(): void {
  const run = () =>
    runHousekeeping().catch((error) => {
      logError(error, 'housekeeping');
    });
  void run();
  setInterval(run, HOUSEKEEPING_INTERVAL_MS).unref();
}

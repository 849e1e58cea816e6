import { processSlot } from '../runtime/process-state';
import type { Connection } from './client';

/**
 * PGlite runs no autovacuum: without VACUUM its visibility maps stay empty (counts read every row)
 * and without ANALYZE the planner guesses. The server vacuums at start-up and then, when rows have
 * changed, every MAINTENANCE_INTERVAL_MS. PostgreSQL does this by itself (autovacuum).
 */
const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;

declare module '../runtime/process-state' {
  interface ProcessSlots {
    /** Content writes since the last VACUUM. */
    writesSinceVacuum: { count: number };
  }
}

const writes = processSlot('writesSinceVacuum', () => ({ count: 0 }));

/** Called after each content write. */
export function noteWrite(): void {
  writes.count++;
}

export async function vacuum(connection: Connection): Promise<number> {
  const started = Date.now();
  await connection.query('VACUUM ANALYZE');
  return Date.now() - started;
}

export function scheduleMaintenance(connection: Connection): void {
  if (connection.driver !== 'pglite') return;
  const timer = setInterval(() => {
    if (writes.count === 0) return;
    writes.count = 0;
    vacuum(connection).catch((error) =>
      console.error('VACUUM failed:', error instanceof Error ? error.message : error),
    );
  }, MAINTENANCE_INTERVAL_MS);
  timer.unref();
}

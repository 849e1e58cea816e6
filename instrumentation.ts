/**
 * Runs once when the Node server starts: open the database (migrations and start-up work run
 * before any request is served) and close it cleanly on SIGTERM/SIGINT.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { onDatabaseOpen, connectReady, closeDatabaseOnSignals } = await import('./lib/db');
  const { onStartup } = await import('./lib/startup');
  onDatabaseOpen(onStartup);
  try {
    await connectReady();
  } catch (error) {
    // Spec §8: a start-up failure is logged; the process stops so a supervisor can restart it.
    console.error('Start-up failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
  closeDatabaseOnSignals();
}

/**
 * Runs once when the server starts. The Node-only work (opening the database, signal handlers)
 * lives in lib/server-start.ts so the edge build never sees it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    await import('./lib/server-start');
  }
}

/**
 * What the API benchmarks share: the production server's environment on its own port and data
 * folder, with a bench Admin and no demo content, and the wait until it answers.
 */
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** The server's environment: PORT, an empty database of its own (DATA_DIR, or `dataFolder` in the project). */
export function benchEnv(port, dataFolder) {
  return {
    ...process.env,
    PORT: String(port),
    DEMO_CONTENT: 'off',
    DATA_DIR: process.env.DATA_DIR || path.join(root, dataFolder),
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
}

/** Waits until the server at `base` answers the API (any status below 500), `seconds` at most. */
export async function waitUp(base, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(`${base}/api/webnews/get/1`)).status < 500) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

import { defineConfig } from '@playwright/test';

/** HTTP and browser tests against the real production server (scripts/e2e-server.mjs). */
export const E2E_PORT = Number(process.env.E2E_PORT) || 3200;
/** The test server's SECRET_KEY (scripts/e2e-server.mjs): for tests only, never a real server's. */
export const E2E_SECRET_KEY = 'e2e-only-secret-key-never-used-in-production-0123456789';

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/tw`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT), E2E_SECRET_KEY },
  },
});

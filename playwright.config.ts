import path from 'node:path';
import { defineConfig } from '@playwright/test';
import scope from './test/database-scope.json';

/**
 * HTTP and browser tests against the real production server: each worker starts one of its own
 * (e2e/fixtures.ts). Which specs run where is docs/testing.md's: on PostgreSQL (DATABASE_URL set)
 * only those test/database-scope.json lists, unless TEST_SCOPE=all; a spec tagged @alone runs after
 * the others, by itself.
 */
const onlyDatabaseSpecs = Boolean(process.env.DATABASE_URL) && process.env.TEST_SCOPE !== 'all';
const testMatch = onlyDatabaseSpecs ? scope.playwright.bothDatabases : '**/*.spec.ts';
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  reporter: reportDir ? [['list'], ['json', { outputFile: path.join(reportDir, 'playwright.json') }]] : [['list']],
  projects: [
    { name: 'side by side', testMatch, grepInvert: /@alone/ },
    // Outages, crashes and several servers: timings another worker's load would upset.
    { name: 'alone', testMatch, grep: /@alone/, workers: 1, dependencies: ['side by side'] },
  ],
  use: {
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
});

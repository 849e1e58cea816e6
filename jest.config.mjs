import fs from 'node:fs';

/**
 * Unit and integration tests. Integration tests use in-memory PGlite, or PostgreSQL when DATABASE_URL
 * is set; on PostgreSQL only the files test/database-scope.json lists as depending on the database
 * run, unless TEST_SCOPE=all (docs/testing.md).
 */
const scope = JSON.parse(fs.readFileSync(new URL('./test/database-scope.json', import.meta.url), 'utf8'));
const onlyDatabaseTests = Boolean(process.env.DATABASE_URL) && process.env.TEST_SCOPE !== 'all';
const reportDir = process.env.TEST_REPORT_DIR;

const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: onlyDatabaseTests ? scope.jest.bothDatabases.map((file) => `<rootDir>/test/${file}`) : ['**/*.test.ts'],
  // The timing report of .ci/run (scripts/test-report.mjs) reads each file's time and the counts.
  reporters: reportDir
    ? ['default', ['<rootDir>/scripts/jest-report.mjs', { outputFile: `${reportDir}/jest.json` }]]
    : ['default'],
  transform: {
    // ignoreDynamic keeps `await import()` so ES-only packages load through Node (vm modules).
    '^.+\\.(t|m?j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
        module: { type: 'commonjs', ignoreDynamic: true },
      },
    ],
  },
  // `server-only` throws outside Next.js; the server files of lib/ are tested here as the server runs them.
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1', '^server-only$': '<rootDir>/scripts/server-only.ts' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
  // The databases the test files start from: one migrated PGlite image, a PostgreSQL database per worker.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // A worker keeps the WebAssembly memory of every file's PGlite (100–200 MB each, outside
  // the JavaScript heap this limit measures), so a limit below any file's heap gives each file a
  // fresh worker: its cost, well under a second, against workers that grew to 5 GB each.
  workerIdleMemoryLimit: '100MB',
  testTimeout: 30000,
};

export default config;

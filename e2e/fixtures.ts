import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startServer } from './helpers';
import { E2E_DATABASE, E2E_PORT, E2E_SECRET_KEY, E2E_SMTP_PORT } from './worker';

/**
 * The `test` every spec uses: Playwright's, with a production server of the worker's own (its port,
 * data folder and database: e2e/worker.ts), started once per worker on fresh demo content, so
 * workers run specs side by side without sharing state (docs/testing.md).
 */
export const test = base.extend<object, { testServer: string }>({
  testServer: [
    // Playwright reads the fixtures a function uses from its first parameter's pattern: none here.
    async ({}, provide) => {
      const server = await startTestServer();
      await provide(`http://127.0.0.1:${E2E_PORT}`);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ testServer }, provide) => provide(testServer),
});

export { expect };

const root = process.cwd();
const dataDir = path.join(root, '.e2e-data', `port-${E2E_PORT}`);
const pidFile = `${dataDir}.pid`;

/**
 * Starts the worker's server as `npm start` does, on a fresh database: an emptied PGlite folder or,
 * with DATABASE_URL, the worker's database dropped and created again.
 */
async function startTestServer() {
  stopLeftover();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DEMO_CONTENT: 'on',
    // One JSON line per request would bury the test report (e2e/operations.spec.ts reads the log
    // of a server of its own).
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    ADMIN_USERNAME: 'e2e-admin',
    ADMIN_PASSWORD: 'e2e-admin-password',
    SITE_URL: `http://127.0.0.1:${E2E_PORT}`,
    DATA_DIR: dataDir,
    // The tests' own requests come from 127.0.0.1 and may speak for other clients (e2e/hardening.spec.ts).
    TRUSTED_PROXIES: '127.0.0.1',
    // Seals the authenticator secrets e2e/second-factor.spec.ts sets up: a second server on the
    // same database needs it too.
    SECRET_KEY: E2E_SECRET_KEY,
    // E-mail goes to the SMTP server e2e/mail.spec.ts starts on the worker's SMTP port.
    SMTP_URL: process.env.SMTP_URL || `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  };
  if (process.env.DATABASE_URL) env.DATABASE_URL = await recreateDatabase(process.env.DATABASE_URL, E2E_DATABASE);
  const server = await startServer(E2E_PORT, env, '/tw', 'the test server', { timeout: 120_000 });
  // On PostgreSQL the server may not have made its data folder: the pid file's folder is made here.
  fs.mkdirSync(path.dirname(pidFile), { recursive: true });
  fs.writeFileSync(pidFile, String(server.child.pid));
  // A server that dies under a test shows as a reset connection there: say why, with what it wrote.
  let stopping = false;
  server.child.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `the test server on port ${E2E_PORT} exited (code ${code}, signal ${signal}); its last output:\n${server.output().slice(-8000)}\n`,
    );
  });
  return {
    stop: async () => {
      stopping = true;
      await server.stop();
      fs.rmSync(pidFile, { force: true });
    },
  };
}

/** Ends the server a worker that crashed left behind on this port: one this file started, by the PID it wrote. */
function stopLeftover() {
  const pid = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8') : 0);
  if (!pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
  fs.rmSync(pidFile, { force: true });
}

/** Drops and creates `name` on the PostgreSQL server at `url`; returns the new database's URL. */
export async function recreateDatabase(url: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = new URL(url);
  database.pathname = `/${name}`;
  return database.toString();
}

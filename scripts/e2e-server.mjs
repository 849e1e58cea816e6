// Starts the production server for the Playwright tests on a fresh database: a new PGlite folder,
// or, when DATABASE_URL is set, a freshly created database on that PostgreSQL server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const port = process.env.E2E_PORT || '3200';
const env = {
  ...process.env,
  PORT: port,
  DEMO_CONTENT: 'on',
  // One JSON line per request would bury the test report; e2e/operations.spec.ts reads the log of a server of its own.
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  ADMIN_USERNAME: 'e2e-admin',
  ADMIN_PASSWORD: 'e2e-admin-password',
  SITE_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: path.join(root, '.e2e-data'),
  // The tests' own requests come from 127.0.0.1 and may speak for other clients (e2e/hardening.spec.ts).
  TRUSTED_PROXIES: '127.0.0.1',
  // Seals the authenticator secrets e2e/second-factor.spec.ts sets up: the tests' own key
  // (playwright.config.ts), which a second server on the same database needs too.
  SECRET_KEY: process.env.E2E_SECRET_KEY,
  // E-mail goes to the SMTP server e2e/mail.spec.ts starts on this port (smtp-server).
  SMTP_URL: process.env.SMTP_URL || `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT || 2531}`,
};
fs.rmSync(env.DATA_DIR, { recursive: true, force: true });

// E2E_DATABASE names the database, so two checkouts can test against one server side by side.
const database = /^[a-z_][a-z0-9_]*$/.test(process.env.E2E_DATABASE ?? '') ? process.env.E2E_DATABASE : 'gonghui_e2e';

if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const url = new URL(process.env.DATABASE_URL);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
}

// Started as `npm start` starts it (heap flags, jemalloc where installed); the script execs node.
const server = spawn('sh', [path.join(root, 'scripts/start.sh'), '-p', port], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

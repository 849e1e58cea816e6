import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { test } from './fixtures';
import { admin, nextTestAddress, startServer } from './helpers';
import { E2E_PORT, E2E_SECRET_KEY } from './worker';

/**
 * Browsers allow WebAuthn only on a secure context with a host name, and the relying party is
 * SITE_URL's host: the main test server's SITE_URL is http://127.0.0.1:…, so a passkey spec runs a
 * server of its own whose SITE_URL is http://localhost:… (on a fresh database, PGlite or PostgreSQL
 * as the run's, without demo content). Call inside the spec's `test.describe`: it starts the server
 * before the describe's tests, points them at it, and stops it after them.
 */
export function passkeyServer(portOffset: number, name: string) {
  const port = E2E_PORT + portOffset;
  const base = `http://localhost:${port}`;
  const databaseUrl = process.env.DATABASE_URL;
  const database = `gonghui_${name}_${process.pid}`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let dataDir: string;
  let ownDatabase: string | undefined;

  test.use({ baseURL: base });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gonghui-${name}-`));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'warn',
      SITE_URL: base,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      SECRET_KEY: E2E_SECRET_KEY,
      // Chromium may reach localhost over IPv6: both loopback addresses may speak for the tests' clients.
      TRUSTED_PROXIES: '127.0.0.1,::1',
    };
    if (databaseUrl) {
      const url = new URL(databaseUrl);
      await sql(url.toString(), `DROP DATABASE IF EXISTS ${database}`);
      await sql(url.toString(), `CREATE DATABASE ${database}`);
      url.pathname = `/${database}`;
      ownDatabase = url.toString();
      env.DATABASE_URL = ownDatabase;
    } else delete env.DATABASE_URL;
    server = await startServer(port, env, '/readyz', `the ${name} server`);
  });

  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
  });

  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && ownDatabase) await sql(databaseUrl, `DROP DATABASE IF EXISTS ${database}`);
  });

  return { base };
}

async function sql(target: string, statement: string) {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Chromium's virtual authenticator: a platform authenticator that keeps passkeys and verifies its user. */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

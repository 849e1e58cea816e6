import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { collectOutput, spawnServer, startServer, waitUntil } from './helpers';
import { E2E_PORT } from './worker';

/**
 * The embedded database under a crash: these tests run their own PGlite servers (whatever database
 * the main e2e server uses), on their own port and data folder.
 */
// Beside the main e2e server's port, so two checkouts can run their tests side by side.
const port = E2E_PORT + 90;
const base = `http://127.0.0.1:${port}`;
const credentials = { username: 'crash-admin', password: 'crash-admin-password' };

/** This spec's server on `dataDir`, up once it answers a read (PGlite opened, migrations done). */
function startOn(dataDir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_USERNAME: credentials.username,
    ADMIN_PASSWORD: credentials.password,
    DEMO_CONTENT: 'off',
  };
  delete env.DATABASE_URL;
  return startServer(port, env, '/api/webnews/getlist', 'the crash-test server', {
    readyInit: { method: 'POST', headers: { 'x-xsrf-token': 'x', cookie: 'XSRF-TOKEN=x' }, body: '{}' },
    timeout: 30_000,
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

async function signIn(): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/account/login`, { method: 'POST', body: JSON.stringify(credentials) });
  const { token } = await login.json();
  return {
    authorization: `Bearer ${token}`,
    'x-xsrf-token': 'crash',
    cookie: 'XSRF-TOKEN=crash',
    'content-type': 'application/json',
  };
}

test.describe('embedded database durability', { tag: '@alone' }, () => {
  test.describe.configure({ timeout: 180_000 });
  let dataDir: string;

  test.beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-crash-'));
  });
  test.afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('after kill -9 during a burst of writes, every answered write is there', async () => {
    const first = await startOn(dataDir);
    const headers = await signIn();
    const acknowledged: number[] = [];
    let stop = false;
    const writer = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const response = await fetch(`${base}/api/webnews/add`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ title: `burst ${worker}-${i}`, content: `<p>${'x'.repeat(2000)}</p>` }),
          });
          if (response.status === 200) acknowledged.push((await response.json()).id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await waitUntil(() => acknowledged.length >= 150, { timeout: 60_000, interval: 20, what: '150 answered writes' });
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited(first.child);
    const answered = [...acknowledged];
    expect(answered.length).toBeGreaterThanOrEqual(150);

    const second = await startOn(dataDir);
    try {
      const again = await signIn();
      const list = await fetch(`${base}/api/webnews/getlist`, {
        method: 'POST',
        headers: again,
        body: JSON.stringify({ pageSize: 9999 }),
      });
      const stored = new Set(((await list.json()).data as { id: number }[]).map((row) => row.id));
      expect(answered.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await second.stop();
    }
  });

  test('a second server on the same data folder refuses to start; SIGTERM closes cleanly', async () => {
    const first = await startOn(dataDir);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const second = spawnServer(port + 1, env);
    const output = collectOutput(second);
    expect(await exited(second)).toBe(1);
    expect(output()).toContain('is already open in process');

    await first.stop();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    expect(first.output()).not.toContain('Closing the database failed');
  });
});

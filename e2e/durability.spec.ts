import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { collectOutput, spawnServer } from './helpers';
import { E2E_PORT } from './worker';

/**
 * The embedded database under a crash: these tests run their own PGlite servers (whatever database
 * the main e2e server uses), on their own port and data folder.
 */
// Beside the main e2e server's port, so two checkouts can run their tests side by side.
const port = E2E_PORT + 90;
const base = `http://127.0.0.1:${port}`;
const credentials = { username: 'crash-admin', password: 'crash-admin-password' };

function startServer(dataDir: string): { child: ChildProcess; output: () => string } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_USERNAME: credentials.username,
    ADMIN_PASSWORD: credentials.password,
    DEMO_CONTENT: 'off',
  };
  delete env.DATABASE_URL;
  const child = spawnServer(port, env);
  return { child, output: collectOutput(child) };
}

async function waitUntilUp(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      const response = await fetch(`${base}/api/webnews/getlist`, {
        method: 'POST',
        headers: { 'x-xsrf-token': 'x', cookie: 'XSRF-TOKEN=x' },
        body: '{}',
      });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
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
    const first = startServer(dataDir);
    await waitUntilUp();
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
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited(first.child);
    const answered = [...acknowledged];
    expect(answered.length).toBeGreaterThanOrEqual(150);

    const second = startServer(dataDir);
    try {
      await waitUntilUp();
      const again = await signIn();
      const list = await fetch(`${base}/api/webnews/getlist`, {
        method: 'POST',
        headers: again,
        body: JSON.stringify({ pageSize: 9999 }),
      });
      const stored = new Set(((await list.json()).data as { id: number }[]).map((row) => row.id));
      expect(answered.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  });

  test('a second server on the same data folder refuses to start; SIGTERM closes cleanly', async () => {
    const first = startServer(dataDir);
    await waitUntilUp();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const second = spawnServer(port + 1, env);
    const output = collectOutput(second);
    expect(await exited(second)).toBe(1);
    expect(output()).toContain('is already open in process');

    first.child.kill('SIGTERM');
    await exited(first.child);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    expect(first.output()).not.toContain('Closing the database failed');
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { admin, nextTestAddress } from './helpers';

/**
 * The shell sessions of the docs, run exactly as written against the production server. A session
 * is a fenced `sh` block whose first line sets `BASE` (the server's address); it reads BASE,
 * ADMIN_USERNAME and ADMIN_PASSWORD from the environment and must end with status 0 and nothing on
 * stderr. Each runs in bash with `-e -o pipefail`, in a folder of its own (for its cookie jar).
 */
const docFiles = [
  'README.md',
  ...fs
    .readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

function sessionsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/^```sh\n(BASE=[\s\S]*?)\n```$/gm)].map((match) => match[1]);
}

function runSession(script: string, base: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-session-'));
  // Each session is a client of its own, as readers trying the docs are: its curl (HOME is the
  // folder) comes from an address of its own, so the sessions' sign-ins do not share one
  // per-address limit. The server trusts the header from its loopback proxy, as in every spec.
  fs.writeFileSync(path.join(folder, '.curlrc'), `header = "X-Forwarded-For: ${nextTestAddress()}"\n`);
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-e', '-o', 'pipefail', '-c', script],
      {
        cwd: folder,
        env: {
          NODE_ENV: 'production',
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: folder,
          BASE: base,
          ADMIN_USERNAME: admin.username,
          ADMIN_PASSWORD: admin.password,
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        fs.rmSync(folder, { recursive: true, force: true });
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

test('docs/api.md holds a session to run', () => {
  expect(sessionsOf('docs/api.md').length).toBeGreaterThan(0);
});

for (const file of docFiles) {
  sessionsOf(file).forEach((script, index) => {
    test(`${file} session ${index + 1} runs as written`, async ({ baseURL }) => {
      const { code, stdout, stderr } = await runSession(script, baseURL!);
      expect({ code, stderr }, stdout).toEqual({ code: 0, stderr: '' });
      if (file === 'docs/api.md' && index === 0) {
        // The type it added came first after the move, and the session removed what it added.
        const order = JSON.parse(stdout.split('\n').find((line) => line.startsWith('["')) ?? '[]');
        expect(order[0]).toBe('Consultations');
        const types = await fetch(`${baseURL}/api/webbulletintype/getlist`, {
          method: 'POST',
          headers: {
            'web-language': 'en',
            'content-type': 'application/json',
            cookie: 'XSRF-TOKEN=x',
            'x-xsrf-token': 'x',
          },
          body: '{}',
        });
        expect((await types.json()).data.map((row: { name: string }) => row.name)).not.toContain('Consultations');
      }
    });
  });
}

test('a POST without the XSRF cookie and header is refused, as docs/api.md says', async ({ baseURL }) => {
  const list = (headers: Record<string, string>) =>
    fetch(`${baseURL}/api/webnews/getlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'web-language': 'en', ...headers },
      body: '{"page":1}',
    });
  const bare = await list({});
  expect(bare.status).toBe(403);
  expect((await bare.json()).message).toBeTruthy();
  const cookie = (bare.headers.get('set-cookie') ?? '').match(/XSRF-TOKEN=([^;]+)/)![1];
  expect((await list({ cookie: `XSRF-TOKEN=${cookie}` })).status).toBe(403);
  expect((await list({ cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie })).status).toBe(200);
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { admin, nextTestAddress } from './helpers';

/**
 * The shell sessions of the docs (e2e/docs-examples.spec.ts): a fenced `sh` block whose first line
 * sets `BASE` (the server's address); it reads BASE, ADMIN_USERNAME and ADMIN_PASSWORD from the
 * environment and must end with status 0 and nothing on stderr. A session whose first line carries
 * HOST_NAME_MARK needs a server whose SITE_URL is BASE with a host name (passkeys): it runs in
 * e2e/passkeys.spec.ts, against such a server.
 */
export const HOST_NAME_MARK = '# SITE_URL: this address, a host name';

export const docFiles = [
  'README.md',
  ...fs
    .readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

export function sessionsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/^```sh\n(BASE=[\s\S]*?)\n```$/gm)].map((match) => match[1]);
}

export const needsHostName = (session: string) => session.split('\n')[0].includes(HOST_NAME_MARK);

/** Runs a session in bash with `-e -o pipefail`, in a folder of its own (for its cookie jar). */
export function runSession(script: string, base: string): Promise<{ code: number; stdout: string; stderr: string }> {
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

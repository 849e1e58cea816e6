/**
 * What the API benchmarks share: the production server's environment on its own port and data
 * folder, with a bench Admin and no demo content, and the wait until it answers.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** The server's environment: PORT, an empty database of its own (DATA_DIR, or `dataFolder` in the project). */
export function benchEnv(port, dataFolder) {
  return {
    ...process.env,
    PORT: String(port),
    DEMO_CONTENT: 'off',
    DATA_DIR: process.env.DATA_DIR || path.join(root, dataFolder),
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
}

/** Waits until the server at `base` answers the API (any status below 500), `seconds` at most. */
export async function waitUp(base, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(`${base}/api/webnews/get/1`)).status < 500) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

/** Fills the server's database with `npm run seed:large`'s rows (the server stopped: PGlite is one process). */
export function seedLarge(env, args = []) {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      '--tsconfig',
      'tsconfig.scripts.json',
      'scripts/seed-large.ts',
      ...args,
    ],
    { cwd: root, env, stdio: 'inherit' },
  );
}

/** The bench Admin's token (benchEnv's account). */
export async function benchToken(base, env) {
  const login = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    body: JSON.stringify({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }),
  });
  return (await login.json()).token;
}

/** The headers of a back-office API call (XSRF pair, Chinese), signed in when `token` is given. */
export const apiHeaders = (token, acceptEncoding = 'gzip, deflate, br') => ({
  'content-type': 'application/json',
  'web-language': 'tw',
  'accept-encoding': acceptEncoding,
  cookie: 'XSRF-TOKEN=b',
  'x-xsrf-token': 'b',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/**
 * autocannon's options for a list call where every request asks for a random page of 1..pages:
 * mostly a page not read before. A signed-in page is kept until a write, so over a long run (or
 * several) more of them are kept, up to the cache's bound.
 */
export const randomPages = (pages, token, acceptEncoding) => ({
  method: 'POST',
  headers: apiHeaders(token, acceptEncoding),
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ page: 1 + Math.floor(Math.random() * pages), pageSize: 10 }),
      }),
    },
  ],
});

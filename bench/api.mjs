// API benchmark (issue: webnews/getlist page 1 and page 5,000, webrule/search with a Chinese
// keyword), with autocannon against the production server on a database filled by seed:large.
//
//   node bench/api.mjs                      # embedded database in ./bench-data (seeded on first run)
//   DATABASE_URL=postgres://… node bench/api.mjs   # that PostgreSQL (seeded if it has no news)
//
// Needs a production build (npm run build). Prints a Markdown table for docs/performance.md.
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT) || 3400;
const base = `http://127.0.0.1:${port}`;
const connections = Number(process.env.BENCH_CONNECTIONS) || 10;
const duration = Number(process.env.BENCH_SECONDS) || 10;
const env = {
  ...process.env,
  PORT: String(port),
  DEMO_CONTENT: 'off',
  DATA_DIR: process.env.DATA_DIR || path.join(root, 'bench-data'),
  ADMIN_USERNAME: 'bench-admin',
  ADMIN_PASSWORD: 'bench-admin-password',
};
const driver = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

async function waitUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/webnews/get/1`)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** autocannon takes the path as part of the URL. */
const target = ({ path: urlPath, ...options }) => ({ url: `${base}${urlPath}`, ...options });

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ ...target(options), connections, duration }, (error, result) => (error ? reject(error) : resolve({ title, result })));
  });
}

const json = (body, token) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'web-language': 'tw', cookie: 'XSRF-TOKEN=b', 'x-xsrf-token': 'b', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

const startServer = () =>
  spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)], { cwd: root, env, stdio: 'ignore' });
const stopped = (child) => new Promise((resolve) => child.once('exit', resolve));

async function newsTotal() {
  const response = await fetch(`${base}/api/webnews/getlist`, json({ page: 1, pageSize: 1 }));
  return (await response.json()).total;
}

let server = startServer();
try {
  await waitUp();
  // The measurements need the seed:large data set: seed once if the database has less.
  if ((await newsTotal()) < 50000) {
    server.kill('SIGTERM');
    await stopped(server);
    console.log(`Seeding ${driver} with seed:large…`);
    execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed-large.ts'], { cwd: root, env, stdio: 'inherit' });
    server = startServer();
    await waitUp();
  }
  console.log(`${await newsTotal()} news rows visible in Chinese`);
  // Anonymous calls are what visitors make (served through the public cache); signed-in calls
  // always reach the database, so they measure the queries themselves.
  const login = await fetch(`${base}/api/account/login`, { method: 'POST', body: JSON.stringify({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }) });
  const { token } = await login.json();
  const calls = [
    ['webnews/getlist page 1', '/api/webnews/getlist', { page: 1, pageSize: 10 }],
    ['webnews/getlist page 5,000', '/api/webnews/getlist', { page: 5000, pageSize: 10 }],
    ['webrule/search 「信託」', `/api/webrule/search?keyword=${encodeURIComponent('信託')}`, { page: 1, pageSize: 10 }],
  ];
  const scenarios = [
    ...calls.map(([title, urlPath, body]) => [`${title} (anonymous)`, { path: urlPath, ...json(body) }]),
    ...calls.map(([title, urlPath, body]) => [`${title} (signed in, uncached)`, { path: urlPath, ...json(body, token) }]),
  ];
  // One short warm-up per scenario so the first measurement does not pay for cold caches.
  for (const [, options] of scenarios) await new Promise((r) => autocannon({ ...target(options), connections: 2, duration: 2 }, r));
  console.log(`\n${driver}, ${connections} connections, ${duration} s each\n`);
  console.log('| call | requests/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [title, options] of scenarios) {
    const { result } = await run(title, options);
    console.log(`| ${title} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`);
  }
} finally {
  server.kill('SIGTERM');
}

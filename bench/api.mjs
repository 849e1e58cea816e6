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
const env = { ...process.env, PORT: String(port), DEMO_CONTENT: 'off', DATA_DIR: process.env.DATA_DIR || path.join(root, 'bench-data') };
const driver = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

function seedIfEmpty() {
  // seed:large is idempotent about emptiness: it is run only when the database has few news rows.
  const probe = execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '-e',
    "import('./lib/db/index.ts').then(async ({ connect, closeDatabase }) => { const c = await connect(); const [r] = await c.query('select count(*)::int as n from webnews'); console.log(r.n); await closeDatabase(); })"],
    { cwd: root, env, encoding: 'utf8' }).trim().split('\n').pop();
  if (Number(probe) >= 100000) return;
  console.log(`Seeding ${driver} with seed:large (news: ${probe})…`);
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed-large.ts'], { cwd: root, env, stdio: 'inherit' });
}

async function waitUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/webnews/get/1`)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration, ...options }, (error, result) => (error ? reject(error) : resolve({ title, result })));
  });
}

const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json', 'web-language': 'tw', cookie: 'XSRF-TOKEN=b', 'x-xsrf-token': 'b' }, body: JSON.stringify(body) });

seedIfEmpty();
const server = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)], { cwd: root, env, stdio: 'ignore' });
try {
  await waitUp();
  const scenarios = [
    ['webnews/getlist page 1', { path: '/api/webnews/getlist', ...json({ page: 1, pageSize: 10 }) }],
    ['webnews/getlist page 5,000', { path: '/api/webnews/getlist', ...json({ page: 5000, pageSize: 10 }) }],
    ['webrule/search 「信託」', { path: `/api/webrule/search?keyword=${encodeURIComponent('信託')}`, ...json({ page: 1, pageSize: 10 }) }],
  ];
  // One short warm-up per scenario so the first measurement does not pay for cold caches.
  for (const [, options] of scenarios) await new Promise((r) => autocannon({ url: base, connections: 2, duration: 2, ...options }, r));
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

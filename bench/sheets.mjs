// Export benchmark: `POST /api/webnews/export` of 100,000 rows (one language) as CSV and as XLSX,
// against the production server on a database filled by seed:large (200,000 news: 100,000 per
// language: what is missing is seeded on the first run). Measures each export's time to the last byte, its size, and
// the server process's extra memory: its peak resident size during the export (sampled every 20 ms
// from /proc) minus its size just before.
//
//   npm run bench:sheets                       # embedded database in ./bench-sheets-data
//   DATABASE_URL=postgres://… npm run bench:sheets
//
// Environment: BENCH_PORT (default 3401), BENCH_ROWS (100000: rows per language to seed and export).
// Needs a production build (npm run build). Prints a Markdown table for docs/performance.md.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { benchEnv, benchToken, root, seedLarge, waitUp } from './bench-server.mjs';

const port = Number(process.env.BENCH_PORT) || 3401;
const rows = Number(process.env.BENCH_ROWS) || 100_000;
const base = `http://127.0.0.1:${port}`;
const env = benchEnv(port, 'bench-sheets-data');
const driver = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const headers = (token) => ({
  'content-type': 'application/json',
  'web-language': 'tw',
  cookie: 'XSRF-TOKEN=b',
  'x-xsrf-token': 'b',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

function startServer() {
  // As `npm start` starts it (scripts/start.sh execs node, so the PID is the server's).
  return spawn('sh', [path.join(root, 'scripts/start.sh'), '-p', String(port)], { cwd: root, env, stdio: 'ignore' });
}
const stopped = (child) => new Promise((resolve) => child.once('exit', resolve));

async function newsTotal() {
  const response = await fetch(`${base}/api/webnews/getlist`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ page: 1, pageSize: 1 }),
  });
  return (await response.json()).total;
}

/** The resident size of a process, in bytes. */
const residentBytes = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

async function measureExport(pid, token, format) {
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
  const started = performance.now();
  const response = await fetch(`${base}/api/webnews/export`, {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify({ format }),
  });
  if (response.status !== 200) throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, residentBytes(pid));
  return { seconds, bytes, extra: peak - before };
}

let server = startServer();
try {
  await waitUp(base, 120);
  const found = await newsTotal();
  if (found < rows) {
    // seed:large adds rows (half per language): add what is missing.
    const missing = (rows - found) * 2;
    server.kill('SIGTERM');
    await stopped(server);
    console.log(`${found} Chinese news rows; seeding ${driver} with ${missing} more (seed:large)…`);
    seedLarge(env, [String(missing), '0']);
    server = startServer();
    await waitUp(base, 120);
  }
  const total = await newsTotal();
  console.log(`${total} news rows in Chinese`);
  const token = await benchToken(base, env);
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  console.log(`\n${driver}, ${total} rows\n`);
  console.log('| export | time | file | extra memory (peak RSS − RSS before) |');
  console.log('|---|---:|---:|---:|');
  for (const format of ['csv', 'xlsx']) {
    const result = await measureExport(server.pid, token, format);
    console.log(`| ${format} | ${result.seconds.toFixed(1)} s | ${mb(result.bytes)} MB | ${mb(result.extra)} MB |`);
  }
} finally {
  server.kill('SIGTERM');
  await stopped(server);
}

// Export benchmark: `POST /api/webnews/export` of 100,000 rows (one language) as CSV and as XLSX,
// against the production server on a database filled by seed:large (200,000 news: 100,000 per
// language: what is missing is seeded on the first run). Measures each export's time to the last byte, its size, and
// the server process's extra memory: its peak resident size during the export (sampled every 20 ms
// from /proc) minus its size just before.
//
//   npm run bench:sheets                       # embedded database in ./bench-sheets-data
//   DATABASE_URL=postgres://… npm run bench:sheets
//
// Then imports a CSV of new members (`POST /api/webmemberdept/import`): a dry run, then the import,
// each timed to its answer.
//
// Environment: BENCH_PORT (default 3401), BENCH_ROWS (100000: rows per language to seed and export),
// BENCH_IMPORT_ROWS (10000: lines of the imported file), BENCH_SHEETS (`export`, `import` or both: the
// default).
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

/** A members CSV of `lines` new members, each with a category, a phone, an address and a date. */
function membersCsv(lines) {
  const stamp = Date.now().toString(36);
  const records = ['機構名稱,類別,電話,地址,入會日期'];
  for (let i = 0; i < lines; i++)
    records.push(
      `基準會員 ${stamp}-${i},${['銀行', '證券商', '保險業'][i % 3]},02-2${i},臺北市中正區 ${i} 號,2020/1/${(i % 28) + 1}`,
    );
  return `\uFEFF${records.join('\r\n')}\r\n`;
}

async function measureImport(token, csv, dryRun) {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'members.csv');
  form.append('dryRun', String(dryRun));
  // fetch sets the multipart type with its boundary.
  const multipart = Object.fromEntries(Object.entries(headers(token)).filter(([name]) => name !== 'content-type'));
  const started = performance.now();
  const response = await fetch(`${base}/api/webmemberdept/import`, { method: 'POST', headers: multipart, body: form });
  const result = await response.json();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200 || result.errors.length)
    throw new Error(`import: ${response.status} ${JSON.stringify(result).slice(0, 500)}`);
  return { seconds, added: result.added };
}

const parts = process.env.BENCH_SHEETS ? [process.env.BENCH_SHEETS] : ['export', 'import'];
let server = startServer();
try {
  await waitUp(base, 120);
  if (parts.includes('import')) {
    const lines = Number(process.env.BENCH_IMPORT_ROWS) || 10_000;
    const token = await benchToken(base, env);
    const csv = membersCsv(lines);
    console.log(
      `\n${driver}, a members CSV of ${lines} lines (${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB)\n`,
    );
    console.log('| import | time | rows |');
    console.log('|---|---:|---:|');
    for (const dryRun of [true, false]) {
      const result = await measureImport(token, csv, dryRun);
      console.log(`| ${dryRun ? 'dry run' : 'import'} | ${result.seconds.toFixed(1)} s | ${result.added} |`);
    }
  }
  if (parts.includes('export')) {
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
  }
} finally {
  server.kill('SIGTERM');
  await stopped(server);
}

// Memory of the production server: resident set size (RSS, the server process and its children)
// right after start, after one crawl of every URL in the sitemap, and during and after a soak of
// mixed load (public pages, API reads, back-office writes), on the demo content.
//
//   node bench/memory.mjs                              # embedded database, fresh folder
//   DATABASE_URL=postgres://… node bench/memory.mjs    # a fresh database on that PostgreSQL server
//
// Environment: MEMORY_PORT (default 3352), SOAK_SECONDS (600), SOAK_CONNECTIONS (4), MEMORY_NODE_FLAGS
// (the server's V8 flags instead of scripts/start.sh's), MEMORY_MALLOC=system (glibc's malloc, not jemalloc)
// Needs a production build (npm run build). Prints one Markdown table row per stage.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchToken } from './bench-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.MEMORY_PORT) || 3352;
const base = `http://127.0.0.1:${port}`;
const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const soakConnections = Number(process.env.SOAK_CONNECTIONS) || 4;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-memory-'));
const env = {
  ...process.env,
  PORT: String(port),
  DEMO_CONTENT: 'on',
  DATA_DIR: dataDir,
  ADMIN_USERNAME: 'memory-admin',
  ADMIN_PASSWORD: 'memory-admin-password',
  LOG_LEVEL: 'warn',
  METRICS_TOKEN: 'memory-bench',
};
const driver = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

if (env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const url = new URL(env.DATABASE_URL);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query('drop database if exists gonghui_memory with (force)');
  await admin.query('create database gonghui_memory');
  await admin.end();
  url.pathname = '/gonghui_memory';
  env.DATABASE_URL = url.toString();
}

/** RSS in MB of a process and all its descendants, from /proc. */
function rssMb(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = fs.readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    } catch {}
  }
  let kb = 0;
  for (const p of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return Math.round(kb / 1024);
}

// Started as `npm start` starts it (scripts/start.sh: its heap flags, jemalloc when installed);
// MEMORY_NODE_FLAGS replaces the heap flags, MEMORY_MALLOC=system keeps glibc's malloc.
if (process.env.MEMORY_NODE_FLAGS !== undefined) env.NODE_HEAP_FLAGS = process.env.MEMORY_NODE_FLAGS;
if (process.env.MEMORY_MALLOC) env.GONGHUI_MALLOC = process.env.MEMORY_MALLOC;
const start = () =>
  spawn('sh', [path.join(root, 'scripts/start.sh'), '-p', String(port)], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
let server = start();
const stop = async () => {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
};
process.on('exit', () => server.kill('SIGTERM'));

async function waitReady() {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready');
}

async function get(url, init) {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response.status;
}

async function sitemapUrls() {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => {
    const url = new URL(loc.replaceAll('&amp;', '&'));
    return `${base}${url.pathname}${url.search}`;
  });
}

/** Where the memory is, from the server's own metrics: V8 heap, memory outside it, PGlite's WASM memory. */
async function breakdown() {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer memory-bench' } })).text();
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  const mb = (bytes) => (Number.isNaN(bytes) ? '–' : Math.round(bytes / 1048576));
  return {
    heap: mb(value('nodejs_heap_size_used_bytes')),
    external: mb(value('nodejs_external_memory_bytes')),
    wasm: mb(value('pglite_wasm_memory_bytes')),
    pageCache: mb(value('cache_bytes\\{cache="page"\\}')),
    readCache: mb(value('cache_bytes\\{cache="read"\\}')),
  };
}

const rows = [];
async function record(stage, extra = '') {
  const mb = rssMb(server.pid);
  const b = await breakdown();
  rows.push(
    `| ${driver} | ${stage} | ${mb} | ${b.heap} | ${b.external} | ${b.wasm} | ${b.pageCache} / ${b.readCache} | ${extra} |`,
  );
  console.error(`${driver} ${stage}: ${mb} MB ${JSON.stringify(b)} ${extra}`);
  return mb;
}

// The first start creates the database (and, on PGlite, runs initdb) and loads the demo content;
// a server normally restarts on a database it made before, so the figures are from a restart.
await waitReady();
await new Promise((r) => setTimeout(r, 2000));
await record('after the first start (new database)');
await stop();
server = start();
await waitReady();
await new Promise((r) => setTimeout(r, 2000));
await record('after a restart');

const urls = await sitemapUrls();
for (const url of urls) await get(url);
await record('after one crawl', `${urls.length} URLs`);

// Mixed load: public pages from the sitemap, API reads, and back-office writes (news added,
// updated and deleted), from a few clients at once, for SOAK_SECONDS.
const token = await benchToken(base, env);
const headers = {
  'content-type': 'application/json',
  cookie: 'XSRF-TOKEN=m',
  'x-xsrf-token': 'm',
  authorization: `Bearer ${token}`,
};
const apiHeaders = { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=m', 'x-xsrf-token': 'm' };
const deadline = Date.now() + soakSeconds * 1000;
let requests = 0;
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 1000);
async function client(n) {
  for (let i = 0; Date.now() < deadline; i++) {
    const kind = (i + n) % 10;
    if (kind < 6) await get(urls[(i * 7 + n) % urls.length]);
    else if (kind < 8)
      await get(`${base}/api/webnews/getlist`, {
        method: 'POST',
        headers: apiHeaders,
        body: JSON.stringify({ page: 1 + (i % 3), keyword: i % 2 ? '' : '會' }),
      });
    else if (kind === 8) {
      const added = await fetch(`${base}/api/webnews/add`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: `soak ${n}-${i}`, content: `<p>${'內容'.repeat(200)}</p>` }),
      });
      const { id } = await added.json();
      if (id) await get(`${base}/api/webnews/delete/${id}`, { method: 'DELETE', headers });
    } else await get(`${base}/en?i=${i % 50}`);
    requests++;
  }
}
await Promise.all(Array.from({ length: soakConnections }, (_, n) => client(n)));
clearInterval(sampler);
await record(`after a ${Math.round(soakSeconds / 60)}-minute soak`, `${requests} requests, peak ${peak} MB`);

await stop();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `| database | stage | RSS (MB) | V8 heap used | external | PGlite WASM | page / read cache | note |\n|---|---|---|---|---|---|---|---|\n${rows.join('\n')}`,
);

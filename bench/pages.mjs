// Public page benchmark: the production server against nginx serving a static copy of the very
// same HTML, against a bare Node server sending the very bytes the production server sends, and
// Varnish (deploy/varnish/default.vcl) in front of the same server, at 50 connections.
//
//   npm run build && node bench/pages.mjs
//   BENCH_PAGES=/tw,/tw/news,/tw/news/* node bench/pages.mjs
//   BENCH_LARGE=1 node bench/pages.mjs          # seed:large first (100,000 news, 20,000 laws)
//   DATABASE_URL=postgres://… node bench/pages.mjs
//
// It builds nothing: it starts the server as `npm start` does (scripts/start.sh) on a private data
// folder with the demo content, fetches each page and saves its HTML (and the headers a visitor
// gets) to a temporary folder, starts Debian's nginx on that folder with a generated configuration,
// runs the load on every page against each server and prints a Markdown table (also written to
// bench-data/). It stops what it started, by PID.
//
// The bare Node server (BENCH_BARE=0: not at all) is the ceiling of any Node server on this
// machine: `http.createServer` answering each page with the status, headers and compressed body the
// production server sent for it, fetched with the same Accept-Encoding, and nothing else.
//
// A page ending in `/*` stands for the first link below it on that page: `/tw/news/*` is the first
// news item that `/tw/news` links to. Requests send a browser's Accept-Encoding (`gzip, deflate, br,
// zstd`; BENCH_GZIP=0: none).
// nginx serves each page pre-compressed (`gzip_static`, zlib 9), the way a page-cache plugin's files
// are served; BENCH_NGINX_GZIP=dynamic makes it compress each response at Next's level (zlib 6)
// instead. The load generator is pinned to another core than the servers with taskset when the
// machine has two cores or more.
//
// Each server gets BENCH_RUNS full-load runs per page after one warm-up; the table shows the median
// run (its latencies and CPU) and the range of requests per second, since one run can land far from
// the others (Varnish's thread per connection made one 10 s run 25 % slower than the next).
//
// Besides the full-load runs, each server also gets BENCH_RATE requests per second (default 200;
// 0: skip) from the same connections, for its latency at a steady, moderate load.
//
// Varnish runs when varnishd is installed (apt-get install -y varnish varnish-modules; BENCH_VARNISH=0:
// not at all), as its own `varnishd -F` on BENCH_PORT + 3 with a copy of the VCL whose backend is
// the Next server and the parameters the deployment starts it with (deploy/varnish/startup.cli).
//
// BENCH_FRONT=1 also measures the pages through nginx in front of Varnish, as docs/operations.md lays
// the tiers out (plain HTTP here, no TLS): once with keep-alive connections to Varnish (the documented
// `upstream … keepalive`), once with a connection per request (nginx's default), on BENCH_PORT + 4
// and + 5, their CPU per request counting nginx's and Varnish's.
//
// Settings (environment): BENCH_PORT (Next; nginx takes the next port), BENCH_CONNECTIONS (50),
// BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3), BENCH_RUNS (3), BENCH_PAGES, BENCH_LARGE, BENCH_GZIP,
// BENCH_NGINX_GZIP (static | dynamic), BENCH_RATE (200), DATA_DIR,
// BENCH_KEEP=1 (keep the static copy and the nginx configuration), BENCH_AGAINST=<another checkout,
// built> (also measures that checkout's server, side by side in the same run, on its own copy
// of the data: the way to compare a change with what it changes).
import { spawn, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { seedLarge } from './bench-server.mjs';
import { defaultPages, pageList, resolvePage } from './page-list.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT) || 3480;
const nginxPort = port + 1;
const connections = Number(process.env.BENCH_CONNECTIONS) || 50;
const duration = Number(process.env.BENCH_SECONDS) || 10;
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const gzip = process.env.BENCH_GZIP !== '0';
const gzipStatic = gzip && process.env.BENCH_NGINX_GZIP !== 'dynamic';
const rate = Number(process.env.BENCH_RATE ?? 200);
const large = process.env.BENCH_LARGE === '1';
const pages = pageList(process.env.BENCH_PAGES || defaultPages);
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'bench-data', large ? 'pages-large' : 'pages'));
const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const requestHeaders = gzip ? { 'accept-encoding': 'gzip, deflate, br, zstd' } : {};
const against = process.env.BENCH_AGAINST ? path.resolve(process.env.BENCH_AGAINST) : undefined;
const againstPort = port + 2;
const varnishPort = port + 3;
const withVarnish = process.env.BENCH_VARNISH !== '0' && spawnSync('varnishd', ['-V']).status === 0;
const withFront = withVarnish && process.env.BENCH_FRONT === '1';
const withBare = process.env.BENCH_BARE !== '0';
const barePort = port + 6;
const fronts = [
  { name: 'keepAlive', port: port + 4, keepAlive: true },
  { name: 'perRequest', port: port + 5, keepAlive: false },
];
// wrk (C, one thread) spends a fraction of autocannon's CPU per request: with autocannon on one core,
// the generator, not a fast server, sets the ceiling and the p99 (Little's law: 50 connections ÷ rate).
const loadGenerator = process.env.BENCH_LOADGEN || (spawnSync('wrk', ['-v']).error ? 'autocannon' : 'wrk');

/** Server core(s) and load-generator core: apart when there are two cores or more. */
const cores = os.availableParallelism();
const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
const pinned = hasTaskset && cores >= 2;
const serverCores = pinned ? `0-${Math.max(0, cores - 2)}` : undefined;
const loadCore = pinned ? String(cores - 1) : undefined;

const started = [];
const stopAll = () => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', () => (stopAll(), process.exit(130)));
process.on('SIGTERM', () => (stopAll(), process.exit(143)));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns a server, pinned to the server cores; remembers it so every exit path stops it. */
function startProcess(command, args, options) {
  const [file, argv] = serverCores ? ['taskset', ['-c', serverCores, command, ...args]] : [command, args];
  const child = spawn(file, argv, { stdio: ['ignore', 'ignore', 'pipe'], ...options });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.stderrText = () => stderr;
  started.push(child);
  return child;
}

async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

async function waitForHttp(url, child, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (code ${child.exitCode}):\n${child.stderrText()}`);
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.stderrText()}`);
}

function startNext(checkout = root, serverPort = port, data = dataDir) {
  if (!fs.existsSync(path.join(checkout, '.next', 'BUILD_ID')))
    throw new Error(`No production build in ${checkout}: run \`npm run build\` there first.`);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(serverPort),
    DATA_DIR: data,
    DEMO_CONTENT: process.env.DEMO_CONTENT ?? 'on',
    ADMIN_USERNAME: process.env.ADMIN_USERNAME ?? 'bench-admin',
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? 'bench-admin-password',
  };
  // As `npm start` starts it, in that checkout (an older one may start `next start` instead).
  return startProcess('sh', [path.join(checkout, 'scripts/start.sh'), '-p', String(serverPort)], {
    cwd: checkout,
    env,
  });
}

/** The page as the server sends it to a browser (not decoded): status, headers, body bytes. */
function fetchRaw(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: requestHeaders, timeout: 30_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('timeout', () => request.destroy(new Error(`${url} timed out`)));
    request.on('error', reject);
  });
}

/** A Node server that answers each page with the bytes and headers saved in `file`, and does nothing else. */
const bareServer = `import fs from 'node:fs';
import http from 'node:http';
const pages = new Map(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')).map(({ page, headers, body }) => [page, { headers, body: Buffer.from(body, 'base64') }]));
http.createServer((request, response) => {
  const page = pages.get(request.url);
  if (!page) return response.writeHead(404).end();
  response.writeHead(200, page.headers);
  response.end(page.body);
}).listen(Number(process.argv[3]), '127.0.0.1');
`;

/**
 * Starts the bare server with what the production server sends for each saved page (asked twice: the second is its
 * stored copy).
 */
async function startBare(folder, saved) {
  const answers = [];
  for (const { page } of saved) {
    await fetchRaw(`http://127.0.0.1:${port}${page}`);
    await sleep(500);
    const { status, headers, body } = await fetchRaw(`http://127.0.0.1:${port}${page}`);
    if (status !== 200) throw new Error(`${page} answered ${status}`);
    const kept = Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
      ),
    );
    answers.push({ page, headers: kept, body: body.toString('base64') });
  }
  const data = path.join(folder, 'bare-pages.json');
  const script = path.join(folder, 'bare-server.mjs');
  fs.writeFileSync(data, JSON.stringify(answers));
  fs.writeFileSync(script, bareServer);
  const child = startProcess(process.execPath, [script, data, String(barePort)], {});
  await waitForHttp(`http://127.0.0.1:${barePort}${saved[0].page}`, child, 'the bare Node server', 10_000);
  return child;
}

function seedOnce() {
  console.log(`Seeding ${driver} with seed:large (once per data folder)…`);
  seedLarge({ ...process.env, DATA_DIR: dataDir });
  fs.writeFileSync(path.join(dataDir, '.seeded-large'), new Date().toISOString());
}

// Headers nginx writes itself, or that belong to one connection or one response.
const ownHeaders = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'vary',
  'etag',
  'server',
]);

/** Fetches a page as a visitor would and saves `<folder><path>/index.html`; returns its headers. */
async function savePage(folder, page) {
  const response = await fetch(`http://127.0.0.1:${port}${page}`, {
    headers: requestHeaders,
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
  const html = await response.text();
  const file = path.join(folder, page, 'index.html');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  if (gzipStatic) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  const headers = [...response.headers].filter(([name]) => !ownHeaders.has(name));
  return { page, html, headers };
}

const nginxQuote = (value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * One worker on the server core, keep-alive as Node keeps it, gzip at Next's level, and per page
 * the headers Next sent (security headers, cache-control, the XSRF cookie of a first visit).
 */
function nginxConfig(folder, saved) {
  const locations = saved
    .map(({ page, headers }) => {
      // The MIME type and the charset apart: gzip_types matches the bare type.
      const [mime, ...parameters] = (
        headers.find(([name]) => name === 'content-type')?.[1] ?? 'text/html; charset=utf-8'
      ).split(';');
      const charset =
        parameters
          .map((p) => p.trim())
          .find((p) => p.startsWith('charset='))
          ?.slice(8) ?? 'off';
      const extra = headers
        .filter(([name]) => name !== 'content-type')
        .map(([name, value]) => `      add_header ${name} ${nginxQuote(value)} always;`)
        .join('\n');
      return `    location = ${page} {\n      default_type ${mime.trim()};\n      charset ${charset};\n      try_files /${page.replace(/^\//, '')}/index.html =404;\n${extra}\n    }`;
    })
    .join('\n');
  return nginxFrame(
    folder,
    `  sendfile on;
  tcp_nopush on;
  types { }
  etag off;
  gzip ${gzip ? 'on' : 'off'};
  gzip_static ${gzipStatic ? 'on' : 'off'};
  gzip_comp_level 6;
  gzip_min_length 1024;
  gzip_vary on;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${folder}/pages;
${locations}
  }
`,
  );
}

/** One worker on the server core, its files in `folder`, clients' connections kept alive. */
function nginxFrame(folder, http) {
  return `worker_processes 1;
daemon off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  server_tokens off;
  client_body_temp_path ${folder}/tmp/body;
  proxy_temp_path ${folder}/tmp/proxy;
  fastcgi_temp_path ${folder}/tmp/fastcgi;
  uwsgi_temp_path ${folder}/tmp/uwsgi;
  scgi_temp_path ${folder}/tmp/scgi;
  keepalive_timeout 5s;
  keepalive_requests 100000;
${http}}
`;
}

/** nginx proxying to Varnish as docs/operations.md configures it, with or without keep-alive to Varnish. */
function frontConfig(folder, { port: listen, keepAlive }) {
  const upstreamKeepAlive = keepAlive ? '    keepalive 32;\n    keepalive_timeout 4s;\n' : '';
  const locationKeepAlive = keepAlive ? '      proxy_http_version 1.1;\n      proxy_set_header Connection "";\n' : '';
  // No temporary files: the workers (an unprivileged user) could not write them in `folder`.
  return nginxFrame(
    folder,
    `  proxy_max_temp_file_size 0;
  upstream cache {
    server 127.0.0.1:${varnishPort};
${upstreamKeepAlive}  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://cache;
${locationKeepAlive}      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
    }
  }
`,
  );
}

function findNginx() {
  for (const candidate of [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx'].filter(Boolean))
    if (fs.existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed: apt-get install -y nginx-light (or set NGINX=/path/to/nginx).');
}

/** Checks and starts nginx with `config` in `folder`, and waits until `url` answers. */
async function runNginx(folder, config, url) {
  const nginx = findNginx();
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(folder, 'tmp', name), { recursive: true });
  const configFile = path.join(folder, 'nginx.conf');
  fs.writeFileSync(configFile, config);
  const check = spawnSync(nginx, ['-t', '-q', '-p', folder, '-c', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx rejected ${configFile}:\n${check.stderr}`);
  const child = startProcess(nginx, ['-p', folder, '-c', configFile], {});
  await waitForHttp(url, child, 'nginx', 10_000);
  return child;
}

async function startNginx(folder, saved) {
  const child = await runNginx(folder, nginxConfig(folder, saved), `http://127.0.0.1:${nginxPort}${saved[0].page}`);
  // The copy must be what Next sent, byte for byte, or the comparison means nothing.
  for (const { page, html } of saved) {
    const response = await fetch(`http://127.0.0.1:${nginxPort}${page}`, { signal: AbortSignal.timeout(5_000) });
    const body = await response.text();
    if (response.status !== 200 || body !== html)
      throw new Error(`nginx does not serve the saved ${page} (status ${response.status}); see ${folder}/error.log`);
  }
  return child;
}

/** varnishd in front of the Next server, on its own working folder below `folder`. */
async function startVarnish(folder) {
  const vcl = path.join(folder, 'default.vcl');
  fs.writeFileSync(
    vcl,
    fs
      .readFileSync(path.join(root, 'deploy/varnish/default.vcl'), 'utf8')
      .replace('.port = "3000";', `.port = "${port}";`),
    { mode: 0o644 },
  );
  const child = startProcess(
    'varnishd',
    [
      '-F',
      '-a',
      `127.0.0.1:${varnishPort}`,
      '-T',
      'none',
      '-f',
      vcl,
      '-n',
      path.join(folder, 'varnish'),
      '-I',
      path.join(root, 'deploy/varnish/startup.cli'),
      '-s',
      'malloc,256m',
    ],
    {},
  );
  await waitForHttp(`http://127.0.0.1:${varnishPort}/tw`, child, 'varnishd', 30_000);
  return child;
}

/** nginx in front of Varnish, each in a folder of its own below `folder`. */
async function startFronts(folder) {
  const running = [];
  for (const front of fronts) {
    const own = path.join(folder, `front-${front.name}`);
    fs.mkdirSync(own, { recursive: true });
    running.push({
      ...front,
      child: await runNginx(own, frontConfig(own, front), `http://127.0.0.1:${front.port}/tw`),
    });
  }
  return running;
}

/** One autocannon run at full load; fails when a request did not answer 200 or timed out. */
function load(url, seconds, conns) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: conns, duration: seconds, headers: requestHeaders, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // A stuck server must not hang the benchmark: autocannon stops itself, this is the back-stop.
    const guard = setTimeout(() => instance.stop(), (seconds + 30) * 1000);
    instance.on('done', () => clearTimeout(guard));
  });
}

/** Prints wrk's totals and latency percentiles (microseconds) as one JSON line. */
const wrkReport = `done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format('{"requests":%d,"seconds":%f,"bytes":%d,"non2xx":%d,"errors":%d,"p50":%f,"p99":%f,"max":%f}\\n',
    summary.requests, summary.duration / 1e6, summary.bytes, errors.status,
    errors.connect + errors.read + errors.write + errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
`;

/** One wrk run at full load, in the shape of autocannon's result for the fields `measure` reads. */
function loadWithWrk(url, seconds, conns, folder) {
  const script = path.join(folder, 'report.lua');
  if (!fs.existsSync(script)) fs.writeFileSync(script, wrkReport);
  const headers = Object.entries(requestHeaders).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const output = execFileSync(
    'wrk',
    ['-t1', `-c${conns}`, `-d${seconds}s`, '--timeout', '10s', ...headers, '-s', script, url],
    { encoding: 'utf8', timeout: (seconds + 30) * 1000 },
  );
  const report = JSON.parse(output.trim().split('\n').at(-1));
  return {
    requests: { total: report.requests, average: report.requests / report.seconds },
    latency: { p50: report.p50, p99: report.p99, max: report.max },
    throughput: { total: report.bytes },
    non2xx: report.non2xx,
    errors: report.errors,
    timeouts: 0,
  };
}

/**
 * Open-loop load at a fixed rate over at most `conns` keep-alive connections. Each request's latency
 * counts from when it was due, not from when it was sent, so a stalled server or generator shows in
 * the figures instead of slowing the load (autocannon's `overallRate` sends each connection's share
 * of a second in one burst, which measures queueing behind that burst).
 */
async function steadyLoad(url, seconds, conns, perSecond) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: conns });
  const total = Math.round(seconds * perSecond);
  const latencies = [];
  let failures = 0;
  const start = performance.now();
  const pending = [];
  for (let sent = 0; sent < total;) {
    const now = performance.now();
    for (; sent < total && start + (sent * 1000) / perSecond <= now; sent++) {
      const due = start + (sent * 1000) / perSecond;
      pending.push(
        new Promise((resolve) => {
          const request = http.get(url, { agent, headers: requestHeaders, timeout: 10_000 }, (response) => {
            if (response.statusCode !== 200) failures++;
            response.resume();
            response.on('end', () => (latencies.push(performance.now() - due), resolve()));
          });
          request.on('timeout', () => request.destroy(new Error('timeout')));
          request.on('error', () => (failures++, resolve()));
        }),
      );
    }
    await sleep(Math.max(0, start + (sent * 1000) / perSecond - performance.now()));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { p50: percentile(50), p99: percentile(99), failures };
}

function pinSelf() {
  if (!pinned) return;
  try {
    execFileSync('taskset', ['-p', '-c', loadCore, String(process.pid)], { stdio: 'ignore' });
  } catch {}
}

/**
 * CPU seconds used so far by a process and its descendants (Linux /proc), or undefined elsewhere.
 * CPU per request does not depend on what else the machine runs; requests per second does.
 */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) ticks += (cpuSeconds(Number(child)) ?? 0) * clockTicks;
    }
    return ticks / clockTicks;
  } catch {
    return undefined;
  }
}

/** CPU seconds of several processes (and their descendants), or undefined when one is unknown. */
function cpuSecondsOf(pids) {
  const each = pids.map(cpuSeconds);
  return each.includes(undefined) ? undefined : each.reduce((sum, seconds) => sum + seconds, 0);
}

async function measure(base, page, pids, folder) {
  // The warm-up runs as the measured run does (generator, connections): Varnish's first seconds at
  // 50 connections, before its worker threads and their memory are warm, measured a p99 of 26–30 ms
  // that the next run did not have (5–9 ms).
  const fullLoad = (seconds) =>
    loadGenerator === 'wrk'
      ? loadWithWrk(`${base}${page}`, seconds, connections, folder)
      : load(`${base}${page}`, seconds, connections);
  if (warmup > 0) await fullLoad(warmup);
  const measured = [];
  for (let run = 0; run < runs; run++) {
    const cpuBefore = cpuSecondsOf(pids);
    const result = await fullLoad(duration);
    const cpuAfter = cpuSecondsOf(pids);
    const cpuMsPerRequest =
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total
        ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total
        : undefined;
    measured.push({ result, cpuMsPerRequest });
  }
  measured.sort((a, b) => a.result.requests.average - b.result.requests.average);
  const { result, cpuMsPerRequest } = measured[Math.floor((measured.length - 1) / 2)];
  const steady = rate > 0 ? await steadyLoad(`${base}${page}`, duration, connections, rate) : undefined;
  return {
    steadyP50: steady?.p50,
    steadyP99: steady?.p99,
    steadyFailures: steady?.failures ?? 0,
    cpuMsPerRequest,
    completed: result.requests.total,
    requestsPerSecond: result.requests.average,
    slowest: measured[0].result.requests.average,
    fastest: measured.at(-1).result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: measured.reduce((sum, run) => sum + run.result.non2xx, 0),
    errors: measured.reduce((sum, run) => sum + run.result.errors + run.result.timeouts, 0),
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/** Failed requests of a server's runs: not 200, errors, time-outs. */
const failures = (...results) => results.reduce((sum, r) => sum + (r ? r.non2xx + r.errors + r.steadyFailures : 0), 0);
const round = (value) => (value >= 100 ? Math.round(value) : Math.round(value * 10) / 10);
/** The median run's requests per second, and the range over the runs. */
const perSecond = (r) =>
  runs > 1
    ? `${round(r.requestsPerSecond)} (${round(r.slowest)}–${round(r.fastest)})`
    : String(round(r.requestsPerSecond));
const ms = (value) => (value === undefined ? '–' : value >= 10 ? String(Math.round(value)) : value.toFixed(1));
const percent = (part, whole, digits = 1) => `${((part / whole) * 100).toFixed(digits)} %`;
const cpu = (value) => (value === undefined ? '–' : value.toFixed(value < 1 ? 3 : 1));

/** A Markdown table's heading and the line under it: the page left, every figure right-aligned. */
const heading = (header) => [header, `|---|${'---:|'.repeat(header.split('|').length - 3)}`];

function table(rows) {
  let header =
    '| page | Next req/s | Next p50 ms | Next p99 ms | nginx req/s | nginx p99 ms | req/s Next ÷ nginx | CPU ms/req Next / nginx | CPU nginx ÷ Next | bytes Next / nginx | errors |';
  if (withBare) header += ' bare Node req/s | bare Node p99 ms | ÷ bare Node |';
  if (withVarnish) {
    // With several runs, also the worst pairing (Varnish's slowest run against nginx's fastest): a
    // ratio that holds there holds for every run.
    header += ` Varnish req/s | Varnish p50 ms | Varnish p99 ms | req/s Varnish ÷ nginx |${runs > 1 ? ' slowest Varnish ÷ fastest nginx run |' : ''} CPU ms/req Varnish |`;
  }
  if (rate > 0)
    header += ['Next', 'nginx', ...(withVarnish ? ['Varnish'] : [])]
      .map((name) => ` ${name} p50 / p99 ms at ${rate}/s |`)
      .join('');
  if (against) header += ' against req/s | against CPU ms/req | req/s Next ÷ against | CPU Next ÷ against |';
  const lines = heading(header);
  for (const { page, next, nginx, other, varnish, bare } of rows) {
    const cpuRatio =
      next.cpuMsPerRequest && nginx.cpuMsPerRequest ? percent(nginx.cpuMsPerRequest, next.cpuMsPerRequest) : '–';
    const errors = failures(next, nginx, varnish, bare);
    lines.push(
      `| \`${page}\` | ${perSecond(next)} | ${ms(next.p50)} | ${ms(next.p99)} | ${perSecond(nginx)} | ${ms(nginx.p99)} | ${percent(next.requestsPerSecond, nginx.requestsPerSecond)} | ${cpu(next.cpuMsPerRequest)} / ${cpu(nginx.cpuMsPerRequest)} | ${cpuRatio} | ${next.bytesPerRequest} / ${nginx.bytesPerRequest} | ${errors} |` +
        (bare
          ? ` ${perSecond(bare)} | ${ms(bare.p99)} | ${percent(next.requestsPerSecond, bare.requestsPerSecond)} |`
          : '') +
        (varnish
          ? ` ${perSecond(varnish)} | ${ms(varnish.p50)} | ${ms(varnish.p99)} | ${percent(varnish.requestsPerSecond, nginx.requestsPerSecond)} |` +
            `${runs > 1 ? ` ${percent(varnish.slowest, nginx.fastest)} |` : ''} ${cpu(varnish.cpuMsPerRequest)} |`
          : '') +
        (rate > 0
          ? [next, nginx, ...(varnish ? [varnish] : [])]
              .map((r) => ` ${ms(r.steadyP50)} / ${ms(r.steadyP99)} |`)
              .join('')
          : '') +
        (other
          ? ` ${perSecond(other)} | ${cpu(other.cpuMsPerRequest)} | ${percent(next.requestsPerSecond, other.requestsPerSecond)} | ${next.cpuMsPerRequest && other.cpuMsPerRequest ? percent(next.cpuMsPerRequest, other.cpuMsPerRequest) : '–'} |`
          : ''),
    );
  }
  return lines.join('\n');
}

/** nginx in front of Varnish: with keep-alive connections to it, and with one per request. */
function frontTable(rows) {
  const steady = rate > 0 ? ` p50 / p99 ms at ${rate}/s |` : '';
  const lines = heading(
    `| page | nginx → Varnish, keep-alive: req/s | p50 ms | p99 ms | CPU ms/req |${steady} a connection per request: req/s | p50 ms | p99 ms | CPU ms/req |${steady} req/s keep-alive ÷ per request | errors |`,
  );
  const columns = (r) =>
    `${perSecond(r)} | ${ms(r.p50)} | ${ms(r.p99)} | ${cpu(r.cpuMsPerRequest)} |${rate > 0 ? ` ${ms(r.steadyP50)} / ${ms(r.steadyP99)} |` : ''}`;
  for (const { page, front } of rows) {
    const { keepAlive, perRequest } = front;
    lines.push(
      `| \`${page}\` | ${columns(keepAlive)} ${columns(perRequest)} ${percent(keepAlive.requestsPerSecond, perRequest.requestsPerSecond, 0)} | ${failures(keepAlive, perRequest)} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  // Before anything starts: during the runs Varnish's waiting threads count in the load average.
  const loadBefore = os.loadavg()[0].toFixed(1);
  findNginx(); // fail before the slow start-up when nginx is missing
  pinSelf();
  fs.mkdirSync(dataDir, { recursive: true });
  if (large && !fs.existsSync(path.join(dataDir, '.seeded-large'))) {
    // Demo content and accounts first (the server creates them), then the large set (server stopped: PGlite is one
    // process).
    const first = startNext();
    await waitForHttp(`http://127.0.0.1:${port}/tw`, first, 'the server', 120_000);
    await stopProcess(first);
    seedOnce();
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-bench-pages-'));
  // nginx's workers run as an unprivileged user when started by root: they must read the copy.
  fs.chmodSync(folder, 0o755);
  try {
    const next = startNext();
    await waitForHttp(`http://127.0.0.1:${port}/tw`, next, 'the server', 120_000);
    const saved = [];
    for (const page of pages) {
      const resolved = await resolvePage(`http://127.0.0.1:${port}`, page);
      if (!resolved) {
        console.warn(`Skipped ${page}: ${page.slice(0, -2)} is missing or links to nothing below it.`);
        continue;
      }
      try {
        saved.push(await savePage(path.join(folder, 'pages'), resolved));
      } catch (error) {
        console.warn(`Skipped ${resolved}: ${error.message}`);
      }
    }
    if (!saved.length) throw new Error('No page to measure.');
    const nginx = await startNginx(folder, saved);
    let other;
    if (against) {
      // Its own copy of the data as it is now: PGlite is one process, and both must serve the same content.
      const otherData = path.join(folder, 'against-data');
      await stopProcess(next);
      fs.cpSync(dataDir, otherData, { recursive: true });
      other = startNext(against, againstPort, otherData);
      await waitForHttp(`http://127.0.0.1:${againstPort}/tw`, other, `the server in ${against}`, 120_000);
    }
    const current = against ? startNext() : next;
    if (against) await waitForHttp(`http://127.0.0.1:${port}/tw`, current, 'the server', 120_000);
    const bareNode = withBare ? await startBare(folder, saved) : undefined;
    const varnish = withVarnish ? await startVarnish(folder) : undefined;
    const frontServers = withFront ? await startFronts(folder) : [];
    const rows = [];
    for (const { page } of saved) {
      process.stdout.write(`${page}: Next… `);
      const nextResult = await measure(`http://127.0.0.1:${port}`, page, [current.pid], folder);
      process.stdout.write('nginx… ');
      const nginxResult = await measure(`http://127.0.0.1:${nginxPort}`, page, [nginx.pid], folder);
      let bareResult;
      if (bareNode) {
        process.stdout.write('bare Node… ');
        bareResult = await measure(`http://127.0.0.1:${barePort}`, page, [bareNode.pid], folder);
      }
      let varnishResult;
      if (varnish) {
        process.stdout.write('Varnish… ');
        varnishResult = await measure(`http://127.0.0.1:${varnishPort}`, page, [varnish.pid], folder);
      }
      const front = {};
      for (const { name, port: frontPort, child } of frontServers) {
        process.stdout.write(`nginx → Varnish (${name})… `);
        front[name] = await measure(`http://127.0.0.1:${frontPort}`, page, [child.pid, varnish.pid], folder);
      }
      let otherResult;
      if (other) {
        process.stdout.write('against… ');
        otherResult = await measure(`http://127.0.0.1:${againstPort}`, page, [other.pid], folder);
      }
      console.log('done');
      rows.push({
        page,
        next: nextResult,
        nginx: nginxResult,
        other: otherResult,
        varnish: varnishResult,
        bare: bareResult,
        front,
      });
    }
    for (const { child } of frontServers) await stopProcess(child);
    if (varnish) await stopProcess(varnish);
    if (bareNode) await stopProcess(bareNode);
    await stopProcess(nginx);
    if (other) await stopProcess(other);
    if (against) await stopProcess(current);
    await stopProcess(next);
    const when = new Date().toISOString();
    const loadAverage = os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    const heading = `${driver}${large ? ' with seed:large' : ', demo content'}, ${connections} connections, ${runs > 1 ? `median of ${runs} runs of ${duration} s` : `${duration} s`} after ${warmup} s warm-up, ${gzip ? `a browser's Accept-Encoding (nginx: gzip, ${gzipStatic ? 'gzip_static' : 'compressing each response'})` : 'no compression'}, ${pinned ? `servers on core(s) ${serverCores}, ${loadGenerator} on core ${loadCore}` : 'not pinned'} (at ${rate}/s: an open-loop generator of its own)${against ? `, against ${against}` : ''}, load average ${loadBefore} before the run, ${loadAverage} at the end, ${when}`;
    const markdown = `${heading}\n\n${table(rows)}\n${withFront ? `\n${frontTable(rows)}\n` : ''}`;
    console.log(`\n${markdown}`);
    const outDir = path.join(root, 'bench-data');
    fs.mkdirSync(outDir, { recursive: true });
    const stamp = when.replace(/[:.]/g, '-');
    fs.writeFileSync(path.join(outDir, `pages-${stamp}.md`), markdown);
    fs.writeFileSync(
      path.join(outDir, `pages-${stamp}.json`),
      JSON.stringify({ when, loadAverage, driver, large, connections, duration, gzip, pinned, rows }, null, 2),
    );
    const failed = rows.filter(
      ({ next, nginx, varnish, bare, front }) =>
        failures(next, nginx, varnish, bare, ...Object.values(front)) > 0 || !next.completed || !nginx.completed,
    );
    if (failed.length) {
      console.error(
        `Some requests failed or timed out, or none completed (lengthen BENCH_SECONDS): ${failed.map((row) => row.page).join(', ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    stopAll();
    if (process.env.BENCH_KEEP === '1') console.log(`Kept the static copy and nginx configuration in ${folder}`);
    else fs.rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  stopAll();
  process.exit(1);
});

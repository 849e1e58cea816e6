// A rolling restart under steady load through Varnish (docs/operations.md, "Upgrades without
// downtime"): two production servers on one PostgreSQL behind Varnish running
// deploy/varnish/default.vcl; while visitors' pages and API reads arrive at a steady rate and a
// writer saves a news row every BENCH_SAVE_EVERY_MS, server A gets SIGTERM, is started again,
// back in rotation, then the same for B. Reports every request that did not answer 200, whether
// every save answered 200 is in the database afterwards, the latencies and the restart's timings.
// e2e/resilience.spec.ts runs the same restart, smaller, in CI.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/rolling.mjs
//
// DATABASE_URL names a PostgreSQL server the script may create a database on: it makes one of its
// own (gonghui_rolling_{pid}) and drops it at the end. Environment: BENCH_PORT (default 3471: server
// A, B on the next port), BENCH_VARNISH_PORT (6081), BENCH_RATE (requests a second, 330),
// BENCH_CONCURRENCY (most requests in flight, 32), BENCH_SAVE_EVERY_MS (100). Needs a production
// build (npm run build) and varnishd.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { root } from './bench-server.mjs';
import { restartPaths, twoBackendVcl } from './two-servers.mjs';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server the bench may create a database on.');
const portA = Number(process.env.BENCH_PORT) || 3471;
const ports = { a: portA, b: portA + 1 };
const varnishPort = Number(process.env.BENCH_VARNISH_PORT) || 6081;
const rate = Number(process.env.BENCH_RATE) || 330;
const concurrency = Number(process.env.BENCH_CONCURRENCY) || 32;
const saveEveryMs = Number(process.env.BENCH_SAVE_EVERY_MS) || 100;
const front = `http://127.0.0.1:${varnishPort}`;
const appUrl = (port) => `http://127.0.0.1:${port}`;
const XSRF = 'rolling-bench-xsrf';
const adminAccount = { username: 'bench-admin', password: 'bench-admin-password' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const databaseName = `gonghui_rolling_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-rolling-'));
// varnishd run as root reads the VCL as its own unprivileged user.
fs.chmodSync(workDir, 0o755);

async function onServer(text, url = serverUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const environment = (name) => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: path.join(workDir, `data-${name}`),
  DEMO_CONTENT: 'on',
  ADMIN_USERNAME: adminAccount.username,
  ADMIN_PASSWORD: adminAccount.password,
  SITE_URL: front,
  LOG_LEVEL: 'warn',
  TRUSTED_PROXIES: '127.0.0.1',
  CACHE_PURGE_URLS: `${front}/`,
  SECRET_KEY: process.env.SECRET_KEY || 'rolling-bench-secret-key-never-used-in-production-0123',
});

/** Starts a server as `npm start` does and resolves once /readyz answers 200; the ms it took. */
async function start(name) {
  const started = performance.now();
  const child = spawn('sh', [path.join(root, 'scripts/start.sh'), '-p', String(ports[name])], {
    cwd: root,
    env: { ...environment(name), PORT: String(ports[name]) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
  servers[name] = child;
  for (let i = 0; i < 480; i++) {
    const ready = await fetch(`${appUrl(ports[name])}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return performance.now() - started;
    if (child.exitCode !== null) break;
    await sleep(125);
  }
  throw new Error(`server ${name} did not start:\n${errors}`);
}

/** SIGTERM, and the ms until the process exited (the drain: grace, requests in flight, database closed). */
async function stop(name) {
  const child = servers[name];
  if (!child || child.exitCode !== null || child.signalCode !== null) return 0;
  const started = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return performance.now() - started;
}

const servers = {};
let varnish;

async function startVarnish() {
  const vcl = twoBackendVcl(fs.readFileSync(path.join(root, 'deploy/varnish/default.vcl'), 'utf8'), ports.a, ports.b);
  const vclPath = path.join(workDir, 'default.vcl');
  fs.writeFileSync(vclPath, vcl, { mode: 0o644 });
  varnish = spawn(
    'varnishd',
    [
      ...['-F', '-a', `127.0.0.1:${varnishPort}`, '-T', 'none', '-f', vclPath],
      ...['-n', path.join(workDir, 'varnish'), '-I', path.join(root, 'deploy/varnish/startup.cli')],
      ...['-s', 'malloc,64m'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  for (let i = 0; i < 80; i++) {
    if (
      await fetch(`${front}/en`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      // Both backends healthy: three good probes each.
      await sleep(3_500);
      return;
    }
    await sleep(250);
  }
  throw new Error('varnishd did not start');
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  return `p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? 0)}`;
};

async function main() {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  await onServer(`create database ${databaseName}`);
  // Both at once, on an empty database: the start-up lock lets them take turns.
  await Promise.all([start('a'), start('b')]);
  await startVarnish();
  const login = await fetch(`${appUrl(ports.a)}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminAccount),
  });
  const { token } = await login.json();
  const enIds = (await onServer("select id from webnews where lang = 'en' limit 3", databaseUrl)).map((r) => r.id);
  const twIds = (await onServer("select id from webnews where lang = 'tw' limit 3", databaseUrl)).map((r) => r.id);
  const pages = restartPaths(enIds, twIds).map((url) => `${front}${url}`);

  const answers = [];
  const acknowledged = [];
  let running = true;
  let inFlight = 0;
  let skipped = 0;
  const request = async (url, init, write) => {
    inFlight++;
    const started = performance.now();
    let status = 0;
    let detail = '';
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      const body = write ? await response.json().catch(() => ({})) : await response.arrayBuffer();
      status = response.status;
      if (write && status === 200 && body.id) acknowledged.push(body.id);
      if (status !== 200) detail = response.headers.get('retry-after') ?? '';
    } catch (error) {
      detail = `${error.name}: ${error.message}`;
    }
    inFlight--;
    answers.push({ url, status, detail, ms: performance.now() - started, at: Date.now(), write });
  };
  // Open loop: requests leave on a clock, whether or not the last ones answered (up to BENCH_CONCURRENCY in flight).
  const visitors = (async () => {
    const interval = 1000 / rate;
    const begun = performance.now();
    for (let i = 0; running; i++) {
      const due = begun + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      if (inFlight >= concurrency) {
        skipped++;
        continue;
      }
      void request(pages[i % pages.length]);
    }
  })();
  const writer = (async () => {
    for (let i = 0; running; i++) {
      await request(
        `${front}/api/webnews/add`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'x-xsrf-token': XSRF,
            cookie: `XSRF-TOKEN=${XSRF}`,
            'web-language': 'en',
          },
          body: JSON.stringify({ title: `Rolling ${i}`, summary: `Rolling ${i}`, isVisible: true }),
        },
        true,
      );
      await sleep(saveEveryMs);
    }
  })();

  const timings = {};
  const marks = {};
  const begun = performance.now();
  const startedAt = Date.now();
  await sleep(2_000);
  for (const name of ['a', 'b']) {
    marks[`SIGTERM to ${name}`] = Date.now();
    timings[`${name} stop`] = await stop(name);
    timings[`${name} start to ready`] = await start(name);
    marks[`${name} ready`] = Date.now();
    // Back in rotation: three good probes.
    await sleep(3_500);
  }
  await sleep(1_000);
  running = false;
  await Promise.all([visitors, writer]);
  while (inFlight > 0) await sleep(50);
  const duration = (performance.now() - begun) / 1000;
  const loadAfter = os.loadavg();

  const stored = new Set((await onServer('select id from webnews', databaseUrl)).map((row) => Number(row.id)));
  const lost = acknowledged.filter((id) => !stored.has(Number(id)));
  const failed = answers.filter((answer) => answer.status !== 200);
  const saves = answers.filter((answer) => answer.write);
  const reads = answers.filter((answer) => !answer.write);
  console.log(`rolling restart through Varnish, two servers on PostgreSQL, ${duration.toFixed(1)} s:`);
  console.log(
    `  requests: ${answers.length} (${reads.length} pages and API reads at ${rate}/s, ${saves.length} saves)`,
  );
  console.log(
    `  failed: ${failed.length}${skipped ? `; not sent (${concurrency} in flight already): ${skipped}` : ''}`,
  );
  const byKind = new Map();
  for (const each of failed) {
    const kind = `${each.status} ${each.url.replace(front, '')} ${each.detail}`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  for (const [kind, count] of byKind) console.log(`    ${count} × ${kind}`);
  if (failed.length) {
    const first = Math.min(...failed.map((answer) => answer.at)) - startedAt;
    const last = Math.max(...failed.map((answer) => answer.at)) - startedAt;
    console.log(`    between ${(first / 1000).toFixed(1)} s and ${(last / 1000).toFixed(1)} s after the load began`);
  }
  for (const [what, at] of Object.entries(marks)) console.log(`  ${what} at ${((at - startedAt) / 1000).toFixed(1)} s`);
  console.log(`  saves answered 200: ${acknowledged.length}, missing from the database afterwards: ${lost.length}`);
  console.log(`  pages and reads: ${summary(reads.map((answer) => answer.ms))}`);
  console.log(`  saves: ${summary(saves.map((answer) => answer.ms))}`);
  for (const [what, ms] of Object.entries(timings)) console.log(`  ${what}: ${(ms / 1000).toFixed(1)} s`);
  console.log(`load average after: ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`);
  return failed.length === 0 && lost.length === 0;
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(error);
} finally {
  if (varnish && varnish.exitCode === null) {
    const exited = new Promise((resolve) => varnish.once('exit', resolve));
    varnish.kill('SIGTERM');
    await exited;
  }
  await Promise.all(['a', 'b'].map(stop));
  await onServer(`drop database if exists ${databaseName}`).catch((error) => console.error(error.message));
  fs.rmSync(workDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);

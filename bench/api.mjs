// API benchmark (webnews/getlist page 1 and page 5,000, webrule/search with a Chinese
// keyword), with autocannon against the production server on a database filled by seed:large, as a
// browser's back office calls it (Accept-Encoding: gzip, deflate, br), beside a bare Node server
// sending the same JSON in the same run (the column "÷ bare Node": this server's requests/s over
// the bare one's) and, with BENCH_AGAINST, another built checkout on a copy of the same data.
//
//   node bench/api.mjs                      # embedded database in ./bench-data (seeded on first run)
//   DATABASE_URL=postgres://… node bench/api.mjs   # that PostgreSQL (seeded if it has no news)
//
// Environment: BENCH_PORT (default 3400; the other checkout listens on +1, the bare server on +2),
// BENCH_CONNECTIONS (10), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (5), BENCH_RUNS (1: with more,
// each cell is the range over the runs), BENCH_SERVER_CPUS (e.g. `0`: runs the servers under
// `taskset -c 0`; start this script itself under `taskset -c 1` so the load generator never takes
// the servers' core), BENCH_ONLY (a substring: only the scenarios whose title contains it),
// BENCH_ENCODING (the Accept-Encoding sent; default a browser's), BENCH_AGAINST (another checkout,
// built: its server runs beside this one, on a copy of the PGlite data or on the same PostgreSQL).
//
// Needs a production build (npm run build). Prints a Markdown table for docs/performance.md.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  apiHeaders,
  benchEnv,
  benchToken,
  randomPages as randomPagesOf,
  root,
  seedLarge,
  waitUp,
} from './bench-server.mjs';

const port = Number(process.env.BENCH_PORT) || 3400;
const againstPort = port + 1;
const barePort = port + 2;
const connections = Number(process.env.BENCH_CONNECTIONS) || 10;
const duration = Number(process.env.BENCH_SECONDS) || 10;
const warmup = Number(process.env.BENCH_WARMUP_SECONDS) || 5;
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 1);
const serverCpus = process.env.BENCH_SERVER_CPUS;
const only = process.env.BENCH_ONLY;
const acceptEncoding = process.env.BENCH_ENCODING ?? 'gzip, deflate, br';
const against = process.env.BENCH_AGAINST ? path.resolve(process.env.BENCH_AGAINST) : undefined;
const env = benchEnv(port, 'bench-data');
const driver = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const baseOf = (serverPort) => `http://127.0.0.1:${serverPort}`;
const base = baseOf(port);

function run(serverPort, { path: urlPath, ...options }, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${baseOf(serverPort)}${urlPath}`, ...options, connections, duration: seconds },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const headers = (token) => apiHeaders(token, acceptEncoding);
const json = (body, token) => ({ method: 'POST', headers: headers(token), body: JSON.stringify(body) });
const randomPages = (pages, token) => randomPagesOf(pages, token, acceptEncoding);

const pinned = (command, args) => (serverCpus ? ['taskset', ['-c', serverCpus, command, ...args]] : [command, args]);

function startServer(checkout = root, serverPort = port, serverEnv = env) {
  if (!fs.existsSync(path.join(checkout, 'dist', 'server.cjs')))
    throw new Error(`No production build in ${checkout}: run \`npm run build\` there first.`);
  // As `npm start` starts it (scripts/start.sh execs node, so the PID is the server's).
  const [command, args] = pinned('sh', [path.join(checkout, 'scripts/start.sh'), '-p', String(serverPort)]);
  return spawn(command, args, { cwd: checkout, env: { ...serverEnv, PORT: String(serverPort) }, stdio: 'ignore' });
}

/**
 * A bare Node server on the servers' core: answers every request with `answers[url]` (the JSON the
 * production server sent for that call, compressed once ahead in the coding it used), reading the
 * request body and nothing else. Its rate is what Node's HTTP alone allows on that core.
 */
function startBare(answers) {
  const file = path.join(os.tmpdir(), `gonghui-bench-bare-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(answers));
  const script = `
    const http = require('node:http');
    const zlib = require('node:zlib');
    const answers = Object.entries(require(${JSON.stringify(file)})).map(([key, { body, coding }]) => {
      const json = Buffer.from(body);
      const sent = coding === 'br' ? zlib.brotliCompressSync(json) : coding === 'gzip' ? zlib.gzipSync(json) : json;
      return [key, { sent, coding }];
    });
    const byKey = new Map(answers);
    http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const answer = byKey.get(request.url) ?? answers[0][1];
        const head = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': answer.sent.length };
        if (answer.coding) head['content-encoding'] = answer.coding;
        response.writeHead(200, head);
        response.end(answer.sent);
      });
    }).listen(${barePort}, '127.0.0.1');`;
  const [command, args] = pinned(process.execPath, ['-e', script]);
  return spawn(command, args, { stdio: 'ignore' });
}

/**
 * How long a server may take to start: after a seed, its start-up indexing for the site search and
 * VACUUM of 120,000 rows took over five minutes with both databases seeded at once (bench/search.mjs waits as long).
 */
const START_SECONDS = 30 * 60;

const stopped = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));

async function newsTotal() {
  const response = await fetch(`${base}/api/webnews/getlist`, json({ page: 1, pageSize: 1 }));
  return (await response.json()).total;
}

/** What the server answers a call: the JSON, and the coding it chose for the browser's Accept-Encoding. */
async function answerOf({ path: urlPath, method, headers: sent, body }) {
  const raw = await fetch(`${base}${urlPath}`, { method, headers: { ...sent, 'accept-encoding': 'identity' }, body });
  const coded = await new Promise((resolve, reject) => {
    const url = new URL(`${base}${urlPath}`);
    import('node:http').then(({ request }) => {
      const call = request(url, { method, headers: sent }, (response) => {
        response.resume();
        resolve(response.headers['content-encoding'] ?? null);
      });
      call.on('error', reject);
      call.end(body);
    });
  });
  return { body: await raw.text(), coding: coded };
}

/** p50 and max of `samples` single reads, each right after a write (so the read misses the cache). */
async function readsAfterWrites(token, samples = 20) {
  const times = [];
  for (let i = 0; i < samples; i++) {
    const added = await fetch(`${base}/api/webnews/add`, json({ title: `bench ${i}`, isVisible: true }, token));
    const { id } = await added.json();
    const started = performance.now();
    const response = await fetch(`${base}/api/webnews/getlist`, json({ page: 1, pageSize: 10 }, token));
    await response.json();
    times.push(performance.now() - started);
    await fetch(`${base}/api/webnews/delete/${id}`, { method: 'DELETE', headers: headers(token) });
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(times[Math.floor(samples / 2)]), max: Math.round(times[samples - 1]) };
}

/** "a–b" of the runs' figures, or the one figure. */
const range = (values, digits = 0) => {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
};

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

const children = [];
const stopAll = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', () => (stopAll(), process.exit(130)));

let server = startServer();
children.push(server);
try {
  await waitUp(base, START_SECONDS);
  // The measurements need the seed:large data set: seed once if the database has less.
  if ((await newsTotal()) < 50000) {
    server.kill('SIGTERM');
    await stopped(server);
    console.log(`Seeding ${driver} with seed:large…`);
    seedLarge(env);
    server = startServer();
    children.push(server);
    await waitUp(base, START_SECONDS);
  }
  console.log(`${await newsTotal()} news rows visible in Chinese`);
  let other;
  if (against) {
    // The other checkout on the same rows: a copy of the PGlite folder (one process per folder), or
    // the same PostgreSQL database (several servers may share one).
    const otherEnv = { ...env };
    if (!env.DATABASE_URL) {
      otherEnv.DATA_DIR = path.join(os.tmpdir(), `gonghui-bench-against-${process.pid}`);
      server.kill('SIGTERM');
      await stopped(server);
      fs.rmSync(otherEnv.DATA_DIR, { recursive: true, force: true });
      execFileSync('cp', ['-a', env.DATA_DIR, otherEnv.DATA_DIR]);
      server = startServer();
      children.push(server);
      await waitUp(base, START_SECONDS);
    }
    other = startServer(against, againstPort, otherEnv);
    children.push(other);
    await waitUp(baseOf(againstPort), START_SECONDS);
  }
  // Anonymous calls are what visitors make; signed-in calls are the back office's (cached by the
  // generation the database stores). "random page" scenarios ask for a random page each time, so
  // they measure mostly the page query itself (the exact total stays cached until a write).
  const token = await benchToken(base, env);
  const otherToken = against ? await benchToken(baseOf(againstPort), env) : undefined;
  const search = `/api/webrule/search?keyword=${encodeURIComponent('信託')}`;
  const calls = [
    ['webnews/getlist page 1', '/api/webnews/getlist', { page: 1, pageSize: 10 }],
    ['webnews/getlist page 5,000', '/api/webnews/getlist', { page: 5000, pageSize: 10 }],
    ['webrule/search 「信託」', search, { page: 1, pageSize: 10 }],
  ];
  // Each scenario: its title, and its request for a token (this server's, or the other's).
  const scenarios = [
    ...calls.map(([title, urlPath, body]) => [`${title} (anonymous)`, () => ({ path: urlPath, ...json(body) }), true]),
    ...calls.map(([title, urlPath, body]) => [
      `${title} (signed in)`,
      (who) => ({ path: urlPath, ...json(body, who) }),
      true,
    ]),
    [
      'webnews/getlist random page of 1–5,000 (signed in)',
      (who) => ({ path: '/api/webnews/getlist', ...randomPages(5000, who) }),
    ],
    ['webrule/search 「信託」 random page of 1–500 (signed in)', (who) => ({ path: search, ...randomPages(500, who) })],
    [
      'webrule/search 「安養信託」 random page of 1–40 (signed in)',
      (who) => ({ path: `/api/webrule/search?keyword=${encodeURIComponent('安養信託')}`, ...randomPages(40, who) }),
    ],
  ].filter(([title]) => !only || title.includes(only));

  // The bare server answers each fixed call with this server's JSON for it, under its own path.
  const answers = {};
  for (const [index, [, request, fixed]] of scenarios.entries())
    if (fixed) answers[`/bare/${index}`] = await answerOf(request(token));
  const bare = Object.keys(answers).length ? startBare(answers) : undefined;
  if (bare) {
    children.push(bare);
    await waitUp(baseOf(barePort));
  }

  const targets = (index, request) => [
    ['this', port, request(token)],
    ...(against ? [['against', againstPort, request(otherToken)]] : []),
    ...(bare && answers[`/bare/${index}`] ? [['bare', barePort, { ...request(token), path: `/bare/${index}` }]] : []),
  ];
  // A warm-up per scenario and server at full load, so the measurement sees a warmed-up server
  // (compiled code, filled caches, open connections), as visitors do on a server that has been running.
  for (const [index, [, request]] of scenarios.entries())
    for (const [, serverPort, options] of targets(index, request)) await run(serverPort, options, warmup);
  const loadBefore = load();
  const results = scenarios.map(() => ({ this: [], against: [], bare: [] }));
  for (let round = 0; round < runs; round++)
    for (const [index, [title, request]] of scenarios.entries()) {
      process.stderr.write(`run ${round + 1}/${runs}: ${title}\n`);
      // Side by side: each server in turn on the same call, so the machine's load falls on both.
      for (const [name, serverPort, options] of targets(index, request))
        results[index][name].push(await run(serverPort, options));
    }
  console.log(
    `\n${driver}, ${connections} connections, ${runs > 1 ? `${runs} runs of ${duration} s` : `${duration} s`} each after ${warmup} s warm-up, Accept-Encoding: ${acceptEncoding}${serverCpus ? `, servers on CPU ${serverCpus}` : ''}${against ? `, against ${against}` : ''}; load average ${loadBefore} before, ${load()} after\n`,
  );
  const againstColumns = against ? ' before req/s | before p99 ms | × before |' : '';
  console.log(`| call | req/s | p50 ms | p99 ms |${againstColumns} bare Node req/s | ÷ bare Node | non-2xx |`);
  console.log(`|---|---:|---:|---:|${against ? '---:|---:|---:|' : ''}---:|---:|---:|`);
  for (const [index, [title]] of scenarios.entries()) {
    const { this: mine, against: theirs, bare: bares } = results[index];
    const rate = (list) => list.map((result) => result.requests.average);
    const cells = [
      range(rate(mine)),
      range(mine.map((result) => result.latency.p50)),
      range(mine.map((result) => result.latency.p99)),
    ];
    if (against)
      cells.push(
        range(rate(theirs)),
        range(theirs.map((result) => result.latency.p99)),
        range(
          rate(mine).map((value, i) => value / rate(theirs)[i]),
          1,
        ),
      );
    cells.push(
      bares.length ? range(rate(bares)) : '–',
      bares.length
        ? range(
            rate(mine).map((value, i) => value / rate(bares)[i]),
            3,
          )
        : '–',
      range(mine.map((result) => result.non2xx)),
    );
    console.log(`| ${title} | ${cells.join(' | ')} |`);
  }
  if (!only || 'after a write'.includes(only)) {
    const { p50, max } = await readsAfterWrites(token);
    console.log(
      `\nwebnews/getlist page 1 (signed in) read right after a write, one at a time: p50 ${p50} ms, max ${max} ms (20 samples)`,
    );
  }
} finally {
  stopAll();
}

// API benchmark (issue: webnews/getlist page 1 and page 5,000, webrule/search with a Chinese
// keyword), with autocannon against the production server on a database filled by seed:large.
//
//   node bench/api.mjs                      # embedded database in ./bench-data (seeded on first run)
//   DATABASE_URL=postgres://… node bench/api.mjs   # that PostgreSQL (seeded if it has no news)
//
// Environment: BENCH_PORT (default 3400), BENCH_CONNECTIONS (10), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (5),
// BENCH_SERVER_CPUS (e.g. `0`: runs the server under `taskset -c 0`; start this script itself under
// `taskset -c 1` so the load generator never takes the server's core), BENCH_ONLY (a substring:
// only the scenarios whose title contains it).
//
// Needs a production build (npm run build). Prints a Markdown table for docs/performance.md.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchEnv, benchToken, root, seedLarge, waitUp } from './bench-server.mjs';

const port = Number(process.env.BENCH_PORT) || 3400;
const base = `http://127.0.0.1:${port}`;
const connections = Number(process.env.BENCH_CONNECTIONS) || 10;
const duration = Number(process.env.BENCH_SECONDS) || 10;
const warmup = Number(process.env.BENCH_WARMUP_SECONDS) || 5;
const serverCpus = process.env.BENCH_SERVER_CPUS;
const only = process.env.BENCH_ONLY;
const env = benchEnv(port, 'bench-data');
const driver = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** autocannon takes the path as part of the URL. */
const target = ({ path: urlPath, ...options }) => ({ url: `${base}${urlPath}`, ...options });

function run(options, seconds = duration, clients = connections) {
  return new Promise((resolve, reject) => {
    autocannon({ ...target(options), connections: clients, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const headers = (token) => ({
  'content-type': 'application/json',
  'web-language': 'tw',
  cookie: 'XSRF-TOKEN=b',
  'x-xsrf-token': 'b',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const json = (body, token) => ({ method: 'POST', headers: headers(token), body: JSON.stringify(body) });

/** Every request asks for another page (a random one of 1..pages), so the page is never a cache hit. */
const randomPages = (pages, token) => ({
  method: 'POST',
  headers: headers(token),
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ page: 1 + Math.floor(Math.random() * pages), pageSize: 10 }),
      }),
    },
  ],
});

function startServer() {
  // As `npm start` starts it (scripts/start.sh execs node, so the PID is the server's).
  const start = ['sh', path.join(root, 'scripts/start.sh'), '-p', String(port)];
  const [command, args] = serverCpus ? ['taskset', ['-c', serverCpus, ...start]] : [start[0], start.slice(1)];
  return spawn(command, args, { cwd: root, env, stdio: 'ignore' });
}
const stopped = (child) => new Promise((resolve) => child.once('exit', resolve));

async function newsTotal() {
  const response = await fetch(`${base}/api/webnews/getlist`, json({ page: 1, pageSize: 1 }));
  return (await response.json()).total;
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

let server = startServer();
try {
  await waitUp(base);
  // The measurements need the seed:large data set: seed once if the database has less.
  if ((await newsTotal()) < 50000) {
    server.kill('SIGTERM');
    await stopped(server);
    console.log(`Seeding ${driver} with seed:large…`);
    seedLarge(env);
    server = startServer();
    await waitUp(base);
  }
  console.log(`${await newsTotal()} news rows visible in Chinese`);
  // Anonymous calls are what visitors make; signed-in calls are the back office's (cached by the
  // generation the database stores). "random page" scenarios ask for another page each time, so they
  // measure the page query itself (the exact total stays cached until a write).
  const token = await benchToken(base, env);
  const search = `/api/webrule/search?keyword=${encodeURIComponent('信託')}`;
  const calls = [
    ['webnews/getlist page 1', '/api/webnews/getlist', { page: 1, pageSize: 10 }],
    ['webnews/getlist page 5,000', '/api/webnews/getlist', { page: 5000, pageSize: 10 }],
    ['webrule/search 「信託」', search, { page: 1, pageSize: 10 }],
  ];
  const scenarios = [
    ...calls.map(([title, urlPath, body]) => [`${title} (anonymous)`, { path: urlPath, ...json(body) }]),
    ...calls.map(([title, urlPath, body]) => [`${title} (signed in)`, { path: urlPath, ...json(body, token) }]),
    [
      'webnews/getlist random page of 1–5,000 (signed in)',
      { path: '/api/webnews/getlist', ...randomPages(5000, token) },
    ],
    ['webrule/search 「信託」 random page of 1–500 (signed in)', { path: search, ...randomPages(500, token) }],
    [
      'webrule/search 「安養信託」 random page of 1–40 (signed in)',
      { path: `/api/webrule/search?keyword=${encodeURIComponent('安養信託')}`, ...randomPages(40, token) },
    ],
  ].filter(([title]) => !only || title.includes(only));
  // A warm-up per scenario at full load, so the measurement sees a warmed-up server (compiled
  // code, filled caches, open connections), as visitors do on a server that has been running.
  for (const [, options] of scenarios) await run(options, warmup);
  console.log(
    `\n${driver}, ${connections} connections, ${duration} s each${serverCpus ? `, server on CPU ${serverCpus}` : ''}\n`,
  );
  console.log('| call | requests/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [title, options] of scenarios) {
    const result = await run(options);
    console.log(
      `| ${title} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`,
    );
  }
  if (!only || 'after a write'.includes(only)) {
    const { p50, max } = await readsAfterWrites(token);
    console.log(
      `\nwebnews/getlist page 1 (signed in) read right after a write, one at a time: p50 ${p50} ms, max ${max} ms (20 samples)`,
    );
  }
} finally {
  server.kill('SIGTERM');
}

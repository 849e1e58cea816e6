// Update throughput with and without the version check (docs/performance.md, Saves and the version
// check): BENCH_CONNECTIONS workers each save their own news item again and again for BENCH_SECONDS,
// once sending no version (the old contract) and once sending the version the previous save
// returned (what the back-office form does), against the production server.
//
//   node bench/update.mjs                        # embedded database in ./bench-update-data (made on first run)
//   DATABASE_URL=postgres://… node bench/update.mjs
//
// Environment: BENCH_PORT (default 3401), BENCH_CONNECTIONS (10), BENCH_SECONDS (10),
// BENCH_WARMUP_SECONDS (5), BENCH_ROUNDS (3: the two ways alternate, so a slower moment of the
// machine does not fall on one of them only). Needs a production build (npm run build).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { benchEnv, benchToken, root, waitUp } from './bench-server.mjs';

const port = Number(process.env.BENCH_PORT) || 3401;
const base = `http://127.0.0.1:${port}`;
const connections = Number(process.env.BENCH_CONNECTIONS) || 10;
const seconds = Number(process.env.BENCH_SECONDS) || 10;
const warmup = Number(process.env.BENCH_WARMUP_SECONDS) || 5;
const rounds = Number(process.env.BENCH_ROUNDS) || 3;
const env = benchEnv(port, 'bench-update-data');
const driver = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const server = spawn('sh', [path.join(root, 'scripts/start.sh'), '-p', String(port)], {
  cwd: root,
  env,
  stdio: 'ignore',
});

/** Saves `id` until `until`; returns the number of saves stored. A refused save would stop the count. */
async function saveLoop(headers, id, withVersion, until) {
  let version = (await (await fetch(`${base}/api/webnews/get/${id}`, { headers })).json()).version;
  let saves = 0;
  while (performance.now() < until) {
    const body = { id, title: `bench ${saves}`, ...(withVersion ? { version } : {}) };
    const response = await fetch(`${base}/api/webnews/update`, { method: 'PUT', headers, body: JSON.stringify(body) });
    const saved = await response.json();
    if (response.status !== 200) throw new Error(`update ${response.status}: ${JSON.stringify(saved)}`);
    version = saved.version;
    saves++;
  }
  return saves;
}

async function measure(headers, ids, withVersion, duration) {
  const started = performance.now();
  const until = started + duration * 1000;
  const counts = await Promise.all(ids.map((id) => saveLoop(headers, id, withVersion, until)));
  return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
}

try {
  await waitUp(base);
  const token = await benchToken(base, env);
  const headers = {
    'content-type': 'application/json',
    'web-language': 'tw',
    cookie: 'XSRF-TOKEN=b',
    'x-xsrf-token': 'b',
    authorization: `Bearer ${token}`,
  };
  const ids = [];
  for (let i = 0; i < connections; i++) {
    const added = await fetch(`${base}/api/webnews/add`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: `bench row ${i}`, content: '<p>Text</p>' }),
    });
    ids.push((await added.json()).id);
  }
  await measure(headers, ids, false, warmup);
  await measure(headers, ids, true, warmup);
  const results = { without: [], with: [] };
  for (let round = 0; round < rounds; round++) {
    results.without.push(await measure(headers, ids, false, seconds));
    results.with.push(await measure(headers, ids, true, seconds));
  }
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const without = mean(results.without);
  const withVersion = mean(results.with);
  console.log(`\n${driver}, ${connections} workers, ${rounds} rounds of ${seconds} s each way\n`);
  console.log('| webnews/update | saves/s (mean) | each round |');
  console.log('|---|---:|---|');
  console.log(`| no version | ${Math.round(without)} | ${results.without.map(Math.round).join(', ')} |`);
  console.log(`| with version | ${Math.round(withVersion)} | ${results.with.map(Math.round).join(', ')} |`);
  console.log(
    `\nThe version check costs ${(((without - withVersion) / without) * 100).toFixed(1)} % of the throughput.`,
  );
  await Promise.all(
    ids.map((id) => fetch(`${base}/api/webnews/delete/${id}`, { method: 'DELETE', headers }).then((r) => r.text())),
  );
} finally {
  server.kill('SIGTERM');
}

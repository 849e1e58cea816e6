// Update throughput with and without the version check (docs/performance.md, Saves and the version
// check): BENCH_CONNECTIONS workers each save their own news item (a news text of about 1,000
// characters) again and again for BENCH_SECONDS, once sending no version (the old contract) and once
// sending the version the previous save returned (what the back-office form does), against the
// production server; with BENCH_AGAINST, against another built checkout's server too, in turns.
//
//   node bench/update.mjs                        # embedded database in ./bench-update-data (made on first run)
//   DATABASE_URL=postgres://… node bench/update.mjs
//
// Environment: BENCH_PORT (default 3401; the other checkout's +1), BENCH_CONNECTIONS (10),
// BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (5), BENCH_ROUNDS (3: the ways and the servers alternate,
// so a slower moment of the machine does not fall on one of them only), BENCH_AGAINST (another
// checkout, built; its server uses its own ./bench-update-data, or the same PostgreSQL database),
// BENCH_SERVER_CPUS (e.g. `0`: the servers on that core; start this script under `taskset -c 1`).
// Needs a production build (npm run build).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { benchEnv, benchToken, root, waitUp } from './bench-server.mjs';

const port = Number(process.env.BENCH_PORT) || 3401;
const connections = Number(process.env.BENCH_CONNECTIONS) || 10;
const seconds = Number(process.env.BENCH_SECONDS) || 10;
const warmup = Number(process.env.BENCH_WARMUP_SECONDS) || 5;
const rounds = Number(process.env.BENCH_ROUNDS) || 3;
const serverCpus = process.env.BENCH_SERVER_CPUS;
const against = process.env.BENCH_AGAINST ? path.resolve(process.env.BENCH_AGAINST) : undefined;
const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** A news text as staff write one: about 1,000 characters, Chinese with English names and figures. */
const content = Array.from(
  { length: 6 },
  (_, i) =>
    `<p>本會於第 ${i + 1} 季召開信託業務研討會，邀請金融監督管理委員會（FSC）與會員機構代表，就高齡者安養信託、` +
    `員工福利儲蓄信託及不動產開發信託之實務問題交換意見。會中說明《信託業法》施行細則修正重點，` +
    `並請各會員於 2026 年 12 月 31 日前回覆意見調查表。Members may send comments on the draft rules ` +
    `for senior-care trusts to the secretariat by e-mail.</p>`,
).join('');

/** One server under test: this checkout's, or the other's on the next port. */
function startServer(checkout, serverPort) {
  const env = { ...benchEnv(serverPort, 'bench-update-data'), DATA_DIR: path.join(checkout, 'bench-update-data') };
  if (process.env.DATA_DIR && checkout === root) env.DATA_DIR = process.env.DATA_DIR;
  const start = ['sh', path.join(checkout, 'scripts/start.sh'), '-p', String(serverPort)];
  const [command, args] = serverCpus ? ['taskset', ['-c', serverCpus, ...start]] : [start[0], start.slice(1)];
  return {
    env,
    base: `http://127.0.0.1:${serverPort}`,
    child: spawn(command, args, { cwd: checkout, env, stdio: 'ignore' }),
  };
}

const servers = [
  { name: 'this checkout', ...startServer(root, port) },
  ...(against ? [{ name: path.basename(against), ...startServer(against, port + 1) }] : []),
];

/** Saves `id` until `until`; returns the number of saves stored. A refused save would stop the count. */
async function saveLoop(base, headers, id, withVersion, until) {
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

async function measure(server, withVersion, duration) {
  const started = performance.now();
  const until = started + duration * 1000;
  const counts = await Promise.all(
    server.ids.map((id) => saveLoop(server.base, server.headers, id, withVersion, until)),
  );
  return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
}

/** Signs the bench Admin in on a server and adds the rows its workers save. */
async function prepare(server) {
  await waitUp(server.base, 600);
  server.headers = {
    'content-type': 'application/json',
    'web-language': 'tw',
    cookie: 'XSRF-TOKEN=b',
    'x-xsrf-token': 'b',
    authorization: `Bearer ${await benchToken(server.base, server.env)}`,
  };
  server.ids = [];
  for (let i = 0; i < connections; i++) {
    const added = await fetch(`${server.base}/api/webnews/add`, {
      method: 'POST',
      headers: server.headers,
      body: JSON.stringify({ title: `bench row ${i}`, content }),
    });
    server.ids.push((await added.json()).id);
  }
  server.results = { without: [], with: [] };
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

try {
  for (const server of servers) await prepare(server);
  for (const server of servers) {
    await measure(server, false, warmup);
    await measure(server, true, warmup);
  }
  for (let round = 0; round < rounds; round++) {
    for (const server of servers) {
      server.results.without.push(await measure(server, false, seconds));
      server.results.with.push(await measure(server, true, seconds));
    }
  }
  console.log(`\n${driver}, ${connections} workers, ${rounds} rounds of ${seconds} s each way\n`);
  console.log('| server | webnews/update | saves/s (mean) | each round |');
  console.log('|---|---|---:|---|');
  for (const { name, results } of servers) {
    console.log(
      `| ${name} | no version | ${Math.round(mean(results.without))} | ${results.without.map(Math.round).join(', ')} |`,
    );
    console.log(
      `| ${name} | with version | ${Math.round(mean(results.with))} | ${results.with.map(Math.round).join(', ')} |`,
    );
  }
  const [own, other] = servers.map((server) => mean(server.results.with));
  const without = mean(servers[0].results.without);
  console.log(`\nThe version check costs ${(((without - own) / without) * 100).toFixed(1)} % of the throughput.`);
  if (other) console.log(`This checkout saves at ${((own / other) * 100).toFixed(1)} % of ${servers[1].name}'s rate.`);
  for (const server of servers) {
    await Promise.all(
      server.ids.map((id) =>
        fetch(`${server.base}/api/webnews/delete/${id}`, { method: 'DELETE', headers: server.headers }).then((r) =>
          r.text(),
        ),
      ),
    );
  }
} finally {
  for (const { child } of servers) child.kill('SIGTERM');
}

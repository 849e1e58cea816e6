// What holds a signed-in API call's tail: the production server alone on one core under 10
// connections of one call, warmed up, then measured, with one of three profilers preloaded
// (bench/profile/*.mjs, switched on and off by SIGUSR2 around the measured seconds).
//
//   BENCH_SERVER_CPUS=0 taskset -c 1 node bench/api-profile.mjs                 # figures only
//   PROFILE=stalls BENCH_SERVER_CPUS=0 taskset -c 1 node bench/api-profile.mjs  # event-loop stalls, collections
//   PROFILE=cpu …          # a CPU profile (bench-profile/cpu.cpuprofile) and the gaps between its samples
//   PROFILE=allocations …  # where the bytes allocated per call come from (bench-profile/allocations.heapprofile)
//   PROFILE=survivors …    # where the bytes that outlive the young generation come from: those still
//                          # live at the end and those a full collection freed (bench-profile/survivors.heapprofile)
//
// Environment: PROFILE_CALL (random: random pages of 1–5,000 of webnews/getlist, the default;
// search: random pages of 1–40 of the law search 「安養信託」; page1: a kept page 1), BENCH_PORT
// (3600), BENCH_WARMUP_SECONDS (15), BENCH_SECONDS (8), BENCH_RUNS (1), BENCH_PREFILL (1: each page
// of the call read once, in order, before the warm-up, so that the measured calls find every page
// kept), BENCH_SERVER_CPUS, DATABASE_URL, NODE_HEAP_FLAGS (scripts/start.sh). The database is
// bench/api.mjs's: run it once first to fill it. Needs a production build (npm run build).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { apiHeaders, benchEnv, benchToken, randomPages, root, waitUp } from './bench-server.mjs';

const port = Number(process.env.BENCH_PORT) || 3600;
const base = `http://127.0.0.1:${port}`;
const warmup = Number(process.env.BENCH_WARMUP_SECONDS) || 15;
const seconds = Number(process.env.BENCH_SECONDS) || 8;
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 1);
const profile = process.env.PROFILE;
const call = process.env.PROFILE_CALL || 'random';
const calls = {
  random: { path: '/api/webnews/getlist', pages: 5000 },
  search: { path: `/api/webrule/search?keyword=${encodeURIComponent('安養信託')}`, pages: 40 },
  page1: { path: '/api/webnews/getlist', pages: 1 },
};
if (!calls[call]) throw new Error(`PROFILE_CALL is one of ${Object.keys(calls).join(', ')}`);
if (profile && !['stalls', 'cpu', 'allocations', 'survivors'].includes(profile))
  throw new Error('PROFILE is stalls, cpu, allocations or survivors');

const outDir = path.join(root, 'bench-profile');
fs.mkdirSync(outDir, { recursive: true });
const out = path.join(
  outDir,
  {
    stalls: 'stalls.json',
    cpu: 'cpu.cpuprofile',
    allocations: 'allocations.heapprofile',
    survivors: 'survivors.heapprofile',
  }[profile] ?? 'none',
);
fs.rmSync(out, { force: true });
const env = { ...benchEnv(port, 'bench-data'), PROFILE_OUT: out };
if (profile) {
  const preload = profile === 'survivors' ? 'allocations' : profile;
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import ${path.join(root, 'bench/profile', `${preload}.mjs`)}`;
  if (profile === 'survivors') env.PROFILE_SURVIVORS = '1';
}
const serverCpus = process.env.BENCH_SERVER_CPUS;
const [command, args] = serverCpus
  ? ['taskset', ['-c', serverCpus, 'sh', 'scripts/start.sh']]
  : ['sh', ['scripts/start.sh']];
const server = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });

/** A profile's node as "function file:line", with paths shortened. */
function frameName({ callFrame: frame }) {
  const file = frame.url
    .replace(/.*node_modules\//, '')
    .replace(`file://${root}/`, '')
    .replace(`${root}/`, '');
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

function top(totals, all, count = 25) {
  for (const [name, value] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`${((value / all) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

const summaries = {
  stalls({ stalls, collections }) {
    const buckets = { '8–15 ms': 0, '15–25 ms': 0, '25–50 ms': 0, '50+ ms': 0 };
    for (const { ms } of stalls)
      buckets[ms < 15 ? '8–15 ms' : ms < 25 ? '15–25 ms' : ms < 50 ? '25–50 ms' : '50+ ms']++;
    const of = (kind) => collections.filter((entry) => entry.kind === kind);
    const sum = (list) => list.reduce((total, entry) => total + entry.ms, 0).toFixed(0);
    console.log(`\nstalls of the event loop: ${JSON.stringify(buckets)}, ${sum(stalls)} ms in all`);
    for (const kind of ['scavenge', 'marking step', 'full'])
      console.log(`${kind}: ${of(kind).length}, ${sum(of(kind))} ms`);
    const left = of('full').map((entry) => entry.heapMb);
    if (left.length)
      console.log(
        `heap left by the full collections: ${Math.min(...left).toFixed(0)}–${Math.max(...left).toFixed(0)} MB`,
      );
    // A stall's share that the collector's own pauses explain; the rest the main thread did not run.
    const inside = stalls.map(({ at, ms }) =>
      collections.reduce((total, c) => total + Math.max(0, Math.min(c.at + c.ms, at + ms) - Math.max(c.at, at)), 0),
    );
    console.log(`of the stalls, the collector's pauses: ${inside.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
  },
  cpu(cpuProfile) {
    const nodes = new Map(cpuProfile.nodes.map((node) => [node.id, node]));
    const self = new Map();
    let gaps = 0;
    let gapMs = 0;
    cpuProfile.samples.forEach((id, i) => {
      const name = frameName(nodes.get(id));
      self.set(name, (self.get(name) ?? 0) + 1);
      // Sampled every 0.2 ms: a longer silence is the main thread not running.
      if (cpuProfile.timeDeltas[i] > 4000) {
        gaps++;
        gapMs += cpuProfile.timeDeltas[i] / 1000;
      }
    });
    console.log(`\ngaps of over 4 ms between samples: ${gaps}, ${gapMs.toFixed(0)} ms in all\n\nself time:`);
    top(self, cpuProfile.samples.length);
  },
  allocations(heapProfile, requests, what = 'allocated') {
    const self = new Map();
    let all = 0;
    const walk = (node) => {
      const name = frameName(node);
      self.set(name, (self.get(name) ?? 0) + node.selfSize);
      all += node.selfSize;
      node.children.forEach(walk);
    };
    walk(heapProfile.head);
    console.log(`\n${what}: ${(all / 1e6).toFixed(0)} MB, about ${(all / requests / 1024).toFixed(1)} KB a call\n`);
    top(self, all);
  },
  survivors: (heapProfile, requests) =>
    summaries.allocations(heapProfile, requests, 'outlived the young generation (freed by a full collection, or live)'),
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
try {
  await waitUp(base, 900);
  const token = await benchToken(base, env);
  const { path: urlPath, pages } = calls[call];
  const load = (duration) =>
    new Promise((resolve, reject) =>
      autocannon({ url: base + urlPath, connections: 10, duration, ...randomPages(pages, token) }, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  if (process.env.BENCH_PREFILL === '1') {
    let next = 1;
    await new Promise((resolve, reject) =>
      autocannon(
        {
          url: base + urlPath,
          connections: 10,
          amount: pages,
          method: 'POST',
          headers: apiHeaders(token),
          requests: [
            { setupRequest: (request) => ({ ...request, body: JSON.stringify({ page: next++, pageSize: 10 }) }) },
          ],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
  }
  await load(warmup);
  let requests = 0;
  for (let run = 0; run < runs; run++) {
    const last = run === runs - 1;
    if (profile && last) server.kill('SIGUSR2');
    const result = await load(seconds);
    if (profile && last) server.kill('SIGUSR2');
    requests = result.requests.total;
    console.log(
      `${call}: ${Math.round(result.requests.average)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
  }
  if (profile) {
    for (let i = 0; i < 100 && !fs.existsSync(out); i++) await sleep(100);
    summaries[profile](JSON.parse(fs.readFileSync(out, 'utf8')), requests);
    console.log(`\n${path.relative(root, out)}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
}

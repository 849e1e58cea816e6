// What a fetch Request or Response costs a server beside plain objects: each mode makes one per
// simulated call for 8 s on a heap of 400,000 live objects (as a server's), and counts the calls
// made and the collector's collections (docs/performance.md, "Where an API call's time goes").
//
//   for mode in plain request response response-without-body; do
//     taskset -c 0 node --max-old-space-size=256 --max-semi-space-size=4 bench/fetch-objects.mjs $mode
//   done
import { PerformanceObserver } from 'node:perf_hooks';

const mode = process.argv[2] ?? 'plain';
const seconds = Number(process.env.BENCH_SECONDS) || 8;
const kinds = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };
const collections = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) (collections[kinds[entry.detail?.kind]] ??= []).push(entry.duration);
}).observe({ entryTypes: ['gc'] });

const live = Array.from({ length: 400_000 }, (_, i) => ({
  i,
  text: `x${i}`,
  pair: [i, i + 1],
  at: { date: new Date() },
}));
const rows = Array.from({ length: 10 }, (_, i) => ({ id: i, title: `標題 ${i}`, content: 'x'.repeat(300) }));
const body = Buffer.from(JSON.stringify({ rows }));
const make = {
  plain: () => [
    { url: 'http://localhost/api/webnews/getlist', method: 'POST', headers: { 'content-type': 'application/json' } },
    { status: 200, body },
  ],
  request: () => {
    const headers = new Headers({ 'content-type': 'application/json', authorization: 'Bearer x', cookie: 'a=b' });
    const request = new Request('http://localhost/api/webnews/getlist', { method: 'POST', headers });
    return [request, request.headers.get('authorization')];
  },
  response: () => {
    const response = new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    return [response, response.headers.get('content-type')];
  },
  'response-without-body': () => {
    const response = new Response(null, { status: 200, headers: { 'content-type': 'application/json' } });
    return [response, response.headers.get('content-type'), body];
  },
}[mode];
if (!make) throw new Error(`No mode ${mode}: plain, request, response or response-without-body.`);

let calls = 0;
let kept;
const start = performance.now();
while (performance.now() - start < seconds * 1000) {
  for (let i = 0; i < 50; i++, calls++) kept = [make(), JSON.parse(body.toString())];
  await new Promise((resolve) => setImmediate(resolve));
}
const summary = Object.entries(collections)
  .map(([kind, pauses]) => `${kind} ${pauses.length} (${pauses.reduce((a, b) => a + b, 0).toFixed(0)} ms)`)
  .join(', ');
console.log(
  `${mode}: ${Math.round(calls / seconds)} calls/s; collections: ${summary}; ${live.length + kept.length - 2} kept`,
);

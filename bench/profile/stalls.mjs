// Preloaded into the server by bench/api-profile.mjs: between two SIGUSR2, the event loop's stalls
// (a 2 ms timer late by more than 8 ms) and the collector's performance entries (a full collection's
// with the heap it left), written as JSON to $PROFILE_OUT when the second signal comes.
import fs from 'node:fs';
import { PerformanceObserver, performance, constants } from 'node:perf_hooks';

const kinds = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'full',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'marking step',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
let on = false;
let stalls = [];
let collections = [];
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  if (on && now - last > 8) stalls.push({ at: last, ms: now - last });
  last = now;
}, 2).unref();
new PerformanceObserver((list) => {
  if (on)
    for (const e of list.getEntries()) {
      const kind = kinds[e.detail?.kind];
      // Read as the entry arrives, just after the collection: about the heap it left alive.
      const heapMb = kind === 'full' ? process.memoryUsage().heapUsed / 1e6 : undefined;
      collections.push({ at: e.startTime, ms: e.duration, kind, heapMb });
    }
}).observe({ entryTypes: ['gc'] });
process.on('SIGUSR2', () => {
  if (!on) {
    on = true;
    stalls = [];
    collections = [];
    return;
  }
  on = false;
  fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify({ stalls, collections }));
});

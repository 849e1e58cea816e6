import v8 from 'node:v8';
import vm from 'node:vm';
import { performance } from 'node:perf_hooks';

/** Below this share of a second spent running JavaScript, the server counts as quiet. */
const QUIET_UTILIZATION = 0.05;

interface CollectionOptions {
  intervalMs?: number;
  slackBytes?: number;
  /** How long the event loop must have been quiet just before a collection. */
  quietMs?: number;
  /** The full collection (V8's `gc()` by default) and the heap in use: tests put their own. */
  collect?: () => void;
  heapUsed?: () => number;
}

/**
 * On a machine with memory to spare V8 lets its heap grow far past the live data before it collects,
 * and rendering leaves most of what it allocates as garbage: on a small server that shows as resident
 * memory never used again (docs/performance.md, Memory). Every `intervalMs`, when the heap has grown
 * by more than `slackBytes` since the last full collection, one is run and V8 gives the pages back.
 * A full collection of the heap this server keeps stops everything for tens of milliseconds (up to
 * 150 under load), so it runs only when the event loop was quiet for `quietMs` just before: a busy
 * server is collected by V8 itself, in steps, and keeps its heap in use anyway.
 */
export function collectGarbageWhenGrown({
  intervalMs = 30_000,
  slackBytes = 32 * 1024 * 1024,
  quietMs = 1_000,
  collect = exposedCollection(),
  heapUsed = () => process.memoryUsage().heapUsed,
}: CollectionOptions = {}): NodeJS.Timeout {
  let afterLast = heapUsed();
  let waiting = false;
  const grown = () => heapUsed() - afterLast >= slackBytes;
  const timer = setInterval(() => {
    if (waiting || !grown()) return;
    waiting = true;
    const before = performance.eventLoopUtilization();
    setTimeout(() => {
      waiting = false;
      const { utilization } = performance.eventLoopUtilization(before);
      if (utilization >= QUIET_UTILIZATION || !grown()) return;
      collect();
      afterLast = heapUsed();
    }, quietMs).unref();
  }, intervalMs);
  timer.unref();
  return timer;
}

function exposedCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = vm.runInNewContext('gc');
  if (typeof gc !== 'function') throw new Error('--expose-gc did not expose gc()');
  return () => gc();
}

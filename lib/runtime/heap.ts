import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * On a machine with memory to spare V8 lets its heap grow far past the live data before it collects,
 * and rendering leaves most of what it allocates as garbage: on a small server that shows as resident
 * memory never used again (docs/performance.md, Memory). Every `intervalMs`, when the heap has grown
 * by more than `slackBytes` since the last full collection, one is run and V8 gives the pages back.
 * A full collection of the heap this server keeps takes tens of milliseconds.
 */
export function collectGarbageWhenGrown(intervalMs = 30_000, slackBytes = 32 * 1024 * 1024): NodeJS.Timeout {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = vm.runInNewContext('gc');
  if (typeof gc !== 'function') throw new Error('--expose-gc did not expose gc()');
  const collect = () => gc();
  let afterLast = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    if (process.memoryUsage().heapUsed - afterLast < slackBytes) return;
    collect();
    afterLast = process.memoryUsage().heapUsed;
  }, intervalMs);
  timer.unref();
  return timer;
}

import { collectGarbageWhenGrown } from '@/lib/runtime/heap';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps the event loop busy (9 ms of every 10) until stopped. */
function busyLoop(): () => void {
  const timer = setInterval(() => {
    const end = Date.now() + 9;
    while (Date.now() < end);
  }, 10);
  return () => clearInterval(timer);
}

describe('the full collection when the heap has grown', () => {
  let timer: NodeJS.Timeout | undefined;
  afterEach(() => clearInterval(timer));

  const start = (heap: { used: number }, collections: { count: number }) =>
    (timer = collectGarbageWhenGrown({
      intervalMs: 50,
      slackBytes: 1_000,
      quietMs: 100,
      heapUsed: () => heap.used,
      collect: () => {
        collections.count++;
        heap.used = 0;
      },
    }));

  it('runs when the heap grew and the server was quiet', async () => {
    const heap = { used: 0 };
    const collections = { count: 0 };
    start(heap, collections);
    await sleep(120);
    expect(collections.count).toBe(0);
    heap.used = 5_000;
    await sleep(400);
    expect(collections.count).toBe(1);
    expect(heap.used).toBe(0);
  });

  it('waits while the server is busy, then runs once it is quiet', async () => {
    const heap = { used: 0 };
    const collections = { count: 0 };
    start(heap, collections);
    heap.used = 5_000;
    const stopBusy = busyLoop();
    await sleep(600);
    stopBusy();
    expect(collections.count).toBe(0);
    await sleep(400);
    expect(collections.count).toBe(1);
  });
});

import { processSlot } from '../runtime/process-state';

/**
 * The content epoch: how many content writes this process has made. Any write that can change a
 * public page bumps it (lib/cache/public-reads.ts `invalidate`), and every cache of whole pages or
 * of site-wide reads (footer figures, web settings) keys its entries by it, so the next request
 * after an edit renders afresh.
 *
 * One per process (lib/runtime/process-state.ts): its readers are not all in one module set, the
 * server's stages (the stored pages, the API's kept answers) and the pages Next.js renders.
 */
declare module '../runtime/process-state' {
  interface ProcessSlots {
    contentEpoch: { count: number };
  }
}

const epoch = processSlot('contentEpoch', () => ({ count: 0 }));

export function contentEpoch(): number {
  return epoch.count;
}

export function bumpContentEpoch(): number {
  return ++epoch.count;
}

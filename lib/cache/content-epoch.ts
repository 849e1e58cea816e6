/**
 * The content epoch: how many content writes this process has made. Any write that can change a
 * public page bumps it (lib/cache/public-reads.ts `invalidate`), and every cache of whole pages or
 * of site-wide reads (footer figures, web settings) keys its entries by it, so the next request
 * after an edit renders afresh.
 *
 * It lives on globalThis under a registered symbol because its readers are not all in one module
 * set: the server's stages (the stored pages, the API's kept answers) and the pages Next.js renders.
 */
const EPOCH = Symbol.for('gonghui.contentEpoch');

type EpochHolder = typeof globalThis & { [EPOCH]?: number };

export function contentEpoch(): number {
  return (globalThis as EpochHolder)[EPOCH] ?? 0;
}

export function bumpContentEpoch(): number {
  const holder = globalThis as EpochHolder;
  holder[EPOCH] = (holder[EPOCH] ?? 0) + 1;
  return holder[EPOCH];
}

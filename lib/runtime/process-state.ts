/**
 * The state that must be one per process. The server's bundle (dist/server.cjs) and Next.js's bundles
 * (pages, routes, the cache handler) each load their own copy of lib/, so a module-level value is one
 * per copy: a second logger, a second PGlite on the same folder, caches blind to each other's writes.
 * What every copy must share lives here instead: one object on globalThis under one registered
 * symbol, which every copy finds.
 *
 * Each slot is declared by the module that owns it, beside its code, by adding to `ProcessSlots`:
 *
 *   declare module '../runtime/process-state' {
 *     interface ProcessSlots { contentEpoch: { count: number } }
 *   }
 *
 * so the types stay with their owners and this module imports nothing (`grep -rn "interface
 * ProcessSlots" lib` lists them all). A slot is made once per process, by whichever copy asks first,
 * and never replaced: what changes, changes inside it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the owners' declarations
export interface ProcessSlots {}

const KEY = Symbol.for('gonghui.process');

type Holder = typeof globalThis & { [KEY]?: Partial<ProcessSlots> };

function slots(): Partial<ProcessSlots> {
  return ((globalThis as Holder)[KEY] ??= {});
}

/** The process's slot `name`, made by `make` if no copy of its owner made it yet. */
export function processSlot<K extends keyof ProcessSlots>(name: K, make: () => ProcessSlots[K]): ProcessSlots[K] {
  const all = slots();
  return (all[name] ??= make()) as ProcessSlots[K];
}

/** Another module's slot, read without making it (the metrics read the caches' counts at scrape time). */
export function existingProcessSlot<K extends keyof ProcessSlots>(name: K): ProcessSlots[K] | undefined {
  return slots()[name];
}
